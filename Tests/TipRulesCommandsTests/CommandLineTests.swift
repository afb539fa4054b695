import Foundation
import Testing
@testable import TipRulesToolingCore
import TipRulesRuntime
import TipRulesTestSupport

/// The commands end to end, in-process: exit statuses, output streams and files.
@Suite struct CommandLineTests: CommandTesting {
    let scratch = TemporaryFolder()
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

    @Test func versionHelpAndUnknownCommands() {
        #expect(run(["--version"]).standardOutput == Version.banner)
        #expect(Version.banner.contains("reads versions 1 to \(BytecodeFormat.newestVersion)"))
        for command in ["check", "compile", "eval", "disasm", "lsp", "explain"] {
            let help = run([command, "--help"])
            #expect(help.status == 0, Comment(rawValue: command))
            #expect(help.standardOutput.contains("usage: tiprulec \(command)"), Comment(rawValue: command))
        }
        let unknown = run(["chek"])
        #expect(unknown.status == ExitStatus.badInput)
        #expect(unknown.standardError.contains("did you mean 'check'?"))
        #expect(run([]).status == ExitStatus.badInput)
        #expect(run(["check", "--formt", "json", "x"]).status == ExitStatus.badInput)
    }

    @Test func checkExitStatuses() throws {
        let good = try write("good.tiprules", validProgram)
        let bad = try write("bad.tiprules", "parameter x: Bool = 1\n")
        #expect(run(["check", good]).status == ExitStatus.success)
        let failed = run(["check", bad])
        #expect(failed.status == ExitStatus.programErrors)
        #expect(failed.standardError.contains("bad.tiprules:1:21: error[TR0206]"), Comment(rawValue: failed.standardError))
        #expect(run(["check", folder.appendingPathComponent("missing.tiprules").path]).status == ExitStatus.badInput)
        #expect(run(["check", good, "--format", "yaml"]).status == ExitStatus.badInput)
        #expect(run(["check"]).status == ExitStatus.badInput)
    }

    @Test func checkStdinWithFilenameAndFormats() throws {
        let json = run(["check", "--stdin", "--stdin-filename", "editor.tiprules", "--format", "json"], stdin: "tip T { }\n")
        #expect(json.status == ExitStatus.programErrors)
        let document = try JSONParser().parse(json.standardOutput)
        let first = try #require(document["diagnostics"]?.arrayValue?.first)
        #expect(first["file"] == "editor.tiprules")
        #expect(first["code"] == "TR0106")
        #expect(first["line"] == 1)
        let sarif = run(["check", "--stdin", "--format", "sarif"], stdin: "tip T { }\n")
        let log = try JSONParser().parse(sarif.standardOutput)
        #expect(log["version"] == "2.1.0")
        #expect(log["runs"]?.arrayValue?.first?["results"]?.arrayValue?.count == 1)
    }

    @Test func deeplyNestedInputIsADiagnosticNotACrash() {
        let body = String(repeating: "(", count: 100_000) + "$0" + String(repeating: ")", count: 100_000)
        let result = run(["check", "--stdin"], stdin: "parameter x: Bool = true\ntip T {\n title: \"t\"\n #Rule(Self.$x) { \(body) }\n}\n")
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardError.contains("TR0601"))
    }

    @Test func compileWritesAtomicallyAndLeavesOutputAloneOnErrors() throws {
        let source = try write("rules.tiprules", validProgram)
        #expect(run(["compile", source]).status == ExitStatus.success)
        let defaultOutput = folder.appendingPathComponent("rules.tipc").path
        let bytes = try #require(FileManager.default.contents(atPath: defaultOutput))
        let again = folder.appendingPathComponent("again.tipc").path
        #expect(run(["compile", source, "-o", again]).status == ExitStatus.success)
        #expect(FileManager.default.contents(atPath: again) == bytes, "same input, same bytes")

        let broken = try write("broken.tiprules", "tip T { title: 1 }\n")
        let existing = try write("existing.tipc", "keep me")
        #expect(run(["compile", broken, "-o", existing]).status == ExitStatus.programErrors)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        let unwritable = folder.appendingPathComponent("no/such/folder/out.tipc").path
        #expect(run(["compile", source, "-o", unwritable]).status == ExitStatus.badInput)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [])
    }

    @Test func evalFromSourceAndBytecodeAgree() throws {
        let source = try write("rules.tiprules", validProgram)
        let fixture = try write("store.json", """
        {"now": "2026-11-21T09:00:00Z", "parameters": {"isLoggedIn": true},
         "donations": {"opened": [{"date": "2026-11-21T08:00:00Z", "screen": "a"}, {"date": 1795248000, "screen": "b"}]}}
        """)
        let fromSource = run(["eval", source, "--fixture", fixture, "--format", "json"])
        #expect(fromSource.status == ExitStatus.success, Comment(rawValue: fromSource.standardError))
        let compiled = folder.appendingPathComponent("rules.tipc").path
        #expect(run(["compile", source, "-o", compiled]).status == ExitStatus.success)
        let fromBytecode = run(["eval", compiled, "--fixture", fixture, "--format", "json"])
        #expect(fromBytecode.standardOutput == fromSource.standardOutput)
        let result = try JSONParser().parse(fromSource.standardOutput)
        #expect(result["tips"]?.arrayValue?.first?["status"] == "available")
        #expect(result["widgets"]?.arrayValue?.first?["score"] == 2)
        #expect(result["widgets"]?.arrayValue?.first?["duration"] == 3600)
    }

    @Test func evalNowOverrideAndTextExplanation() throws {
        let source = try write("rules.tiprules", validProgram)
        let fixture = try write("store.json", #"{"parameters": {"isLoggedIn": false}}"#)
        let text = run(["eval", source, "--fixture", fixture, "--now", "2026-11-21T10:00:00+01:00"])
        #expect(text.status == ExitStatus.success)
        #expect(text.standardOutput.hasPrefix("now: 2026-11-21T09:00:00Z"), Comment(rawValue: text.standardOutput))
        #expect(text.standardOutput.contains("isLoggedIn is false, needs == true"), Comment(rawValue: text.standardOutput))
        #expect(text.standardOutput.contains("| #Rule(Self.$isLoggedIn) { $0 == true }"), Comment(rawValue: text.standardOutput))
        #expect(run(["eval", source, "--fixture", fixture, "--now", "yesterday"]).status == ExitStatus.badInput)
        #expect(run(["eval", source]).status == ExitStatus.badInput)
    }

    @Test func evalRejectsBadFixturesWithTheJSONPath() throws {
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
            #expect(result.status == ExitStatus.badInput, Comment(rawValue: json))
            #expect(result.standardError.contains(message), "\(json): \(result.standardError)")
        }
    }

    @Test func corruptBytecodeIsExitStatusTwo() throws {
        let source = try write("rules.tiprules", validProgram)
        let compiled = folder.appendingPathComponent("rules.tipc").path
        #expect(run(["compile", source, "-o", compiled]).status == ExitStatus.success)
        let bytes = try #require(FileManager.default.contents(atPath: compiled))
        let fixture = try write("store.json", "{}")
        for length in [0, 3, 8, bytes.count / 2, bytes.count - 1] {
            let truncated = try write("truncated.tipc", "")
            try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: truncated))
            let result = run(["eval", truncated, "--fixture", fixture])
            #expect(result.status == ExitStatus.badInput, "length \(length)")
            #expect(!result.standardError.isEmpty)
        }
        var flipped = Array(bytes)
        flipped[4] ^= 0xFF
        let otherVersion = folder.appendingPathComponent("version.tipc").path
        try Data(flipped).write(to: URL(fileURLWithPath: otherVersion))
        let result = run(["disasm", otherVersion])
        #expect(result.status == ExitStatus.badInput)
        #expect(result.standardError.contains("version"), Comment(rawValue: result.standardError))
    }

    @Test func disasmShowsInstructionsWithLines() throws {
        let source = try write("rules.tiprules", validProgram)
        let listing = run(["disasm", source])
        #expect(listing.status == ExitStatus.success)
        #expect(listing.standardOutput.contains("within"), Comment(rawValue: listing.standardOutput))
        #expect(listing.standardOutput.contains("line 6") || listing.standardOutput.contains(":6"), Comment(rawValue: listing.standardOutput))
    }

    @Test func testExplain() {
        #expect(run(["explain", "TR0201"]).status == ExitStatus.success)
        #expect(run(["explain", "0201"]).status == ExitStatus.success)
        #expect(run(["explain", "TR9999"]).status == ExitStatus.badInput)
        #expect(run(["explain", "--list"]).standardOutput.contains("TR0601"))
    }
}
