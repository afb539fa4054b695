import Foundation
import TipRulesCommands
import Testing
import TipRulesTestSupport

/// A tip's holdout from the command line: `simulate` shows the held-out tip never displaying, its
/// exposure at the moment it would have, and the group presenting another tip; the exposure goes
/// through `--save-state`, `state import`, `state export` and `state rows`.
@Suite struct HoldoutCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let examples = repositoryRoot.appendingPathComponent("examples")
    private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    @Test func theHeldOutTipNeverDisplaysAndItsExposureIsAtTheSessionThatWouldHaveShownIt() {
        let text = run(["simulate", example("filters.tiprules"), "--timeline", example("filters.held-out.timeline.json")])
        #expect(text.status == 0, Comment(rawValue: text.standardError))
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("day 1 09:30 pro-filters becomes pending: held out of \"pro-filters\" (holdout bucket 4 <= 10)"))
        #expect(lines.contains("day 1 09:35 the app shows SavedSearchTip (of group Filters) for 20 seconds; the person ignores it"))
        #expect(lines.contains("day 1 09:35 pro-filters: exposure in group \"pro-filters\" (holdout, 10 %): held out, it would have been presented now"))
        #expect(!lines.contains { $0.contains("shows pro-filters") })
        #expect(lines.filter { $0.contains("exposure") }.count == 1)

        let json = run(["simulate", example("filters.tiprules"), "--timeline", example("filters.held-out.timeline.json"), "--format", "json"])
        #expect(json.standardOutput.contains(#""exposures" : ["#) || json.standardOutput.contains(#""exposures": ["#))
        #expect(json.standardOutput.contains(#""arm": "holdout""#) || json.standardOutput.contains(#""arm" : "holdout""#))

        let treated = run(["simulate", example("filters.tiprules"), "--timeline", example("filters.treatment.timeline.json")])
        #expect(treated.standardOutput.contains("day 1 09:35 the app shows pro-filters (of group Filters) for 20 seconds"))
        #expect(treated.standardOutput.contains("day 1 09:35 pro-filters: exposure in group \"pro-filters\" (treatment, 10 %): its first display"))
    }

    @Test func exposuresGoThroughTheStateFolderAndItsRows() throws {
        let saved = folder.appendingPathComponent("state.json").path
        #expect(run(["simulate", example("filters.tiprules"), "--timeline", example("filters.held-out.timeline.json"),
                     "--save-state", saved]).status == 0)
        let state = folder.appendingPathComponent("state").path
        #expect(run(["state", "import", saved, "--program", example("filters.tiprules"), "-o", state]).status == 0)
        let exported = run(["state", "export", state])
        #expect(exported.standardOutput == (try String(contentsOfFile: saved, encoding: .utf8)))
        #expect(exported.standardOutput.contains("\"exposures\""))

        let rows = run(["state", "rows", state, "--user", "u-16"])
        #expect(rows.status == 0, Comment(rawValue: rows.standardError))
        let lines = rows.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"{"user":"u-16","exposure":"pro-filters","group":"pro-filters","percent":10,"arm":"holdout","date":"2026-11-20T09:35:00Z"}"#))
        #expect(lines.contains(#"{"user":"u-16","interaction":"SavedSearchTip","kind":"display","date":"2026-11-20T09:35:00Z"}"#))
        #expect(lines.contains(#"{"user":"u-16","event":"filterApplied","date":"2026-11-20T09:01:00Z","fields":{"filter":"rating"}}"#))
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"user":"u-16","#) })

        let output = folder.appendingPathComponent("rows.ndjson").path
        #expect(run(["state", "rows", state, "--user", "u-16", "-o", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == rows.standardOutput)
        #expect(run(["state", "rows", state]).status == 2)
        #expect(run(["state", "rows", "--user", "u-16"]).status == 2)
    }

    @Test func aFixturesExposuresAreCheckedAndKept() throws {
        let program = example("filters.tiprules")
        let good = try write("good.json", """
        {"now": "2026-11-21T09:00:00Z", "exposures": [{"tip": "ProFiltersTip", "group": "pro-filters", "percent": 10,
         "arm": "treatment", "date": "2026-11-20T09:35:00Z"}],
         "tips": {"pro-filters": {"displayCount": 1, "invalidated": "tipClosed", "invalidatedAt": "2026-11-20T09:36:00Z"}}}
        """)
        let state = folder.appendingPathComponent("state").path
        #expect(run(["state", "import", good, "--program", program, "-o", state]).status == 0)
        let exported = run(["state", "export", state]).standardOutput
        #expect(exported.contains(#""tip": "pro-filters""#) || exported.contains(#""tip" : "pro-filters""#))
        #expect(exported.contains("invalidatedAt"))
        #expect(run(["state", "rows", state, "--user", "7"]).standardOutput
            .contains(#"{"user":"7","interaction":"pro-filters","kind":"tipClosed","date":"2026-11-20T09:36:00Z"}"#))
        for (name, bad, message) in [
            ("share", #"{"exposures": [{"tip": "pro-filters", "group": "g", "percent": 60, "arm": "holdout", "date": 0}]}"#, "exposures[0].percent"),
            ("arm", #"{"exposures": [{"tip": "pro-filters", "group": "g", "percent": 5, "arm": "control", "date": 0}]}"#, "exposures[0].arm"),
            ("tip", #"{"exposures": [{"tip": "Nope", "group": "g", "percent": 5, "arm": "holdout", "date": 0}]}"#, "exposures[0].tip"),
            ("twice", #"{"exposures": [{"tip": "pro-filters", "group": "g", "percent": 5, "arm": "holdout", "date": 0}, {"tip": "pro-filters", "group": "g", "percent": 5, "arm": "holdout", "date": 1}]}"#, "exposures[1]"),
        ] {
            let result = run(["eval", program, "--fixture", try write("\(name).json", bad), "--now", "2026-11-21T09:00:00Z"])
            #expect(result.status == 2, "\(name)")
            #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
        }
    }
}
