import TipRulesToolingCore

/// How a measure report reads its tally beyond the experiment itself: the guardrail goals after the
/// primary one, the correction of the p-values over every goal's metrics, the sequential test's
/// tuning when the report is read as often as one likes, and CUPED's pre-exposure window. A partial records them, so that partials
/// read another way are not merged.
struct MeasureOptions: Equatable, Sendable {
    /// The guardrail goals' names, after the primary goal (none: the report of one goal).
    var guardrails: [String] = []
    /// The adjustment of the p-values over every goal's two metrics.
    var correction = MultipleTesting.holm
    /// gbstats' `sequential_tuning_parameter` with `--sequential`; nil for the fixed-sample test.
    var sequentialTuning: Int?
    /// With CUPED (`--cuped`), how long before the exposure the goal counts as the covariate, in seconds.
    var cupedPreWindow: Int?
    /// With the Bayesian engine (`--engine bayesian`), each comparison's chance to win and risks too.
    var bayesian = false

    static let defaultSequentialTuning = 5000
    static let engines = ["frequentist", "bayesian"]

    /// The engine's name as `--engine` and the report write it.
    var engine: String { bayesian ? "bayesian" : "frequentist" }
    static let defaultPreWindow = "14d"

    /// What differs between two partials' options, in words; nil when they are the same.
    static func mismatch(_ a: MeasureOptions, _ b: MeasureOptions) -> String? {
        func goals(_ options: MeasureOptions) -> String {
            options.guardrails.isEmpty ? "none" : options.guardrails.map { "'\($0)'" }.joined(separator: ", ")
        }
        if a.guardrails != b.guardrails { return "the guardrail goals differ (\(goals(a)) and \(goals(b)))" }
        if a.correction != b.correction { return "the corrections differ (\(a.correction.rawValue) and \(b.correction.rawValue))" }
        if a.sequentialTuning != b.sequentialTuning {
            func test(_ tuning: Int?) -> String { tuning.map { "sequential, tuning \($0)" } ?? "fixed-sample" }
            return "the tests differ (\(test(a.sequentialTuning)) and \(test(b.sequentialTuning)))"
        }
        if a.cupedPreWindow != b.cupedPreWindow {
            func cuped(_ window: Int?) -> String { window.map { "CUPED over \($0) seconds" } ?? "no CUPED" }
            return "the adjustments differ (\(cuped(a.cupedPreWindow)) and \(cuped(b.cupedPreWindow)))"
        }
        if a.bayesian != b.bayesian { return "the engines differ (\(a.engine) and \(b.engine))" }
        return nil
    }

    /// The options of the command line that set these, with a value and without.
    static let valueOptions: Set = ["--correction", "--sequential-tuning", "--pre-window", "--engine"]
    static let flags: Set = ["--sequential", "--cuped"]

    /// The options `parsed` gives, or what is wrong with them.
    static func parse(_ parsed: ParsedArguments, guardrails: [String]) -> Result<MeasureOptions, CommandError> {
        var options = MeasureOptions(guardrails: guardrails)
        if let correction = parsed.options["--correction"] {
            guard let method = MultipleTesting(rawValue: correction) else {
                return .failure(CommandError("--correction takes holm, bh or none, not '\(correction)'"))
            }
            options.correction = method
        }
        if parsed.flags.contains("--sequential") {
            switch parsed.wholeNumber("--sequential-tuning", in: 1...1_000_000_000) {
            case .success(let tuning): options.sequentialTuning = tuning ?? defaultSequentialTuning
            case .failure(let error): return .failure(error)
            }
        } else if parsed.options["--sequential-tuning"] != nil {
            return .failure(CommandError("--sequential-tuning tunes the sequential test: give --sequential with it"))
        }
        switch parsed.options["--engine"] ?? "frequentist" {
        case "frequentist": break
        case "bayesian" where options.sequentialTuning == nil: options.bayesian = true
        case "bayesian": return .failure(CommandError("--engine bayesian reads no sequential test: leave out --sequential"))
        case let engine: return .failure(CommandError("--engine takes frequentist or bayesian, not '\(engine)'"))
        }
        if parsed.flags.contains("--cuped") {
            let text = parsed.options["--pre-window"] ?? defaultPreWindow
            guard let seconds = DurationOption.seconds(text), seconds >= 1, seconds <= MeasureCommand.longestWindow else {
                return .failure(CommandError("--pre-window takes a number and a unit (90s, 45m, 12h, 30d), not '\(text)'"))
            }
            options.cupedPreWindow = seconds
        } else if parsed.options["--pre-window"] != nil {
            return .failure(CommandError("--pre-window is CUPED's: give --cuped with it"))
        }
        return .success(options)
    }
}
