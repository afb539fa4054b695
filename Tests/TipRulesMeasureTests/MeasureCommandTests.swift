import Foundation
@testable import TipRulesMeasure
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec measure` and `measure merge`: the reports of the example rows against golden files,
/// the same report for every `--jobs` and from partials of any split merged, the users left out,
/// and the errors (names, a mix of percents, bad rows, partials that do not belong together).
@Suite struct MeasureCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let nowText = "2026-11-21T09:00:00Z"
    private let program = "examples/measure/pro-filters.tiprules"
    private let rows = "examples/measure/rows.ndjson"
    private var experiment: [String] { ["--tip", "ProFiltersTip", "--goal", "filterApplied", "--now", nowText] }

    /// The text, JSON, CSV and SVG reports of the example rows
    /// (`TIPRULEC_UPDATE_GOLDEN=1 swift test --filter MeasureCommandTests` rewrites them).
    @Test func reportsMatchTheirGoldenFiles() throws {
        let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("MeasureGolden")
        for (format, name) in [("text", "pro-filters.txt"), ("json", "pro-filters.json"), ("csv", "pro-filters.csv"), ("svg", "pro-filters.svg")] {
            let output = run(["measure", program, rows] + experiment + ["--format", format])
            #expect(output.status == 0, Comment(rawValue: output.standardError))
            let file = folder.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] != nil {
                try Data(output.standardOutput.utf8).write(to: file)
            }
            #expect(output.standardOutput == (try String(contentsOf: file, encoding: .utf8)), Comment(rawValue: name))
        }
    }

    @Test func theReportIsTheSameForEveryNumberOfThreadsAndFromMergedPartials() throws {
        let single = run(["measure", program, rows] + experiment + ["--format", "json", "--jobs", "1"])
        #expect(single.status == 0, Comment(rawValue: single.standardError))
        for jobs in ["2", "5"] {
            #expect(run(["measure", program, rows] + experiment + ["--format", "json", "--jobs", jobs]).standardOutput == single.standardOutput)
        }
        // Split at a user boundary into three parts; their partials merged in any order are one run.
        let lines = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n")
        var cuts = [0]
        for target in [lines.count / 3, 2 * lines.count / 3] {
            var cut = target
            while cut < lines.count, user(lines[cut]) == user(lines[cut - 1]) { cut += 1 }
            cuts.append(cut)
        }
        cuts.append(lines.count)
        var partials: [String] = []
        for part in 0..<3 {
            let file = try write("part\(part).ndjson", lines[cuts[part]..<cuts[part + 1]].joined(separator: "\n") + "\n")
            let partial = run(["measure", program, file] + experiment + ["--format", "partial"])
            #expect(partial.status == 0, Comment(rawValue: partial.standardError))
            partials.append(try write("part\(part).partial", partial.standardOutput))
        }
        let merged = run(["measure", "merge"] + partials.reversed() + ["--format", "json"])
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(merged.standardOutput == single.standardOutput)
    }

    /// `measure` of ProFiltersTip's group "g" over `file`.
    private func measureGroupG(_ file: String, _ options: [String]) -> CommandResult {
        run(["measure", program, file, "--tip", "ProFiltersTip", "--goal", "filterApplied", "--group", "g", "--now", nowText] + options)
    }

    private func user(_ line: Substring) -> String? {
        (try? JSONParser().parse(String(line)))?["user"].map { JSONWriter.string(from: $0) }
    }

    /// Per arm: users exposed before the window ended, converted when the goal followed the first
    /// exposure within the window, goal counts; immature and crossed users left out.
    @Test func usersAreCountedFromTheirFirstExposure() throws {
        let file = try write("rows.ndjson", """
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"treatment","date":"2026-11-03T00:00:00Z"}
        {"user":"a","event":"filterApplied","date":"2026-11-01T00:00:00Z","fields":{"filterCount":1}}
        {"user":"a","event":"filterApplied","date":"2026-11-08T00:00:00Z","fields":{"filterCount":1}}
        {"user":"a","event":"filterApplied","date":"2026-11-08T00:00:01Z","fields":{"filterCount":1}}
        {"user":"a","interaction":"ProFiltersTip","kind":"tipClosed","date":"2026-11-01T00:00:00Z"}
        {"user":"a","interaction":"ProFiltersTip","kind":"actionPerformed","date":"2026-11-09T00:00:00Z"}
        {"user":"b","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"b","event":"filterApplied","date":"2026-11-03T00:00:00Z","fields":{"filterCount":1}}
        {"user":"c","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"d","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"d","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"e","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"treatment","date":"2026-11-20T00:00:00Z"}
        {"user":"f","exposure":"ProFiltersTip","group":"other","percent":50,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"g"}
        """)
        let output = measureGroupG(file, ["--format", "partial"])
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        let partial = try JSONParser().parse(output.standardOutput)
        #expect(partial["users"]?.intValue == 7)
        #expect(partial["immature"]?.intValue == 1)
        #expect(partial["crossed"]?.intValue == 1)
        #expect(partial["percent"]?.intValue == 20)
        let treatment = partial["arms"]?["treatment"]
        // a: the donation at t0 is not after it; the one 7 days later is in the window, the second after it.
        #expect(treatment?["users"]?.intValue == 1)
        #expect(treatment?["converted"]?.intValue == 1)
        #expect(treatment?["goalSum"]?.intValue == 1)
        #expect(treatment?["tipClosed"]?.intValue == 1)
        #expect(treatment?["actionPerformed"]?.intValue == 0)
        #expect(treatment?["shown"]?.intValue == 0)
        let holdout = partial["arms"]?["holdout"]
        #expect(holdout?["users"]?.intValue == 2)
        #expect(holdout?["converted"]?.intValue == 1)
        #expect(holdout?["goalSumOfSquares"]?.intValue == 1)
    }

    @Test func undefinedStatisticsAreNullWithANote() throws {
        let file = try write("rows.ndjson", """
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        {"user":"b","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        """)
        let output = measureGroupG(file, ["--format", "json"])
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        let report = try JSONParser().parse(output.standardOutput)
        #expect(report["conversion"]?["difference"]?.isNull == true)
        #expect(report["arms"]?["holdout"]?["rate"]?.isNull == true)
        let notes = report["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(notes.contains("the holdout arm has no users: its rate and goal counts are undefined"), Comment(rawValue: "\(notes)"))
        #expect(notes.contains { $0.hasPrefix("conversion: each arm needs at least 1 user") })
    }

    @Test func namesAreResolvedWithSuggestions() {
        let tip = run(["measure", program, rows, "--tip", "ProFilterTip", "--goal", "filterApplied"])
        #expect(tip.status == 2)
        #expect(tip.standardError.contains("--tip: no tip 'ProFilterTip' in \(program) (did you mean 'ProFiltersTip'?)"), Comment(rawValue: tip.standardError))
        let goal = run(["measure", program, rows, "--tip", "ProFiltersTip", "--goal", "filterAplied"])
        #expect(goal.status == 2)
        #expect(goal.standardError.contains("(did you mean 'filterApplied'?)"), Comment(rawValue: goal.standardError))
        let window = run(["measure", program, rows, "--tip", "ProFiltersTip", "--goal", "filterApplied", "--window", "7w"])
        #expect(window.status == 2)
        let partial = run(["measure", program, rows, "--tip", "ProFiltersTip", "--goal", "filterApplied", "--format", "partial"])
        #expect(partial.standardError.contains("--format partial needs --now"))
    }

    @Test func aMixOfPercentsInOneGroupIsAnErrorNamingBoth() throws {
        let file = try write("rows.ndjson", """
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        {"user":"b","exposure":"ProFiltersTip","group":"g","percent":20,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        """)
        let output = measureGroupG(file, ["--jobs", "1"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("rows.ndjson:2: user b: percent: the group 'g' holds out 10 percent in earlier exposures, but this exposure says 20"),
                Comment(rawValue: output.standardError))
    }

    @Test func badExposureAndInteractionRowsGetReachsErrors() throws {
        let cases: [(row: String, message: String)] = [
            (#"{"user":"a","exposure":"ProFiltersTip","group":"g","percent":60,"arm":"treatment","date":1}"#,
             "percent: expected a whole number from 1 to 50, found 60"),
            (#"{"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"control","date":1}"#,
             #"arm: expected "treatment" or "holdout", found "control""#),
            (#"{"user":"a","exposure":"ProFiltersTip","percent":10,"arm":"holdout","date":1}"#, "an exposure needs 'group'"),
            (#"{"user":"a","interaction":"ProFiltersTip","kind":"shown","date":1}"#,
             #"kind: expected "display", "actionPerformed" or "tipClosed", found "shown""#),
            (#"{"user":"a","interaction":"ProFiltersTip","kind":"display"}"#, "an interaction needs 'date'"),
            (#"{"user":"a","exposure":"ProFiltersTip","event":"openedSearch","date":1}"#,
             "a row gives one thing (a donation, a parameter's value, a tip's state, the store's values, an exposure or an interaction), but this one has both 'event' and 'exposure'"),
            (#"{"user":"a","interaction":"ProFiltersTip","kind":"display","date":1,"fields":{}}"#,
             "a row gives one thing (a donation, a parameter's value, a tip's state, the store's values, an exposure or an interaction), but this one has both 'fields' and 'interaction'"),
        ]
        for (row, message) in cases {
            let file = try write("bad.ndjson", row + "\n")
            for command in ["measure", "reach"] {
                let arguments = command == "measure" ? ["measure", program, file] + experiment : ["reach", program, file, "--now", nowText]
                let output = run(arguments)
                #expect(output.status == 2, "\(command) \(row)")
                #expect(output.standardError.contains("bad.ndjson:1: user a: " + message), "\(command): \(output.standardError)")
            }
        }
    }

    /// reach reads the same rows: exposures and interactions change nothing in its report (each
    /// replaced by a row of the user alone here).
    @Test func reachIgnoresExposuresAndInteractions() throws {
        let all = try String(contentsOfFile: rows, encoding: .utf8)
        let without = all.split(separator: "\n").map { line in
            line.contains("\"exposure\"") || line.contains("\"interaction\"") ? "{\"user\":\(user(line) ?? "")}" : String(line)
        }
        let file = try write("without.ndjson", without.joined(separator: "\n") + "\n")
        let withThem = run(["reach", program, rows, "--now", nowText, "--format", "json"])
        let withoutThem = run(["reach", program, file, "--now", nowText, "--format", "json"])
        #expect(withThem.status == 0, Comment(rawValue: withThem.standardError))
        var report = try JSONParser().parse(withThem.standardOutput), other = try JSONParser().parse(withoutThem.standardOutput)
        #expect(report["users"]?.intValue == other["users"]?.intValue)
        report = report["tips"] ?? .null
        other = other["tips"] ?? .null
        #expect(report == other)
    }

    @Test func partialsOfAnotherExperimentAreRefused() throws {
        let first = run(["measure", program, rows] + experiment + ["--format", "partial"]).standardOutput
        let window = run(["measure", program, rows] + experiment + ["--window", "3d", "--format", "partial"]).standardOutput
        let a = try write("a.partial", first), b = try write("b.partial", window)
        let merged = run(["measure", "merge", a, b])
        #expect(merged.status == 2)
        #expect(merged.standardError.contains("b.partial:1: cannot be merged with \(a):1: the windows differ (604800 and 259200 seconds)"),
                Comment(rawValue: merged.standardError))
        var tampered = first.replacingOccurrences(of: "\"percent\":10", with: "\"percent\":20")
        let c = try write("c.partial", tampered)
        #expect(run(["measure", "merge", a, c]).standardError.contains("two shares of the group: 10 and 20 percent"))
        tampered = first.replacingOccurrences(of: "\"converted\":53", with: "\"converted\":5300")
        let d = try write("d.partial", tampered)
        #expect(run(["measure", "merge", d]).standardError.contains("more users converted than there are users"))
    }
}
