import Foundation
import Testing
@testable import TipRulesToolingCore
import TipRulesCompiler
import TipRulesTestSupport

/// `tiprulec check --fix` and the `FixApplier` it shares with the language server.
@Suite struct CheckFixCommandTests: CommandTesting {
    let scratch = TemporaryFolder()

    @Test func fixAppliesTheFixesThatKeepTheMeaning() throws {
        let path = try write("safe.tiprules", SamplePrograms.safelyFixable)
        let result = run(["check", "--fix", path])
        #expect(result.status == ExitStatus.success, Comment(rawValue: result.standardError))
        #expect(result.standardError.hasPrefix("fixed 2 problems in \(path) ("), Comment(rawValue: result.standardError))
        let fixed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(fixed.contains("displayFrequency(.daily)") && fixed.contains("largestSubset(groupedBy: \\.screen)"))
        #expect(run(["check", path]).standardError == "")
    }

    @Test func fixLeavesOutGuessesAndSaysHowToApplyThem() throws {
        let path = try write("a.tiprules", SamplePrograms.fixable)
        let result = run(["check", "--fix", path])
        #expect(result.status == ExitStatus.programErrors)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == [
            "not applied: \(path):7:39: TR0211: replace with 'count' (it may change what the program means: review it, then apply it with --fix --only TR0211, or --unsafe)",
            "not applied: \(path):8:39: TR0211: replace with 'count' (it may change what the program means: review it, then apply it with --fix --only TR0211, or --unsafe)",
            "not applied: \(path):10:14: TR0401: replace with 'MaxDisplayCount' (it may change what the program means: review it, then apply it with --fix --only TR0401, or --unsafe)",
        ], Comment(rawValue: result.standardError))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == SamplePrograms.fixable)
    }

    @Test func fixUnsafeRewritesTheFileAndSaysWhatItFixed() throws {
        let path = try write("a.tiprules", SamplePrograms.fixable)
        let result = run(["check", "--fix", "--unsafe", path])
        #expect(result.status == ExitStatus.success, Comment(rawValue: result.standardError))
        #expect(result.standardError == "fixed 3 problems in \(path) (TR0211 ×2, TR0401)\n")
        let fixed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(fixed == SamplePrograms.fixable.replacingOccurrences(of: ".cont ", with: ".count ")
            .replacingOccurrences(of: "MaxDisplayCont(", with: "MaxDisplayCount("))
        #expect(run(["check", path]).status == ExitStatus.success)
    }

    @Test func onlyFixesTheListedCodesAndReportsTheRest() throws {
        let path = try write("a.tiprules", SamplePrograms.fixable)
        let result = run(["check", "--fix", "--only", "tr0401", path])
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardError.hasPrefix("fixed 1 problem in \(path) (TR0401)\n"), Comment(rawValue: result.standardError))
        #expect(result.standardError.contains("error[TR0211]"), Comment(rawValue: result.standardError))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("MaxDisplayCount(5)"))
    }

    @Test func stdinFixWritesTheFixedTextToStandardOutput() {
        let result = run(["check", "--stdin", "--fix", "--unsafe"], stdin: SamplePrograms.fixable)
        #expect(result.status == ExitStatus.success)
        #expect(result.standardOutput.contains("$0.donations.count >= 4"), Comment(rawValue: result.standardOutput))
        #expect(!result.standardOutput.contains("error"))
    }

    @Test func usageErrors() throws {
        let path = try write("a.tiprules", SamplePrograms.fixable)
        #expect(run(["check", "--fix", "--only", "TR9999", path]).standardError == "error: --only: unknown diagnostic code 'TR9999'\n")
        #expect(run(["check", "--only", "TR0211", path]).status == ExitStatus.badInput)
        #expect(run(["check", "--unsafe", path]).standardError == "error: --unsafe needs --fix\n")
        #expect(run(["check", "--stdin", "--fix", "--format", "json"], stdin: SamplePrograms.fixable).status == ExitStatus.badInput)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == SamplePrograms.fixable, "nothing is written on a usage error")
    }

    @Test func lintFixesOnlyWhenAskedForAndAnUnchangedFileIsNotWritten() throws {
        let path = try write("clean.tiprules", "parameter a: Bool = false\n")
        // An atomic rewrite renames a new file over the old one: the file number would change.
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        let unfixed = run(["check", "--fix", path])
        #expect(unfixed.status == ExitStatus.success)
        #expect(unfixed.standardError.hasPrefix("not applied: \(path):1:11: TR0706: remove the parameter (it may change"), Comment(rawValue: unfixed.standardError))
        #expect(unfixed.standardError.contains("\(path):1:11: warning[TR0706]"), Comment(rawValue: unfixed.standardError))
        #expect(try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) == before)
        #expect(run(["check", "--fix", "--only", "TR0706", path]).standardError == "fixed 1 problem in \(path) (TR0706)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\n")
    }

    @Test func overlappingFixesAreSkippedAndReported() {
        let span = SourceSpan(start: 2, end: 5)
        let first = Diagnostic(.unknownOption, "a", at: span, fixes: [.replace(span, with: "x", "x", applicability: .machineApplicable)])
        let second = Diagnostic(.unknownOption, "b", at: SourceSpan(start: 3, end: 4),
                                fixes: [.replace(SourceSpan(start: 3, end: 6), with: "y", "y", applicability: .machineApplicable)])
        let outside = Diagnostic(.unknownOption, "c", at: span, fixes: [.replace(SourceSpan(start: 8, end: 99), with: "z", "z", applicability: .machineApplicable)])
        let alternatives = Diagnostic(.unknownOption, "d", at: span,
                                      fixes: [.replace(.point(0), with: "1", "1", applicability: .machineApplicable), .replace(.point(0), with: "2", "2", applicability: .machineApplicable)])
        let plan = FixApplier.plan([second, first, outside, alternatives], size: 10)
        #expect(plan.fixed.map(\.diagnostic.message) == ["a"])
        #expect(plan.skipped.map(\.message).sorted() == ["b", "c"])
        #expect(FixApplier.apply(plan.edits, to: Array("0123456789".utf8)) == Array("01x56789".utf8))
    }
}
