import Foundation
import Testing
@testable import TipRulesCommands
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// The lint (TR07xx) through the command line: warnings by default, failures with
/// `--warnings-as-errors`, and no change to the compiled program. The golden case
/// `lint_warnings` shows every code's rendering.
@Suite struct LintCommandTests {
    private let program = """
    configure { displayFrequency(86400) }
    parameter isPro: Bool = false
    tip ProTip {
        title: "Pro"
        #Rule(Self.$isPro) { $0 }
        options { MaxDisplayDuration(10) }
    }
    """

    private func run(_ arguments: [String], stdin: String) -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment(readStandardInput: { _ in Array(stdin.utf8) }))
    }

    @Test func lintWarnsAndWarningsAsErrorsFails() throws {
        let plain = run(["check", "--stdin", "--format", "json"], stdin: program)
        #expect(plain.status == 0)
        let codes = try JSONParser().parse(plain.standardOutput)["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["TR0709", "TR0702"])
        #expect(run(["check", "--stdin", "--warnings-as-errors"], stdin: program).status == 1)
        let clean = program.replacingOccurrences(of: "86400", with: ".daily").replacingOccurrences(of: "(10)", with: "(60)")
        #expect(run(["check", "--stdin", "--warnings-as-errors"], stdin: clean).status == 0)
    }

    @Test func fixItsRewriteToWhatTipKitDoes() throws {
        let output = run(["check", "--stdin", "--format", "json"], stdin: program).standardOutput
        let fixes = try JSONParser().parse(output)["diagnostics"]?.arrayValue?
            .compactMap { $0["fixes"]?.arrayValue?.first?["edits"]?.arrayValue?.first?["newText"]?.stringValue }
        #expect(fixes == [".daily", "60"])
    }

    @Test func lintNeverChangesTheBytecode() throws {
        let folder = URL(fileURLWithPath: temporaryFolder(prefix: "tiprulec-lint"), isDirectory: true)
        defer { removeTemporaryFolder(folder.path) }
        let source = folder.appendingPathComponent("p.tiprules")
        try Data(program.utf8).write(to: source)
        let output = folder.appendingPathComponent("p.tipc").path
        #expect(run(["compile", source.path, "-o", output], stdin: "").status == 0)
        #expect(run(["compile", source.path, "-o", output + "2", "--warnings-as-errors"], stdin: "").status == 1)
        #expect(!FileManager.default.fileExists(atPath: output + "2"))
        #expect(run(["eval", output, "--fixture", "-", "--format", "json"], stdin: "{\"now\": 0}").status == 0)
    }
}
