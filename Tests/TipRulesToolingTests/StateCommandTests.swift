import Foundation
import TipRulesTooling
import XCTest

/// `tiprulec state import|export` and `eval --state`: a person's state folder on a desk.
final class StateCommandTests: CommandTestCase {
    private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    func testImportThenExportGivesBackTheFixtureAndEvalExplainsTheFolder() throws {
        let saved = folder.appendingPathComponent("state.json").path
        XCTAssertEqual(run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                            "--save-state", saved]).status, 0)
        let state = folder.appendingPathComponent("state").path
        let imported = run(["state", "import", saved, "--program", example("backyard.tiprules"), "-o", state])
        XCTAssertEqual(imported.status, 0, imported.standardError)
        let exported = run(["state", "export", state])
        XCTAssertEqual(exported.status, 0, exported.standardError)
        XCTAssertEqual(exported.standardOutput, try String(contentsOfFile: saved, encoding: .utf8))
        let fromFolder = run(["eval", example("backyard.tiprules"), "--state", state])
        let fromFixture = run(["eval", example("backyard.tiprules"), "--fixture", saved])
        XCTAssertEqual(fromFolder, fromFixture)
        let eligible = folder.appendingPathComponent("eligible").path
        XCTAssertEqual(run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"),
                            "-o", eligible]).status, 0)
        let fromFolderState = run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                                   "--state", eligible, "--format", "json"])
        XCTAssertEqual(fromFolderState.status, 0, fromFolderState.standardError)
        XCTAssertEqual(fromFolderState, run(["simulate", example("backyard.tiprules"), "--timeline",
                                             example("backyard.first-week.timeline.json"), "--state",
                                             example("backyard.eligible.json"), "--format", "json"]))
        let output = folder.appendingPathComponent("exported.json").path
        XCTAssertEqual(run(["state", "export", state, "-o", output]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), exported.standardOutput)
    }

    func testEvalTakesAFixtureOrAStateFolderNotBoth() {
        let program = example("backyard.tiprules"), fixture = example("backyard.eligible.json")
        let both = run(["eval", program, "--fixture", fixture, "--state", folder.path])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.standardError.hasPrefix("error: eval takes --fixture or --state, not both"), both.standardError)
        let neither = run(["eval", program])
        XCTAssertEqual(neither.status, 2)
        XCTAssertTrue(neither.standardError.hasPrefix("error: eval needs --fixture FIXTURE.json or --state DIR"), neither.standardError)
    }

    func testWithoutAProgramTheFolderKeepsTheFixturesOwnNamesAndTypes() throws {
        let saved = folder.appendingPathComponent("state.json").path
        XCTAssertEqual(run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                            "--save-state", saved]).status, 0)
        let state = folder.appendingPathComponent("state").path
        let imported = run(["state", "import", saved, "-o", state])
        XCTAssertEqual(imported.status, 0, imported.standardError)
        XCTAssertEqual(run(["state", "export", state]).standardOutput, try String(contentsOfFile: saved, encoding: .utf8))
        // The program's types read the state as they read the fixture (dates were strings).
        XCTAssertEqual(run(["eval", example("backyard.tiprules"), "--state", state]),
                       run(["eval", example("backyard.tiprules"), "--fixture", saved]))
        let mixed = try write("mixed.json", #"{"donations": {"e": [{"date": 1, "n": 1}, {"date": 2, "n": "x"}]}}"#)
        let refused = run(["state", "import", mixed, "-o", folder.appendingPathComponent("mixed").path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains("donations.e[1].n: a String where an earlier donation has a Int; give --program"),
                      refused.standardError)
    }

    func testEvalAgainstNewerRulesWarnsWhatWasNotCarriedOver() throws {
        let state = folder.appendingPathComponent("state").path
        XCTAssertEqual(run(["state", "import", example("backyard.logged-out.json"), "--program", example("backyard.tiprules"),
                            "-o", state]).status, 0)
        let result = run(["eval", example("backyard-v2.tiprules"), "--state", state, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "warning: \(state): parameter 'isLoggedIn' is gone; its value is dropped\n")
    }

    func testRefusalsAreUsageErrors() throws {
        let state = folder.appendingPathComponent("state").path
        XCTAssertEqual(run(["state", "export", state]).standardError,
                       "error: '\(state)' is not a tip state folder: it holds no saved state\n")
        XCTAssertEqual(run(["state", "import", example("backyard.eligible.json")]).status, 2)
        XCTAssertEqual(run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"),
                            "-o", state]).status, 0)
        let again = run(["state", "import", example("backyard.eligible.json"), "--program", example("backyard.tiprules"), "-o", state])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.standardError.contains("already holds a state"), again.standardError)
        XCTAssertEqual(run(["eval", example("backyard.tiprules"), "--state", state, "--fixture", example("backyard.eligible.json")]).status, 2)
        XCTAssertEqual(run(["state", "frobnicate"]).status, 2)
        let broken = try write("broken.tiprules", "tip {")
        XCTAssertEqual(run(["state", "import", example("backyard.eligible.json"), "--program", broken, "-o", state + "2"]).status, 1)
        try Data("tiprules-state-folder 9\n".utf8).write(to: URL(fileURLWithPath: state + "/FORMAT"))
        let newer = run(["state", "export", state])
        XCTAssertEqual(newer.status, 2)
        XCTAssertTrue(newer.standardError.contains("newer than this library reads"), newer.standardError)
    }
}
