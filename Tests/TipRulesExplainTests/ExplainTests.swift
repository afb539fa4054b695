import Foundation
import Testing
import TipRulesCompiler
import TipRulesCommands
import TipRulesExplain
import TipRulesTipKit
import TipRulesToolingCore
import TipRulesTestSupport

/// `tiprulec explain` and the explanations behind it.
@Suite struct ExplainTests {
    /// Codes whose examples cannot be compiled to check them: the example needs bytes
    /// a text cannot show or is abbreviated, or the compiler does not report the code.
    private static let uncheckedExamples: Set<String> = [
        "TR0001",  // invalid UTF-8 cannot be written in the example's text
        "TR0601",  // 300 levels of nesting, abbreviated
        "TR0602",  // a file over 8 MiB
        "TR0603",  // bytecode or a NUL byte cannot be written in the example's text
        "TR0604",  // more than 65,536 declarations
        "TR0901",  // reported by `compile --bytecode-version`, not by checking
        "TR0432",  // reported by `check --baseline`, against another program
    ]

    @Test func everyCodeHasASummaryAndAnExplanationWithAnExample() {
        for code in DiagnosticCode.allCases {
            let summary = DiagnosticExplanations.summary(code)
            #expect(!summary.isEmpty, "\(code.code) has no summary")
            #expect(!summary.contains("\n"), "\(code.code): a summary is one line")
            #expect(summary != String(describing: code), "\(code.code): the summary is the placeholder")

            let explanation = DiagnosticExplanations.explanation(of: code)
            #expect(explanation.hasPrefix("\(code.code): \(summary)\n"), "\(code.code): the explanation starts with the title line 'CODE: summary'")
            #expect(explanation.contains(code.code), "\(code.code): the explanation names its code")
            #expect(explanation.contains("Severity: \(code.defaultSeverity.rawValue)"), "\(code.code): severity")
            #expect(explanation.contains("Erroneous example:"), "\(code.code): no erroneous example")
            #expect(explanation.contains("Corrected example:"), "\(code.code): no corrected example")
            let examples = Self.examples(in: explanation)
            #expect(examples.count == 2, "\(code.code): expected two fenced examples")
            #expect(!examples.contains { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }, "\(code.code): an example is empty")
        }
    }

    @Test func summariesAreDistinct() {
        var seen: [String: String] = [:]
        for code in DiagnosticCode.allCases {
            let summary = DiagnosticExplanations.summary(code)
            if let other = seen[summary] { Issue.record("\(code.code) and \(other) share the summary '\(summary)'") }
            seen[summary] = code.code
        }
    }

    /// The erroneous example reports the code; the corrected example compiles without
    /// any diagnostic — so the explanations stay true as the compiler changes.
    @Test func examplesReportTheirCodeAndTheCorrectedExamplesAreClean() {
        // The import codes' examples are Swift: ImportGoldenTests imports them.
        for code in DiagnosticCode.allCases where !Self.uncheckedExamples.contains(code.code) && !code.isImport {
            let examples = Self.examples(in: DiagnosticExplanations.explanation(of: code))
            guard examples.count == 2 else { continue }
            let wrong = TipKitLint.allDiagnostics(of: Compilation(source: SourceFile(name: "example.tiprules", text: examples[0])))
            #expect(wrong.contains { $0.code == code }, "\(code.code): the erroneous example does not report it; it reports \(wrong.map { "\($0.code.code) \($0.message)" })")
            // Examples of other codes declare only what they show, used or not: lint is checked
            // for the lint codes' own examples.
            let fixed = TipKitLint.allDiagnostics(of: Compilation(source: SourceFile(name: "example.tiprules", text: examples[1])))
                .filter { !$0.code.isLint || code.isLint }
            #expect(fixed.map { "\($0.code.code) \($0.message)" } == [], "\(code.code): the corrected example is not clean")
        }
    }

    /// Each import code's erroneous example reports it; the corrected example imports with no diagnostic.
    @Test func importCodesExamplesReportTheirCode() {
        for code in DiagnosticCode.allCases where code.isImport && code != .importTooLarge {
            let examples = Self.examples(in: DiagnosticExplanations.explanation(of: code))
            guard examples.count == 2 else { Issue.record("\(code.code): expected two examples"); return }
            let wrong = TipKitImporter.run([SourceFile(name: "Example.swift", text: examples[0])]).files.flatMap(\.diagnostics.items)
            #expect(wrong.contains { $0.code == code }, "\(code.code): the example reports \(wrong.map(\.message))")
            let fixed = TipKitImporter.run([SourceFile(name: "Example.swift", text: examples[1])])
            #expect(fixed.files.flatMap(\.diagnostics.items).map(\.message) == [], "\(code.code): the corrected example")
        }
    }

    // MARK: The command

    @Test func explainPrintsTheExplanation() {
        let result = TiprulecCommand.run(["explain", "TR0201"], environment: CommandEnvironment())
        #expect(result.status == ExitStatus.success)
        #expect(result.standardOutput == DiagnosticExplanations.explanation(of: .mismatchedOperands) + "\n")
        #expect(result.standardOutput.hasPrefix("TR0201: cannot compare values of different types\n"))
        #expect(result.standardError == "")
    }

    @Test func explainAcceptsLowerCaseAndTheNumberAlone() {
        for spelling in ["tr0201", "0201"] {
            let result = TiprulecCommand.run(["explain", spelling], environment: CommandEnvironment())
            #expect(result.status == ExitStatus.success, Comment(rawValue: spelling))
            #expect(result.standardOutput.hasPrefix("TR0201: "), Comment(rawValue: spelling))
        }
    }

    @Test func explainOfAnUnknownCodeIsAUsageError() {
        for spelling in ["TR9999", "banana"] {
            let result = TiprulecCommand.run(["explain", spelling], environment: CommandEnvironment())
            #expect(result.status == ExitStatus.badInput, Comment(rawValue: spelling))
            #expect(result.standardOutput == "", Comment(rawValue: spelling))
            #expect(result.standardError.contains("unknown diagnostic code"), Comment(rawValue: spelling))
        }
        let none = TiprulecCommand.run(["explain"], environment: CommandEnvironment())
        #expect(none.status == ExitStatus.badInput)
    }

    @Test func explainListNamesEveryCodeWithItsSummary() {
        let result = TiprulecCommand.run(["explain", "--list"], environment: CommandEnvironment())
        #expect(result.status == ExitStatus.success)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == DiagnosticCode.allCases.count)
        for (line, code) in zip(lines, DiagnosticCode.allCases) {
            #expect(line.hasPrefix(code.code), Comment(rawValue: line))
            #expect(line.hasSuffix(DiagnosticExplanations.summary(code)), Comment(rawValue: line))
        }
    }

    @Test func sARIFRulesAreDescribedBySummaries() throws {
        let source = "parameter isLoggedIn: Bool = false\ntip T {\n    title: \"T\"\n    #Rule(Self.$isLoggedIn) { $0 == 1 }\n}\n"
        let result = TiprulecCommand.run(["check", "--stdin", "--format", "sarif"],
                                         environment: CommandEnvironment(readStandardInput: { _ in Array(source.utf8) }))
        let log = try JSONParser().parse(result.standardOutput)
        let rules = log["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        #expect(rules.first?["id"]?.stringValue == "TR0201")
        #expect(rules.first?["shortDescription"]?["text"]?.stringValue == DiagnosticExplanations.summary(.mismatchedOperands))
    }

    /// `docs/diagnostics.md` from its index on is generated from the explanations
    /// (`tiprulec explain --markdown`): the page and `explain` cannot drift apart. After a change to
    /// an explanation, regenerate the page with `TIPRULEC_UPDATE_GOLDEN=1 swift test --filter
    /// ExplainTests` and review the diff.
    @Test func theDiagnosticsPageIsGeneratedFromTheExplanations() throws {
        let page = repositoryRoot.appendingPathComponent("docs/diagnostics.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(text.range(of: "\n" + DiagnosticReference.firstHeading + "\n"), "no '\(DiagnosticReference.firstHeading)' in the page")
        let written = String(text[text.index(after: start.lowerBound)...])
        let generated = DiagnosticReference.markdown()
        if ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] == "1" && written != generated {
            try (String(text[...start.lowerBound]) + generated).write(to: page, atomically: true, encoding: .utf8)
            return
        }
        #expect(written == generated, "docs/diagnostics.md is stale: regenerate it with TIPRULEC_UPDATE_GOLDEN=1 swift test --filter ExplainTests")
        for code in DiagnosticCode.allCases {
            #expect(generated.contains("<a id=\"\(code.code)\"></a>\n#### \(code.code): \(DiagnosticExplanations.summary(code))\n"))
        }
        #expect(TiprulecCommand.run(["explain", "--markdown"], environment: CommandEnvironment()).standardOutput == generated)
    }

    // MARK: Helpers

    /// The contents of the fenced ```tiprules (or, for import codes, ```swift) blocks of an explanation, in order.
    static func examples(in explanation: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in explanation.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```tiprules" || line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }
}
