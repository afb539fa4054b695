@testable import TipRulesCommands
@testable import TipRulesExplain
@testable import TipRulesTipKit
@testable import TipRulesToolingCore
import Foundation
import TipRulesCompiler
import Testing

/// `tiprulec import`: realistic TipKit Swift in `ImportGolden/`, and TipKit code as public
/// repositories and Apple's documentation write it in `ImportCorpus/` (a `NAME.swift` file, or
/// a `NAME/` folder of files imported together), imports to `NAME.tiprules`, and what is not
/// carried over is reported as in `NAME.diagnostics.txt` (absent when nothing is dropped).
/// Every imported program checks without errors. After an intended change:
///
///     TIPRULEC_UPDATE_GOLDEN=1 swift test --filter ImportGoldenTests
/// Serialized: under `TIPRULEC_UPDATE_GOLDEN=1` one test rewrites the golden files that the
/// suite's other tests read.
@Suite(.serialized) struct ImportGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ImportGolden", isDirectory: true)
    /// TipKit code as public repositories and Apple's documentation write it (see its README).
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ImportCorpus", isDirectory: true)

    /// Each case of `directory`: its name and its Swift files, named relative to the directory.
    static func cases(in directory: URL = directory) throws -> [(name: String, files: [(name: String, url: URL)])] {
        let entries = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.isDirectoryKey])
        return try entries.sorted { $0.path < $1.path }.compactMap { entry in
            let name = entry.deletingPathExtension().lastPathComponent
            if entry.pathExtension == "swift" { return (name, [(entry.lastPathComponent, entry)]) }
            guard (try entry.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true else { return nil }
            let files = try FileManager.default.contentsOfDirectory(at: entry, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            return (name, files.map { (name + "/" + $0.lastPathComponent, $0) })
        }
    }

    /// The import of one case's files.
    static func imported(_ files: [(name: String, url: URL)]) throws -> TipKitImporter.Result {
        TipKitImporter.run(try files.map { SourceFile(name: $0.name, bytes: Array(try Data(contentsOf: $0.url))) })
    }

    @Test func everyCaseImportsToItsGoldenFiles() throws {
        #expect(try Self.cases().count >= 15)
        try checkGoldenFiles(in: Self.directory)
    }

    /// Every corpus file imports to its golden program with its expected warnings; one with no
    /// warnings imports with exit status 0.
    @Test func everyCorpusCaseImportsToItsGoldenFiles() throws {
        #expect(try Self.cases(in: Self.corpus).reduce(0) { $0 + $1.files.count } >= 30)
        try checkGoldenFiles(in: Self.corpus)
    }

    private func checkGoldenFiles(in directory: URL) throws {
        let update = ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] == "1"
        for golden in try Self.cases(in: directory) {
            let imported = try Self.imported(golden.files)
            let diagnostics = imported.files.map { TextDiagnosticRenderer().render($0.diagnostics.sorted, in: $0.source) }.joined()
            let programURL = directory.appendingPathComponent(golden.name + ".tiprules")
            let diagnosticsURL = directory.appendingPathComponent(golden.name + ".diagnostics.txt")
            if update {
                try imported.text.write(to: programURL, atomically: true, encoding: .utf8)
                if diagnostics.isEmpty {
                    try? FileManager.default.removeItem(at: diagnosticsURL)
                } else {
                    try diagnostics.write(to: diagnosticsURL, atomically: true, encoding: .utf8)
                }
                continue
            }
            #expect(imported.text == (try String(contentsOf: programURL, encoding: .utf8)), "\(golden.name): the program differs")
            let expected = (try? String(contentsOf: diagnosticsURL, encoding: .utf8)) ?? ""
            #expect(diagnostics == expected, "\(golden.name): the diagnostics differ")
            let errors = Compilation(source: SourceFile(name: golden.name + ".tiprules", text: imported.text)).diagnostics
                .filter { $0.severity == .error }
            #expect(errors.map(\.message) == [], "\(golden.name): the imported program has errors")
        }
    }

    /// Every import diagnostic code is exercised by some golden case.
    @Test func everyImportCodeIsCovered() throws {
        let texts = try (FileManager.default.contentsOfDirectory(at: Self.directory, includingPropertiesForKeys: nil)
            + FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil))
            .filter { $0.lastPathComponent.hasSuffix(".diagnostics.txt") }
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for code in DiagnosticCode.allCases where code.isImport && code != .importTooLarge {
            #expect(texts.contains("[\(code.code)]"), "no golden case reports \(code.code)")
        }
    }

    /// Each import code's erroneous example reports it; the corrected example imports with no diagnostic.
    @Test func explanationExamplesReportTheirCode() {
        for code in DiagnosticCode.allCases where code.isImport && code != .importTooLarge {
            let examples = ExplainTests.examples(in: DiagnosticExplanations.explanation(of: code))
            guard examples.count == 2 else { Issue.record("\(code.code): expected two examples"); return }
            let wrong = TipKitImporter.run([SourceFile(name: "Example.swift", text: examples[0])]).files.flatMap(\.diagnostics.items)
            #expect(wrong.contains { $0.code == code }, "\(code.code): the example reports \(wrong.map(\.message))")
            let fixed = TipKitImporter.run([SourceFile(name: "Example.swift", text: examples[1])])
            #expect(fixed.files.flatMap(\.diagnostics.items).map(\.message) == [], "\(code.code): the corrected example")
        }
    }

    // MARK: The command

    private func run(_ arguments: [String]) -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment())
    }

    @Test func cleanImportExitsZeroAndPrintsTheProgram() throws {
        let path = Self.directory.appendingPathComponent("backyard_favorite.swift").path
        let result = run(["import", path])
        #expect(result.status == ExitStatus.success)
        #expect(result.standardError == "")
        #expect(result.standardOutput == (try String(contentsOf: Self.directory.appendingPathComponent("backyard_favorite.tiprules"),
                                                         encoding: .utf8)))
    }

    @Test func droppedConstructsExitOneAndTheProgramIsStillWritten() throws {
        let path = Self.directory.appendingPathComponent("actions_and_assets.swift").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).tiprules").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = run(["import", path, "-o", output])
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("warning[TR0805]: the action 'Action(id: \"later\", perform: {}) { Text(\"Later\") }' is not carried over: it has no constant title"))
        #expect(result.standardError.hasSuffix("3 warnings generated.\n"))
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("tip PasswordTip {"))
    }

    @Test func importedProgramErrorsAreReportedAgainstTheOutput() {
        let source = "struct A: Tip {\n    var id: String { \"same\" }\n    var title: Text { Text(\"a\") }\n}\n"
            + "struct B: Tip {\n    var id: String { \"same\" }\n    var title: Text { Text(\"b\") }\n}\n"
        let result = TiprulecCommand.run(["import", "-"], environment: CommandEnvironment(readStandardInput: { _ in Array(source.utf8) }))
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardError.contains("<imported>.tiprules:"), Comment(rawValue: result.standardError))
        #expect(result.standardError.contains("error[TR0309]"), Comment(rawValue: result.standardError))
    }

    @Test func usageErrorsExitTwo() {
        #expect(run(["import"]).status == ExitStatus.badInput)
        #expect(run(["import", "/nonexistent/Tips.swift"]).status == ExitStatus.badInput)
        let path = Self.directory.appendingPathComponent("backyard_favorite.swift").path
        let overwrite = run(["import", path, "-o", path])
        #expect(overwrite.status == ExitStatus.badInput)
        #expect(overwrite.standardError.contains("would overwrite an input"))
    }
}
