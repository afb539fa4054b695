import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TipRulesTooling
import XCTest

/// `tiprulec test`: cases, expectations, failures with expected vs actual and why, formats.
final class TestCommandTests: XCTestCase {
    private static let examples = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    /// Writes a test file beside the examples' programs (in a temporary copy) and runs it.
    private func runTests(_ json: String, format: String = "text") throws -> CommandResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiprulec-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["backyard.tiprules", "backyard.logged-out.json", "backyard.first-week.timeline.json",
                     "backyard-v2.tiprules", "backyard.rules-update.timeline.json"] {
            try FileManager.default.copyItem(at: Self.examples.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let file = directory.appendingPathComponent("t.tests.json")
        try Data(json.utf8).write(to: file)
        let result = TiprulecCommand.run(["test", file.path, "--format", format], environment: CommandEnvironment())
        return CommandResult(status: result.status,
                             standardOutput: result.standardOutput.replacingOccurrences(of: file.path, with: "t.tests.json"),
                             standardError: result.standardError)
    }

    private let failing = """
    {"program": "backyard.tiprules", "cases": [
      {"name": "wrong", "fixture": "backyard.logged-out.json",
       "expect": [{"tip": "FavoriteBackyardTip", "status": "available", "pendingReason": "rules"},
                  {"tip": "FavoriteBackyardTip", "rule": 1, "result": false}]},
      {"name": "week", "timeline": "backyard.first-week.timeline.json",
       "expect": [{"tip": "FavoriteBackyardTip", "firstDisplaysAt": 1795338300}]}
    ]}
    """

    func testTheExamplesPass() {
        let files = ["backyard", "colleagues", "cards"].map { Self.examples.appendingPathComponent("\($0).tests.json").path }
        let result = TiprulecCommand.run(["test"] + files, environment: CommandEnvironment())
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardOutput.hasSuffix("9 passed, 0 failed\n"), result.standardOutput)
    }

    func testAFailureShowsExpectedActualAndWhy() throws {
        let result = try runTests(failing)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardOutput, """
        FAIL t.tests.json: wrong
          FavoriteBackyardTip status: expected "available", found "pending"
            why: pending: the rule at line 16 is false — isLoggedIn is false, needs == true
          FavoriteBackyardTip rule 1 result: expected false, found true
            why: pending: the rule at line 16 is false — isLoggedIn is false, needs == true
        PASS t.tests.json: week
        1 passed, 1 failed

        """)
    }

    func testJSONAndJUnit() throws {
        let json = try JSONParser().parse(Array(try runTests(failing, format: "json").standardOutput.utf8))
        XCTAssertEqual(json["failed"], .integer(1))
        XCTAssertEqual(json["cases"]?.arrayValue?.first?["failures"]?.arrayValue?.first?["actual"], .string("pending"))
        let junit = try runTests(failing, format: "junit")
        let parser = XMLParser(data: Data(junit.standardOutput.utf8))
        XCTAssertTrue(parser.parse(), junit.standardOutput)
        XCTAssertTrue(junit.standardOutput.contains(#"<testsuite name="t.tests.json" tests="2" failures="1">"#), junit.standardOutput)
        XCTAssertTrue(junit.standardOutput.contains(#"<testcase classname="t.tests.json" name="week"/>"#), junit.standardOutput)
    }

    func testMalformedFilesAndCases() throws {
        let unknown = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {}, "expect": [{"tip": "FavoriteBackyardTip", "colour": 1}]}]}"#)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.standardError.contains("cases[0].expect[0].colour: unknown key"), unknown.standardError)
        let noNow = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {}, "expect": [{"tip": "Nope", "status": "available"}]}]}"#)
        XCTAssertEqual(noNow.status, 1)
        XCTAssertTrue(noNow.standardOutput.contains("case: the case needs a \"now\""), noNow.standardOutput)
        let missing = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {"now": 0}, "expect": [{"tip": "Nope", "status": "available"}]}]}"#)
        XCTAssertTrue(missing.standardOutput.contains("Nope: the program has no such tip, group or widget"), missing.standardOutput)
    }

    private let checkpoints = """
    {"program": "backyard.tiprules", "cases": [
      {"name": "week", "timeline": "backyard.first-week.timeline.json",
       "checkpoints": [
         {"at": "2026-11-22T08:59:00Z", "expect": [{"tip": "FavoriteBackyardTip", "status": "available"}]},
         {"at": "2026-11-22T09:00:00Z", "expect": [{"tip": "FavoriteBackyardTip", "status": "available", "firstDisplaysAt": null}]},
         {"at": "2026-11-28T12:00:00Z", "expect": [{"tip": "FavoriteBackyardTip", "rule": 1, "result": true}]}],
       "expect": [{"tip": "FavoriteBackyardTip", "status": "available"}]}
    ]}
    """

    func testCheckpointFailuresNameTheInstantAndThePath() throws {
        let result = try runTests(checkpoints)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardOutput, """
        FAIL t.tests.json: week
          checkpoint 2026-11-22T08:59:00Z (cases[0].checkpoints[0]): FavoriteBackyardTip status: expected "available", found "pending"
            why: pending: the rule at line 18 is false — enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 2, needs >= 3
          checkpoint 2026-11-28T12:00:00Z (cases[0].checkpoints[2]): FavoriteBackyardTip rule 1 result: expected true, found false
            why: invalidated (tipClosed) — enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 0, needs >= 3
          FavoriteBackyardTip status: expected "available", found "invalidated"
            why: invalidated (tipClosed)
        0 passed, 1 failed

        """)
    }

    func testCheckpointsInJSONAndJUnit() throws {
        let json = try JSONParser().parse(Array(try runTests(checkpoints, format: "json").standardOutput.utf8))
        let failures = try XCTUnwrap(json["cases"]?.arrayValue?.first?["failures"]?.arrayValue)
        XCTAssertEqual(failures.map { $0["checkpoint"] },
                       [["at": .string("2026-11-22T08:59:00Z"), "path": .string("cases[0].checkpoints[0]")],
                        ["at": .string("2026-11-28T12:00:00Z"), "path": .string("cases[0].checkpoints[2]")], .null])
        XCTAssertEqual(failures.first?["actual"], .string("pending"))
        let junit = try runTests(checkpoints, format: "junit")
        XCTAssertTrue(XMLParser(data: Data(junit.standardOutput.utf8)).parse(), junit.standardOutput)
        XCTAssertTrue(junit.standardOutput.contains(
            "<failure message=\"checkpoint 2026-11-22T08:59:00Z (cases[0].checkpoints[0]): FavoriteBackyardTip status: expected &quot;available&quot;"),
            junit.standardOutput)
    }

    func testATimelineCaseWithAnUpdateChecksEachProgram() throws {
        let passing = try runTests("""
        {"program": "backyard.tiprules", "cases": [
          {"name": "update", "timeline": "backyard.rules-update.timeline.json",
           "checkpoints": [{"at": "2026-11-21T11:00:00Z", "expect": [{"tip": "FavoriteBackyardTip", "rule": 0, "result": true}]},
                           {"at": "2026-11-21T12:00:00Z", "expect": [{"tip": "ShareBackyardTip", "status": "pending"}]}]}
        ]}
        """)
        XCTAssertEqual(passing.standardOutput, "PASS t.tests.json: update\n1 passed, 0 failed\n")
        let broken = try runTests("""
        {"program": "backyard.tiprules", "cases": [
          {"name": "broken", "timeline": {"steps": [{"at": 0, "update": "nowhere.tiprules"}]},
           "expect": [{"tip": "FavoriteBackyardTip", "status": "pending"}]}
        ]}
        """)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.standardOutput.contains("case: steps[0].update: "), broken.standardOutput)
    }

    func testMalformedCheckpoints() throws {
        func error(_ testCase: String) throws -> String {
            let result = try runTests(#"{"program": "backyard.tiprules", "cases": ["# + testCase + "]}")
            XCTAssertEqual(result.status, 2)
            return result.standardError
        }
        let expect = #""expect": [{"tip": "FavoriteBackyardTip", "status": "pending"}]"#
        XCTAssertTrue(try error(#"{"name": "x", "fixture": {"now": 0}, "checkpoints": [{"at": 0, "# + expect + "}]}")
            .contains("cases[0].checkpoints: only a timeline case has checkpoints"))
        XCTAssertTrue(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": [{"# + expect + "}]}")
            .contains("cases[0].checkpoints[0].at: a checkpoint needs a date"))
        XCTAssertTrue(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": [{"at": 0, "expect": []}]}"#)
            .contains("cases[0].checkpoints[0].expect: expected a non-empty array of expectations"))
        XCTAssertTrue(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": [{"at": 0, "when": 1, "# + expect + "}]}")
            .contains("cases[0].checkpoints[0].when: unknown key (expected at, expect)"))
        XCTAssertTrue(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": []}"#)
            .contains("cases[0].checkpoints: expected a non-empty array of checkpoints"))
        XCTAssertTrue(try error(#"{"name": "x", "timeline": {"steps": []}}"#)
            .contains("cases[0].expect: expected a non-empty array of expectations"))
    }
}
