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
        for name in ["backyard.tiprules", "backyard.logged-out.json", "backyard.first-week.timeline.json"] {
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
        XCTAssertTrue(result.standardOutput.hasSuffix("8 passed, 0 failed\n"), result.standardOutput)
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
}
