import Foundation
import XCTest
@testable import TipRulesTooling
import TipRulesRuntime

/// The commands end to end, in-process: exit statuses, output streams and files.
final class CommandLineTests: CommandTestCase {
    private let validProgram = """
    parameter isLoggedIn: Bool = false
    event opened(screen: String)
    tip Welcome {
        title: "Welcome"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.opened) { $0.donations.donatedWithin(.days(1)).count >= 2 }
    }
    widget Recent { relevance { score: opened.donations.count
        duration: .hours(1) } }
    """

    func testVersionHelpAndUnknownCommands() {
        XCTAssertEqual(run(["--version"]).standardOutput, Version.banner)
        XCTAssertTrue(Version.banner.contains("reads versions 1 to \(BytecodeFormat.newestVersion)"))
        for command in ["check", "compile", "eval", "disasm", "lsp", "explain"] {
            let help = run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.standardOutput.contains("usage: tiprulec \(command)"), command)
        }
        let unknown = run(["chek"])
        XCTAssertEqual(unknown.status, ExitStatus.badInput)
        XCTAssertTrue(unknown.standardError.contains("did you mean 'check'?"))
        XCTAssertEqual(run([]).status, ExitStatus.badInput)
        XCTAssertEqual(run(["check", "--formt", "json", "x"]).status, ExitStatus.badInput)
    }

    func testCheckExitStatuses() throws {
        let good = try write("good.tiprules", validProgram)
        let bad = try write("bad.tiprules", "parameter x: Bool = 1\n")
        XCTAssertEqual(run(["check", good]).status, ExitStatus.success)
        let failed = run(["check", bad])
        XCTAssertEqual(failed.status, ExitStatus.programErrors)
        XCTAssertTrue(failed.standardError.contains("bad.tiprules:1:21: error[TR0206]"), failed.standardError)
        XCTAssertEqual(run(["check", folder.appendingPathComponent("missing.tiprules").path]).status, ExitStatus.badInput)
        XCTAssertEqual(run(["check", good, "--format", "yaml"]).status, ExitStatus.badInput)
        XCTAssertEqual(run(["check"]).status, ExitStatus.badInput)
    }

    func testCheckStdinWithFilenameAndFormats() throws {
        let json = run(["check", "--stdin", "--stdin-filename", "editor.tiprules", "--format", "json"], stdin: "tip T { }\n")
        XCTAssertEqual(json.status, ExitStatus.programErrors)
        let document = try JSONParser().parse(json.standardOutput)
        let first = try XCTUnwrap(document["diagnostics"]?.arrayValue?.first)
        XCTAssertEqual(first["file"], "editor.tiprules")
        XCTAssertEqual(first["code"], "TR0106")
        XCTAssertEqual(first["line"], 1)
        let sarif = run(["check", "--stdin", "--format", "sarif"], stdin: "tip T { }\n")
        let log = try JSONParser().parse(sarif.standardOutput)
        XCTAssertEqual(log["version"], "2.1.0")
        XCTAssertEqual(log["runs"]?.arrayValue?.first?["results"]?.arrayValue?.count, 1)
    }

    func testDeeplyNestedInputIsADiagnosticNotACrash() {
        let body = String(repeating: "(", count: 100_000) + "$0" + String(repeating: ")", count: 100_000)
        let result = run(["check", "--stdin"], stdin: "parameter x: Bool = true\ntip T {\n title: \"t\"\n #Rule(Self.$x) { \(body) }\n}\n")
        XCTAssertEqual(result.status, ExitStatus.programErrors)
        XCTAssertTrue(result.standardError.contains("TR0601"))
    }

    func testCompileWritesAtomicallyAndLeavesOutputAloneOnErrors() throws {
        let source = try write("rules.tiprules", validProgram)
        XCTAssertEqual(run(["compile", source]).status, ExitStatus.success)
        let defaultOutput = folder.appendingPathComponent("rules.tipc").path
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: defaultOutput))
        let again = folder.appendingPathComponent("again.tipc").path
        XCTAssertEqual(run(["compile", source, "-o", again]).status, ExitStatus.success)
        XCTAssertEqual(FileManager.default.contents(atPath: again), bytes, "same input, same bytes")

        let broken = try write("broken.tiprules", "tip T { title: 1 }\n")
        let existing = try write("existing.tipc", "keep me")
        XCTAssertEqual(run(["compile", broken, "-o", existing]).status, ExitStatus.programErrors)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me")
        let unwritable = folder.appendingPathComponent("no/such/folder/out.tipc").path
        XCTAssertEqual(run(["compile", source, "-o", unwritable]).status, ExitStatus.badInput)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    func testEvalFromSourceAndBytecodeAgree() throws {
        let source = try write("rules.tiprules", validProgram)
        let fixture = try write("store.json", """
        {"now": "2026-11-21T09:00:00Z", "parameters": {"isLoggedIn": true},
         "donations": {"opened": [{"date": "2026-11-21T08:00:00Z", "screen": "a"}, {"date": 1795248000, "screen": "b"}]}}
        """)
        let fromSource = run(["eval", source, "--fixture", fixture, "--format", "json"])
        XCTAssertEqual(fromSource.status, ExitStatus.success, fromSource.standardError)
        let compiled = folder.appendingPathComponent("rules.tipc").path
        XCTAssertEqual(run(["compile", source, "-o", compiled]).status, ExitStatus.success)
        let fromBytecode = run(["eval", compiled, "--fixture", fixture, "--format", "json"])
        XCTAssertEqual(fromBytecode.standardOutput, fromSource.standardOutput)
        let result = try JSONParser().parse(fromSource.standardOutput)
        XCTAssertEqual(result["tips"]?.arrayValue?.first?["status"], "available")
        XCTAssertEqual(result["widgets"]?.arrayValue?.first?["score"], 2)
        XCTAssertEqual(result["widgets"]?.arrayValue?.first?["duration"], 3600)
    }

    func testEvalNowOverrideAndTextExplanation() throws {
        let source = try write("rules.tiprules", validProgram)
        let fixture = try write("store.json", #"{"parameters": {"isLoggedIn": false}}"#)
        let text = run(["eval", source, "--fixture", fixture, "--now", "2026-11-21T10:00:00+01:00"])
        XCTAssertEqual(text.status, ExitStatus.success)
        XCTAssertTrue(text.standardOutput.hasPrefix("now: 2026-11-21T09:00:00Z"), text.standardOutput)
        XCTAssertTrue(text.standardOutput.contains("isLoggedIn is false, needs == true"), text.standardOutput)
        XCTAssertTrue(text.standardOutput.contains("| #Rule(Self.$isLoggedIn) { $0 == true }"), text.standardOutput)
        XCTAssertEqual(run(["eval", source, "--fixture", fixture, "--now", "yesterday"]).status, ExitStatus.badInput)
        XCTAssertEqual(run(["eval", source]).status, ExitStatus.badInput)
    }

    func testEvalRejectsBadFixturesWithTheJSONPath() throws {
        let source = try write("rules.tiprules", validProgram)
        let cases: [(String, String)] = [
            (#"{"parameters": {"isLogedIn": true}}"#, "parameters.isLogedIn: no such parameter (did you mean 'isLoggedIn'?)"),
            (#"{"donations": {"opened": [{"date": 0, "screen": 12}]}}"#, "donations.opened[0].screen: expected a string, found 12"),
            (#"{"donations": {"opened": [{"screen": "a"}]}}"#, "donations.opened[0]: missing 'date'"),
            (#"{"tips": {"Welcom": {}}}"#, "tips.Welcom: no such tip (did you mean 'Welcome'?)"),
            (#"{"now": "tomorrow"}"#, "now: expected an RFC 3339 date"),
            (#"[1, 2]"#, "expected an object, found [1,2]"),
            (#"{"now": "#, "not valid JSON"),
        ]
        for (index, (json, message)) in cases.enumerated() {
            let fixture = try write("bad\(index).json", json)
            let result = run(["eval", source, "--fixture", fixture])
            XCTAssertEqual(result.status, ExitStatus.badInput, json)
            XCTAssertTrue(result.standardError.contains(message), "\(json): \(result.standardError)")
        }
    }

    func testCorruptBytecodeIsExitStatusTwo() throws {
        let source = try write("rules.tiprules", validProgram)
        let compiled = folder.appendingPathComponent("rules.tipc").path
        XCTAssertEqual(run(["compile", source, "-o", compiled]).status, ExitStatus.success)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: compiled))
        let fixture = try write("store.json", "{}")
        for length in [0, 3, 8, bytes.count / 2, bytes.count - 1] {
            let truncated = try write("truncated.tipc", "")
            try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: truncated))
            let result = run(["eval", truncated, "--fixture", fixture])
            XCTAssertEqual(result.status, ExitStatus.badInput, "length \(length)")
            XCTAssertFalse(result.standardError.isEmpty)
        }
        var flipped = Array(bytes)
        flipped[4] ^= 0xFF
        let otherVersion = folder.appendingPathComponent("version.tipc").path
        try Data(flipped).write(to: URL(fileURLWithPath: otherVersion))
        let result = run(["disasm", otherVersion])
        XCTAssertEqual(result.status, ExitStatus.badInput)
        XCTAssertTrue(result.standardError.contains("version"), result.standardError)
    }

    func testDisasmShowsInstructionsWithLines() throws {
        let source = try write("rules.tiprules", validProgram)
        let listing = run(["disasm", source])
        XCTAssertEqual(listing.status, ExitStatus.success)
        XCTAssertTrue(listing.standardOutput.contains("within"), listing.standardOutput)
        XCTAssertTrue(listing.standardOutput.contains("line 6") || listing.standardOutput.contains(":6"), listing.standardOutput)
    }

    func testExplain() {
        XCTAssertEqual(run(["explain", "TR0201"]).status, ExitStatus.success)
        XCTAssertEqual(run(["explain", "0201"]).status, ExitStatus.success)
        XCTAssertEqual(run(["explain", "TR9999"]).status, ExitStatus.badInput)
        XCTAssertTrue(run(["explain", "--list"]).standardOutput.contains("TR0601"))
    }
}
