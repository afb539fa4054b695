import Foundation
import TipRulesCommands
import Testing
import TipRulesTestSupport

/// `tiprulec state import|export` and `eval --state`: a person's state folder on a desk.
@Suite struct StateCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let examples = repositoryRoot.appendingPathComponent("examples")
    private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    @Test func importThenExportGivesBackTheFixtureAndEvalExplainsTheFolder() throws {
        let saved = folder.appendingPathComponent("state.json").path
        #expect(run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                            "--save-state", saved]).status == 0)
        let state = folder.appendingPathComponent("state").path
        let imported = run(["state", "import", saved, "--program", example("backyard.tiprules"), "-o", state])
        #expect(imported.status == 0, Comment(rawValue: imported.standardError))
        let exported = run(["state", "export", state])
        #expect(exported.status == 0, Comment(rawValue: exported.standardError))
        #expect(exported.standardOutput == (try String(contentsOfFile: saved, encoding: .utf8)))
        let fromFolder = run(["eval", example("backyard.tiprules"), "--state", state])
        let fromFixture = run(["eval", example("backyard.tiprules"), "--fixture", saved])
        #expect(fromFolder == fromFixture)
        let eligible = folder.appendingPathComponent("eligible").path
        #expect(run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"),
                            "-o", eligible]).status == 0)
        let fromFolderState = run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                                   "--state", eligible, "--format", "json"])
        #expect(fromFolderState.status == 0, Comment(rawValue: fromFolderState.standardError))
        #expect(fromFolderState == run(["simulate", example("backyard.tiprules"), "--timeline",
                                             example("backyard.first-week.timeline.json"), "--state",
                                             example("backyard.eligible.json"), "--format", "json"]))
        let output = folder.appendingPathComponent("exported.json").path
        #expect(run(["state", "export", state, "-o", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == exported.standardOutput)
    }

    @Test func evalTakesAFixtureOrAStateFolderNotBoth() {
        let program = example("backyard.tiprules"), fixture = example("backyard.eligible.json")
        let both = run(["eval", program, "--fixture", fixture, "--state", folder.path])
        #expect(both.status == 2)
        #expect(both.standardError.hasPrefix("error: eval takes --fixture or --state, not both"), Comment(rawValue: both.standardError))
        let neither = run(["eval", program])
        #expect(neither.status == 2)
        #expect(neither.standardError.hasPrefix("error: eval needs --fixture FIXTURE.json or --state DIR"), Comment(rawValue: neither.standardError))
    }

    @Test func withoutAProgramTheFolderKeepsTheFixturesOwnNamesAndTypes() throws {
        let saved = folder.appendingPathComponent("state.json").path
        #expect(run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                            "--save-state", saved]).status == 0)
        let state = folder.appendingPathComponent("state").path
        let imported = run(["state", "import", saved, "-o", state])
        #expect(imported.status == 0, Comment(rawValue: imported.standardError))
        #expect(run(["state", "export", state]).standardOutput == (try String(contentsOfFile: saved, encoding: .utf8)))
        // The program's types read the state as they read the fixture (dates were strings).
        let fromFolder = run(["eval", example("backyard.tiprules"), "--state", state])
        #expect(fromFolder.standardOutput == run(["eval", example("backyard.tiprules"), "--fixture", saved]).standardOutput)
        #expect(fromFolder.standardError.contains("the rules in force (no release) are not"), "imported without the program")
        let mixed = try write("mixed.json", #"{"donations": {"e": [{"date": 1, "n": 1}, {"date": 2, "n": "x"}]}}"#)
        let refused = run(["state", "import", mixed, "-o", folder.appendingPathComponent("mixed").path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("donations.e[1].n: a String where an earlier donation has a Int; give --program"), Comment(rawValue: refused.standardError))
    }

    @Test func evalAgainstNewerRulesWarnsWhatWasNotCarriedOver() throws {
        let state = folder.appendingPathComponent("state").path
        #expect(run(["state", "import", example("backyard.logged-out.json"), "--program", example("backyard.tiprules"),
                            "-o", state]).status == 0)
        let result = run(["eval", example("backyard-v2.tiprules"), "--state", state, "--format", "json"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardError == "warning: \(state): parameter 'isLoggedIn' is gone; its value is dropped\n"
                + "warning: \(state): the rules in force (no release) are not \(example("backyard-v2.tiprules")); "
                + "evaluating \(example("backyard-v2.tiprules")) (without a program, eval evaluates the rules in force)\n")
    }

    @Test func evalWithoutAProgramEvaluatesTheRulesInForce() throws {
        let state = folder.appendingPathComponent("state").path
        let compiled = folder.appendingPathComponent("v2.tipc").path
        #expect(run(["compile", example("backyard-v2.tiprules"), "--release", "2", "-o", compiled]).status == 0)
        #expect(run(["state", "import", example("backyard.logged-out.json"), "--program", compiled, "-o", state]).status == 0)
        let inForce = run(["eval", "--state", state])
        #expect(inForce.status == 0, Comment(rawValue: inForce.standardError))
        #expect(inForce.standardOutput.hasPrefix("rules: in force in \(state) (release 2)\nnow: 2026-11-21T09:00:00Z\n"))
        #expect(inForce.standardOutput.contains("tip ShareBackyardTip"), "the folder's rules, not backyard.tiprules")
        #expect(inForce.standardError.isEmpty)
        let json = run(["eval", "--state", state, "--format", "json"])
        #expect(json.standardOutput == run(["eval", compiled, "--state", state, "--format", "json"]).standardOutput)
        #expect(run(["eval", compiled, "--state", state]).standardError.isEmpty, "the same rules: nothing to warn about")
        #expect(run(["eval", "--fixture", example("backyard.logged-out.json")]).status == 2)
        #expect(run(["eval", compiled, compiled, "--state", state]).status == 2)
    }

    @Test func refusalsAreUsageErrors() throws {
        let state = folder.appendingPathComponent("state").path
        #expect(run(["state", "export", state]).standardError == "error: '\(state)' is not a tip state folder: it holds no saved state\n")
        #expect(run(["state", "import", example("backyard.eligible.json")]).status == 2)
        #expect(run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"),
                            "-o", state]).status == 0)
        let again = run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"), "-o", state])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already holds a state"), Comment(rawValue: again.standardError))
        // A folder that lost its FORMAT file still holds a state: never imported over.
        try FileManager.default.removeItem(atPath: state + "/FORMAT")
        let withoutFormat = run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"), "-o", state])
        #expect(withoutFormat.status == 2 && withoutFormat.standardOutput.isEmpty, Comment(rawValue: withoutFormat.standardOutput))
        #expect(withoutFormat.standardError.contains("already holds a state"), Comment(rawValue: withoutFormat.standardError))
        #expect(run(["state", "export", state]).standardError.contains("FORMAT file was missing"))
        #expect(run(["eval", example("backyard.tiprules"), "--state", state, "--fixture", example("backyard.eligible.json")]).status == 2)
        #expect(run(["state", "frobnicate"]).status == 2)
        let broken = try write("broken.tiprules", "tip {")
        #expect(run(["state", "import", example("backyard.eligible.json"), "--program", broken, "-o", state + "2"]).status == 1)
        try Data("tiprules-state-folder 9\n".utf8).write(to: URL(fileURLWithPath: state + "/FORMAT"))
        let newer = run(["state", "export", state])
        #expect(newer.status == 2)
        #expect(newer.standardError.contains("newer than this library reads"), Comment(rawValue: newer.standardError))
    }
}
