// tiprulec-bench: the comparison of the VM with Foundation's #Predicate, a naive closure
// over an array and the best hand-written Swift over the sorted store, plus compile throughput
// and the wall time of `tiprulec eval` (docs/performance.md); the language server's editor
// timings with `tiprulec-bench lsp [lines]` (docs/editors.md); a state folder's costs with
// `tiprulec-bench state` (opening a folder after 10^3 … 10^6 operations alone with `tiprulec-bench
// state history`, merging 16 MiB of the smallest operations alone with `tiprulec-bench state
// merge`), the compile measurements alone with `tiprulec-bench compile [runs]`
// (docs/performance.md) and Ed25519 verification against OpenSSL's alone with
// `tiprulec-bench verify [--quick]` (docs/signing.md), and `tiprulec reach` against DuckDB with
// `tiprulec-bench reach [--scaling] …` (docs/performance.md, "Reach"), and `tiprulec measure` against DuckDB
// over generated experiment rows with `tiprulec-bench measure …` (docs/performance.md, "Measure"), and a
// rehearsal of 100,000 people with `tiprulec-bench rehearsal` (docs/performance.md, "Rehearsals").
//
//   swift build -c release && .build/release/tiprulec-bench [--quick] [--json]
import Foundation
import TipRulesSigning

let usage = "usage: tiprulec-bench [--quick] [--json] | tiprulec-bench lsp [LINES] | tiprulec-bench state [history | merge] | tiprulec-bench sync | "
    + "tiprulec-bench compile [RUNS] | tiprulec-bench verify [--quick] | " + ReachOptions.usage + " | " + MeasureBenchmark.usage
    + " | " + RehearsalBenchmark.usage

/// Progress on standard error, so that standard output holds only the report.
func progress(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Every scenario, made one group at a time so that only one large store is alive at once.
func scenarioGroups() -> [(name: String, make: () throws -> [Scenario])] { [
    ("Bool parameter rule", { [try parameterScenario(true), try parameterScenario(false)] }),
    ("5-day window, 1,000 donations", { try windowScenarios(donations: 1_000) }),
    ("5-day window, 100,000 donations", { try windowScenarios(donations: 100_000) }),
    ("5-day window, 1,000,000 donations", { try windowScenarios(donations: 1_000_000) }),
    ("backyard rule", { [try backyardScenario()] }),
    ("relevance score", { [try scoreScenario()] }),
    ("two-comparison filter", { [try filterScenario()] }),
    ("whole app", { [try wholeAppScenario()] }),
    ("incremental donation", { [try incrementalDonationScenario()] }),
    ("rollout rule", { [try rolloutScenario(userID: "u-1002"), try rolloutScenario(userID: "u-1001")] }),
    ("version rule", { [try versionScenario(appVersion: "2.3.1"), try versionScenario(appVersion: "2.2.1")] }),
] }

func runComparison(quick: Bool, json: Bool) throws {
    let plan: MeasurementPlan = quick ? .quick : .full
    progress("measuring: the harness")
    let harness = try harnessOverhead(plan: plan)
    var timings: [ScenarioTiming] = []
    for group in scenarioGroups() {
        progress("measuring: \(group.name)")
        for scenario in try group.make() {
            timings.append(try measure(scenario, plan: plan))
        }
    }
    progress("measuring: compile throughput")
    let model = CompileThroughput.app(lines: 100_000)
    let compile = try CompileThroughput.measure(model, runs: quick ? 1 : 5)
    progress("measuring: tiprulec compile")
    let compileCommand = try CompileCommandThroughput.measure(model, runs: quick ? 3 : 5)
    progress("measuring: fmt and disasm")
    let layout = try LayoutThroughput.measure(model, runs: quick ? 1 : 5)
    progress("measuring: eval wall time")
    // 21 pairs even when quick: the median of five, taken right after CI's release build, swung
    // between 0.73 and 1.22 ms from one run to the next; 21 pairs take a fifth of a second.
    let eval = try EvalWallTime.measure(runs: 21)
    progress("measuring: Ed25519 verification against openssl speed")
    let verification = try SignatureVerification.measure(quick: quick)
    let report = Report(quick: quick, plan: plan, harness: harness, timings: timings, compile: compile,
                        compileCommand: compileCommand, layout: layout, eval: eval, verification: verification)
    print(json ? try report.json() : report.text)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "lsp" {
    LanguageServerBenchmark.main(arguments: Array(arguments.dropFirst()))
} else if arguments == ["state"] {
    StateBenchmark.main()
    HistoryScaling.main()
} else if arguments == ["state", "history"] {
    HistoryScaling.main()
} else if arguments == ["state", "merge"] {
    HistoryScaling.main(mergeOnly: true)
} else if (3...4).contains(arguments.count), arguments.prefix(2) == ["state", "flood"] {
    do { try HistoryScaling.writeFlood(to: arguments[2], kind: arguments.count == 4 ? arguments[3] : nil) } catch {
        progress("tiprulec-bench: \(error)")
        exit(1)
    }
} else if arguments.count == 4, arguments.prefix(2) == ["state", "apply"] {
    do { try HistoryScaling.applyFlood(folder: arguments[2], file: arguments[3]) } catch {
        progress("tiprulec-bench: \(error)")
        exit(1)
    }
} else if arguments == ["sync"] {
    SyncBenchmark.main()
} else if arguments.first == "compile" {
    guard arguments.count <= 2, let runs = arguments.count == 2 ? Int(arguments[1]) : 5, runs > 0 else {
        progress("tiprulec-bench: compile takes a number of runs\n\(usage)")
        exit(2)
    }
    do {
        try CompileBenchmark.main(runs: runs)
    } catch {
        progress("tiprulec-bench: \(error)")
        exit(1)
    }
} else if arguments.first == "reach" {
    exit(ReachBenchmark.main(arguments: Array(arguments.dropFirst())))
} else if arguments.first == "measure" {
    exit(MeasureBenchmark.main(arguments: Array(arguments.dropFirst())))
} else if arguments.first == "rehearsal" {
    exit(RehearsalBenchmark.main(arguments: Array(arguments.dropFirst())))
} else if arguments.first == "verify" {
    guard arguments.dropFirst().allSatisfy({ $0 == "--quick" }) else {
        progress("tiprulec-bench: verify takes only --quick\n\(usage)")
        exit(2)
    }
    do {
        let verification = try SignatureVerification.measure(quick: arguments.contains("--quick"))
        print(verification.summary)
        if let target = verification.target {
            print("  \(target.met ? "✓" : "✗") \(target.name) = \(number(target.value)), target \(target.limit)")
        }
    } catch {
        progress("tiprulec-bench: \(error)")
        exit(1)
    }
} else if let unknown = arguments.first(where: { $0 != "--quick" && $0 != "--json" }) {
    progress("tiprulec-bench: unknown argument \(unknown)\n\(usage)")
    exit(2)
} else {
    do {
        try runComparison(quick: arguments.contains("--quick"), json: arguments.contains("--json"))
    } catch {
        progress("tiprulec-bench: \(error)")
        exit(1)
    }
}
