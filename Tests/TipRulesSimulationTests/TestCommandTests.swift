import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TipRulesCommands
@testable import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec test`: cases, expectations, failures with expected vs actual and why, formats.
@Suite struct TestCommandTests {
    private static let examples = repositoryRoot.appendingPathComponent("examples")

    /// Writes a test file beside the examples' programs (in a temporary copy) and runs it.
    private func runTests(_ json: String, format: String = "text") throws -> CommandResult {
        let directory = URL(fileURLWithPath: temporaryFolder(prefix: "tiprulec-test"), isDirectory: true)
        defer { removeTemporaryFolder(directory.path) }
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

    @Test func theExamplesPass() {
        let files = ["backyard", "colleagues", "cards"].map { Self.examples.appendingPathComponent("\($0).tests.json").path }
        let result = TiprulecCommand.run(["test"] + files, environment: CommandEnvironment())
        #expect(result.status == 0, Comment(rawValue: result.standardOutput + result.standardError))
        #expect(result.standardOutput.hasSuffix("9 passed, 0 failed\n"), Comment(rawValue: result.standardOutput))
    }

    @Test func aFailureShowsExpectedActualAndWhy() throws {
        let result = try runTests(failing)
        #expect(result.status == 1)
        #expect(result.standardOutput == """
        FAIL t.tests.json: wrong
          FavoriteBackyardTip status: expected "available", found "pending"
            why: pending: the rule at line 16 is false — isLoggedIn is false, needs == true
          FavoriteBackyardTip rule 1 result: expected false, found true
            why: pending: the rule at line 16 is false — isLoggedIn is false, needs == true
        PASS t.tests.json: week
        1 passed, 1 failed

        """)
    }

    @Test func jSONAndJUnit() throws {
        let json = try JSONParser().parse(Array(try runTests(failing, format: "json").standardOutput.utf8))
        #expect(json["failed"] == .integer(1))
        #expect(json["cases"]?.arrayValue?.first?["failures"]?.arrayValue?.first?["actual"] == .string("pending"))
        let junit = try runTests(failing, format: "junit")
        let parser = XMLParser(data: Data(junit.standardOutput.utf8))
        #expect(parser.parse(), Comment(rawValue: junit.standardOutput))
        #expect(junit.standardOutput.contains(#"<testsuite name="t.tests.json" tests="2" failures="1">"#), Comment(rawValue: junit.standardOutput))
        #expect(junit.standardOutput.contains(#"<testcase classname="t.tests.json" name="week"/>"#), Comment(rawValue: junit.standardOutput))
    }

    @Test func malformedFilesAndCases() throws {
        let unknown = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {}, "expect": [{"tip": "FavoriteBackyardTip", "colour": 1}]}]}"#)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("cases[0].expect[0].colour: unknown key"), Comment(rawValue: unknown.standardError))
        let noNow = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {}, "expect": [{"tip": "Nope", "status": "available"}]}]}"#)
        #expect(noNow.status == 1)
        #expect(noNow.standardOutput.contains("case: the case needs a \"now\""), Comment(rawValue: noNow.standardOutput))
        let missing = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {"now": 0}, "expect": [{"tip": "Nope", "status": "available"}]}]}"#)
        #expect(missing.standardOutput.contains("Nope: the program has no such tip\n"), Comment(rawValue: missing.standardOutput))
    }

    /// A misspelled tip is named with the nearest tip of the program, once: no "why" repeats it.
    @Test func misspelledTipSuggestsTheNearestName() throws {
        let result = try runTests(#"{"program": "backyard.tiprules", "cases": [{"name": "x", "fixture": {"now": 0}, "expect": [{"tip": "FavoriteBakyardTip", "status": "available"}]}]}"#)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("  FavoriteBakyardTip: the program has no such tip (did you mean 'FavoriteBackyardTip'?)\n0 passed, 1 failed"),
                Comment(rawValue: result.standardOutput))
        #expect(result.standardOutput.components(separatedBy: "did you mean").count == 2, Comment(rawValue: result.standardOutput))
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

    @Test func checkpointFailuresNameTheInstantAndThePath() throws {
        let result = try runTests(checkpoints)
        #expect(result.status == 1)
        #expect(result.standardOutput == """
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

    @Test func checkpointsInJSONAndJUnit() throws {
        let json = try JSONParser().parse(Array(try runTests(checkpoints, format: "json").standardOutput.utf8))
        let failures = try #require(json["cases"]?.arrayValue?.first?["failures"]?.arrayValue)
        #expect(failures.map { $0["checkpoint"] } == [["at": .string("2026-11-22T08:59:00Z"), "path": .string("cases[0].checkpoints[0]")],
                        ["at": .string("2026-11-28T12:00:00Z"), "path": .string("cases[0].checkpoints[2]")], .null])
        #expect(failures.first?["actual"] == .string("pending"))
        let junit = try runTests(checkpoints, format: "junit")
        #expect(XMLParser(data: Data(junit.standardOutput.utf8)).parse(), Comment(rawValue: junit.standardOutput))
        #expect(junit.standardOutput.contains(
            "<failure message=\"checkpoint 2026-11-22T08:59:00Z (cases[0].checkpoints[0]): FavoriteBackyardTip status: expected &quot;available&quot;"), Comment(rawValue: junit.standardOutput))
    }

    @Test func aTimelineCaseWithAnUpdateChecksEachProgram() throws {
        let passing = try runTests("""
        {"program": "backyard.tiprules", "cases": [
          {"name": "update", "timeline": "backyard.rules-update.timeline.json",
           "checkpoints": [{"at": "2026-11-21T11:00:00Z", "expect": [{"tip": "FavoriteBackyardTip", "rule": 0, "result": true}]},
                           {"at": "2026-11-21T12:00:00Z", "expect": [{"tip": "ShareBackyardTip", "status": "pending"}]}]}
        ]}
        """)
        #expect(passing.standardOutput == "PASS t.tests.json: update\n1 passed, 0 failed\n")
        let broken = try runTests("""
        {"program": "backyard.tiprules", "cases": [
          {"name": "broken", "timeline": {"steps": [{"at": 0, "update": "nowhere.tiprules"}]},
           "expect": [{"tip": "FavoriteBackyardTip", "status": "pending"}]}
        ]}
        """)
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("case: steps[0].update: "), Comment(rawValue: broken.standardOutput))
    }

    @Test func malformedCheckpoints() throws {
        func error(_ testCase: String) throws -> String {
            let result = try runTests(#"{"program": "backyard.tiprules", "cases": ["# + testCase + "]}")
            #expect(result.status == 2)
            return result.standardError
        }
        let expect = #""expect": [{"tip": "FavoriteBackyardTip", "status": "pending"}]"#
        #expect(try error(#"{"name": "x", "fixture": {"now": 0}, "checkpoints": [{"at": 0, "# + expect + "}]}")
            .contains("cases[0].checkpoints: only a timeline case has checkpoints"))
        #expect(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": [{"# + expect + "}]}")
            .contains("cases[0].checkpoints[0].at: a checkpoint needs a date"))
        #expect(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": [{"at": 0, "expect": []}]}"#)
            .contains("cases[0].checkpoints[0].expect: expected a non-empty array of expectations"))
        #expect(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": [{"at": 0, "when": 1, "# + expect + "}]}")
            .contains("cases[0].checkpoints[0].when: unknown key (expected at, expect)"))
        #expect(try error(#"{"name": "x", "timeline": {"steps": []}, "checkpoints": []}"#)
            .contains("cases[0].checkpoints: expected a non-empty array of checkpoints"))
        #expect(try error(#"{"name": "x", "timeline": {"steps": []}}"#)
            .contains("cases[0].expect: expected a non-empty array of expectations"))
    }
}
