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
}
