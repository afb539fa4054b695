import Foundation

/// One of the benchmark's targets (docs/performance.md), checked on one run.
struct Target: Codable {
    var name: String
    var value: Double
    /// The bound, as text: "≤ 3", "≥ 1000", …
    var limit: String
    var met: Bool
}

/// Everything one run measured, with the targets it meets or misses, as a text table or JSON.
struct Report {
    var quick: Bool
    var plan: MeasurementPlan
    /// Nanoseconds per run of a contender that does nothing, included in every time.
    var harness: Double
    var timings: [ScenarioTiming]
    var compile: CompileThroughput
    var compileCommand: Result<CompileCommandThroughput, BenchError>
    var layout: LayoutThroughput
    var eval: Result<EvalWallTime, BenchError>
    var verification: SignatureVerification

    static let maximumOverBest = 3.0
    static let maximumFalseOverTrue = 1.5
    static let minimumPredicateOverVM = 1_000.0
    static let maximumWindowGrowth = 2.0
    static let minimumLinesPerSecond = 500_000.0
    static let minimumCommandLinesPerSecond = 300_000.0
    static let maximumEvalMilliseconds = 5.0
    static let maximumEvalOverVersionMilliseconds = 1.0

    // MARK: Targets

    private func ratio(_ timing: ScenarioTiming, _ top: ContenderKind, _ bottom: ContenderKind) -> Double {
        timing.ns(top) / timing.ns(bottom)
    }

    /// " (N donations)", or nothing for a scenario without donations.
    private func size(_ timing: ScenarioTiming) -> String {
        timing.scenario.donations.map { " (\(grouped($0)) donations)" } ?? ""
    }

    /// A scenario's name with its store size.
    private func label(_ timing: ScenarioTiming) -> String { timing.scenario.name + size(timing) }

    private func overBest(_ timing: ScenarioTiming) -> Target {
        let value = ratio(timing, .vm, .best)
        return Target(name: "\(label(timing)): VM/best", value: value, limit: "≤ 3", met: value <= Self.maximumOverBest)
    }

    private func overNaive(_ timing: ScenarioTiming) -> Target? {
        guard timing.scenario.mustBeatNaive else { return nil }
        let value = ratio(timing, .vm, .naive)
        return Target(name: "\(label(timing)): VM/naive", value: value, limit: "< 1", met: value < 1)
    }

    private func matchesBest(_ timing: ScenarioTiming) -> Target? {
        guard timing.scenario.mustMatchBest else { return nil }
        let value = ratio(timing, .vm, .best)
        return Target(name: "\(label(timing)): VM/best", value: value, limit: "≤ 1", met: value <= 1)
    }

    private func predicateOverVM(_ timing: ScenarioTiming) -> Target? {
        guard timing.scenario.donations != nil, !timing.scenario.mustMatchBest else { return nil }
        let value = ratio(timing, .predicate, .vm)
        return Target(name: "\(label(timing)): #Predicate/VM", value: value, limit: "≥ 1000",
                      met: value >= Self.minimumPredicateOverVM)
    }

    /// VM false / VM true for each rule measured both ways on the same store.
    private var falseOverTrue: [Target] {
        timings.compactMap { falseRule in
            guard falseRule.answer == .bool(false), let trueRule = timings.first(where: {
                $0.answer == .bool(true) && $0.scenario.family == falseRule.scenario.family
                    && $0.scenario.donations == falseRule.scenario.donations
            }) else { return nil }
            let value = falseRule.ns(.vm) / trueRule.ns(.vm)
            return Target(name: "\(falseRule.scenario.family)\(size(falseRule)): VM false/true", value: value, limit: "≤ 1.5",
                          met: value <= Self.maximumFalseOverTrue)
        }
    }

    /// The true window rule's VM time at the largest store over the smallest.
    private var windowGrowth: Target? {
        let windows = timings.filter { $0.scenario.family == "5-day window count" && $0.answer == .bool(true) }
            .sorted { ($0.scenario.donations ?? 0) < ($1.scenario.donations ?? 0) }
        guard let smallest = windows.first, let largest = windows.last, windows.count > 1 else { return nil }
        let value = largest.ns(.vm) / smallest.ns(.vm)
        return Target(name: "window rule, VM at \(grouped(largest.scenario.donations ?? 0)) / at "
                      + "\(grouped(smallest.scenario.donations ?? 0)) donations",
                      value: value, limit: "< 2", met: value < Self.maximumWindowGrowth)
    }

    var targets: [Target] {
        var targets = timings.map(overBest)
        targets += timings.compactMap(overNaive)
        targets += timings.compactMap(matchesBest)
        targets += falseOverTrue
        targets += timings.compactMap(predicateOverVM)
        targets += [windowGrowth].compactMap { $0 }
        targets += [incrementalShare].compactMap { $0 }
        targets.append(Target(name: "compile: lines/s of check plus code generation", value: compile.linesPerSecond,
                              limit: "≥ 500000", met: compile.linesPerSecond >= Self.minimumLinesPerSecond))
        if case .success(let command) = compileCommand {
            targets.append(Target(name: "tiprulec compile from the shell: lines/s", value: command.linesPerSecond,
                                  limit: "≥ 300000", met: command.linesPerSecond >= Self.minimumCommandLinesPerSecond))
        }
        if case .success(let eval) = eval {
            targets.append(Target(name: "eval of the backyard example: wall ms", value: eval.milliseconds,
                                  limit: "< 5", met: eval.milliseconds < Self.maximumEvalMilliseconds))
            targets.append(Target(name: "eval of the backyard example over tiprulec --version: wall ms",
                                  value: eval.overVersionMilliseconds, limit: "≤ 1",
                                  met: eval.overVersionMilliseconds <= Self.maximumEvalOverVersionMilliseconds))
        }
        targets += [verification.target].compactMap { $0 }
        return targets
    }

    // MARK: Text

    var text: String {
        let columns = ["scenario", "donations", "VM ns", "#Predicate ns", "naive ns", "best ns",
                       "VM/best", "VM/naive", "#Predicate/VM"]
        var rows = [columns]
        for timing in timings {
            let scenario = timing.scenario
            let naive = ratio(timing, .vm, .naive)
            let predicate = ratio(timing, .predicate, .vm)
            rows.append([
                scenario.name,
                scenario.donations.map(grouped) ?? "-",
                number(timing.ns(.vm)), number(timing.ns(.predicate)), number(timing.ns(.naive)), number(timing.ns(.best)),
                number(ratio(timing, .vm, .best)) + mark((matchesBest(timing) ?? overBest(timing)).met),
                number(naive) + (overNaive(timing).map { mark($0.met) } ?? "  "),
                number(predicate) + (predicateOverVM(timing).map { mark($0.met) } ?? "  "),
            ])
        }
        let widths = columns.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = [
            "tiprulec-bench\(quick ? " --quick" : ""): median ns per evaluation over \(plan.rounds) interleaved rounds "
                + "(✓/✗: the target for that column)",
            "",
        ]
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            lines.append(String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed()))
            if index == 0 { lines.append(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))) }
        }
        lines.append("")
        lines.append("every time includes the harness's \(number(harness)) ns per run (a closure call and its answer)")
        lines.append(compile.summary)
        switch compileCommand {
        case .success(let command): lines.append(command.summary)
        case .failure(let reason): lines.append("tiprulec compile: skipped: \(reason)")
        }
        lines.append(layout.summary)
        switch eval {
        case .success(let eval):
            lines.append("eval: \(number(eval.milliseconds)) ms wall (median of \(eval.runs)): \(EvalWallTime.command); "
                         + "tiprulec --version \(number(eval.versionMilliseconds)) ms in turns with it, "
                         + "eval over it \(number(eval.overVersionMilliseconds)) ms (median of the pairs)")
        case .failure(let reason):
            lines.append("eval: skipped: \(reason)")
        }
        lines.append(verification.summary)
        lines.append("")
        let targets = targets
        lines.append("targets: \(targets.filter(\.met).count) of \(targets.count) met")
        for target in targets {
            lines.append("  \(target.met ? "✓" : "✗") \(target.name) = \(number(target.value)), target \(target.limit)")
        }
        return lines.joined(separator: "\n")
    }

    private func mark(_ met: Bool) -> String { met ? " ✓" : " ✗" }

    // MARK: JSON

    private struct ScenarioJSON: Codable {
        var name: String
        var family: String
        var donations: Int?
        var answer: String
        var nanoseconds: [String: Double]
    }

    private struct ReportJSON: Codable {
        var mode: String
        var rounds: Int
        var harnessNanoseconds: Double
        var scenarios: [ScenarioJSON]
        var compile: CompileThroughput
        var linesPerSecond: Double
        var compileCommand: CompileCommandThroughput?
        var compileCommandSkipped: String?
        var layout: LayoutThroughput
        var eval: EvalWallTime?
        var evalSkipped: String?
        var verification: SignatureVerification
        var targets: [Target]
    }

    func json() throws -> String {
        var evalResult: EvalWallTime?
        var skipped: String?
        switch eval {
        case .success(let value): evalResult = value
        case .failure(let reason): skipped = reason.description
        }
        var commandSkipped: String?
        if case .failure(let reason) = compileCommand { commandSkipped = reason.description }
        let report = ReportJSON(
            mode: quick ? "quick" : "full", rounds: plan.rounds, harnessNanoseconds: harness,
            scenarios: timings.map { timing in
                ScenarioJSON(name: timing.scenario.name, family: timing.scenario.family,
                             donations: timing.scenario.donations, answer: timing.answer.description,
                             nanoseconds: Dictionary(uniqueKeysWithValues: timing.nanoseconds.map { ($0.key.rawValue, $0.value) }))
            },
            compile: compile, linesPerSecond: compile.linesPerSecond,
            compileCommand: try? compileCommand.get(), compileCommandSkipped: commandSkipped, layout: layout, eval: evalResult,
            evalSkipped: skipped, verification: verification, targets: targets)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                      nan: "nan")
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}

/// A whole number with thousands separated by commas.
func grouped(_ value: Int) -> String {
    var digits = String(value.magnitude)
    var result = ""
    while digits.count > 3 {
        result = "," + digits.suffix(3) + result
        digits.removeLast(3)
    }
    return (value < 0 ? "-" : "") + digits + result
}

/// A measured value: two decimals below 10, one below 100, else a whole number with commas.
func number(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    if value < 10 { return String(format: "%.2f", value) }
    if value < 100 { return String(format: "%.1f", value) }
    return grouped(Int(value.rounded()))
}
