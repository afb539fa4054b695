import Foundation
import Testing
@testable import TipRulesToolingCore
import TipRulesCompiler
import TipRulesTestSupport

/// `tiprulec fmt` and `SourceFormatter`: the layout, idempotence and unchanged programs.
@Suite struct FormatCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let root = repositoryRoot

    @Test func testLayout() {
        #expect(run(["fmt", "--stdin"], stdin: SamplePrograms.messy) == CommandResult(standardOutput: SamplePrograms.tidy))
        let chained = "event e(x: Int)\ntip T {\n    title: \"t\"\n    #Rule(Self.e) {\n        $0.donations.filter { $0.x > 1 }\n"
            + "    .largestSubset(groupedBy: \\.x)\n    .count >= 3\n    }\n    options {\n    Tips.MaxDisplayCount(1)\n    }\n}\n"
        let expected = chained.replacingOccurrences(of: "\n    .largestSubset", with: "\n            .largestSubset")
            .replacingOccurrences(of: "\n    .count", with: "\n            .count")
            .replacingOccurrences(of: "\n    Tips.", with: "\n        Tips.")
        #expect(run(["fmt", "--stdin"], stdin: chained).standardOutput == expected)
    }

    @Test func filesCheckAndSyntaxErrors() throws {
        let messy = try write("messy.tiprules", SamplePrograms.messy)
        let tidy = try write("tidy.tiprules", SamplePrograms.tidy)
        let broken = try write("broken.tiprules", "tip T {\n  title: \"t\"\n")
        let check = run(["fmt", "--check", messy, tidy, broken])
        #expect(check.status == ExitStatus.programErrors)
        #expect(check.standardOutput == messy + "\n")
        #expect(check.standardError.hasPrefix("\(broken):2:13: not formatted: TR0101"), Comment(rawValue: check.standardError))
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == SamplePrograms.messy, "--check writes nothing")
        #expect(run(["fmt", messy, tidy]) == CommandResult())
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == SamplePrograms.tidy)
        #expect(run(["fmt", "--check", messy]) == CommandResult())
        #expect(run(["fmt"]).status == ExitStatus.badInput)
        #expect(run(["fmt", "--stdin", messy]).status == ExitStatus.badInput)
    }

    /// Every example, golden and scenario program that formats: formatting again changes
    /// nothing, and the tokens (so the compiled program, but for its line table) are the same.
    @Test func everyProgramFormatsIdempotentlyWithTheSameTokens() throws {
        var checked = 0
        for folder in ["examples", "Tests/TipRulesCommandsTests/Golden", "Tests/TipRulesCommandsTests/Scenarios"] {
            let url = Self.root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".tiprules") {
                let bytes = Array(try Data(contentsOf: url.appendingPathComponent(name)))
                guard case .success(let formatted) = SourceFormatter.format(bytes) else { continue }
                #expect(SourceFormatter.format(formatted) == .success(formatted), "\(folder)/\(name) is not idempotent")
                #expect(tokens(formatted) == tokens(bytes), "\(folder)/\(name) changed tokens")
                if folder == "examples" { #expect(formatted == bytes, "examples/\(name) is not in the canonical layout") }
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    private func tokens(_ bytes: [UInt8]) -> [String] {
        Lexer.tokenize(SourceFile(name: "t", bytes: bytes)).tokens.map { "\($0.kind) \($0.text) \(String(describing: $0.integerValue))" }
    }
}
