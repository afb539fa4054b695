@testable import TipRulesCommands
@testable import TipRulesExplain
@testable import TipRulesTipKit
@testable import TipRulesToolingCore
import Foundation
import TipRulesCompiler
import Testing
import TipRulesTestSupport

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

    /// Never a silent loss: every tip, `@Parameter` and `#Rule(` of every case's Swift is in the
    /// imported program or in a warning. A tip is one by name (`tip X`, or a warning naming
    /// 'X'); a parameter likewise (`parameter [Owner.]x`, or a warning naming 'x'); the rules
    /// are counted: those written, plus one per warning that drops a rule (TR0806, TR0818),
    /// plus those inside a type whose tip is reported (TR0816, TR0819), make every `#Rule(`
    /// (at least every one, where a protocol's default rules are copied into its tips).
    @Test func nothingIsLeftOutWithoutAWarning() throws {
        for directory in [Self.directory, Self.corpus] {
            for golden in try Self.cases(in: directory) {
                let imported = try Self.imported(golden.files)
                let warnings = imported.files.flatMap { file in file.diagnostics.items.map { (file.source, $0) } }
                let messages = warnings.map(\.1.message).joined(separator: "\n")
                let sources = try golden.files.map { try String(contentsOf: $0.url, encoding: .utf8) }
                let code = sources.map(Self.withoutComments)
                for name in code.flatMap({ Self.captures(after: ["struct ", "extension "], before: ":", in: $0, containing: "Tip") }) {
                    // A tip renamed after its enums keeps its Swift name (`swiftName: "TaggingTips.Date"`).
                    let renamed = imported.text.contains("swiftName: \"") && imported.text.contains(".\(name)\"\n")
                    #expect(imported.text.contains("tip \(name) {") || renamed || messages.contains("'\(name)'"),
                            "\(golden.name): the tip \(name) is neither imported nor reported")
                }
                for name in code.flatMap(Self.parameterNames) {
                    let declared = imported.text.split(separator: "\n").contains { line in
                        line.hasPrefix("parameter ") || line.hasPrefix("transient parameter ")
                            ? line.contains(" \(name):") || line.contains(".\(name):") : false
                    }
                    #expect(declared || messages.contains("'\(name)'"), "\(golden.name): the parameter \(name) is neither imported nor reported")
                }
                let written = code.map { $0.components(separatedBy: "#Rule(").count - 1 }.reduce(0, +)
                let kept = imported.text.components(separatedBy: "#Rule(").count - 1
                // A rule that is no `#Rule(` (`Tips.Rule.oncePerSession`) is reported, but not counted as one.
                let dropped = warnings.filter {
                    [.importRule, .importRuleConstruct].contains($0.1.code) && !$0.1.message.contains("is not a #Rule written here")
                }.count
                let inReportedTypes = warnings.filter { [.importTipKind, .importUnrecognizedTip].contains($0.1.code) }
                    .map { Self.rules(inTypeAt: $0.1.span.start, of: String(decoding: $0.0.bytes, as: UTF8.self)) }.reduce(0, +)
                // A protocol's default rules are every conforming tip's: each tip gets its copy.
                let sharesDefaults = code.contains { $0.contains("protocol ") }
                #expect(sharesDefaults ? written <= kept + dropped + inReportedTypes : written == kept + dropped + inReportedTypes,
                        "\(golden.name): \(written) #Rule( in the Swift, \(kept) imported, \(dropped + inReportedTypes) reported")
            }
        }
    }

    /// The text with `//` comments blanked out (a rule in a comment is no rule).
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
    }

    /// The word after each of `starts` whose declaration, up to its `{`, mentions `containing`
    /// after `separator` (`struct X: Tip`, `extension X: Tip`).
    static func captures(after starts: [String], before separator: String, in text: String, containing: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard let start = starts.first(where: { trimmed.hasPrefix($0) }) else { return nil }
            let rest = trimmed.dropFirst(start.count)
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let header = rest.dropFirst(name.count).prefix { $0 != "{" }
            guard header.hasPrefix(separator) else { return nil }
            let conformances = header.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return conformances.contains(containing) ? name : nil
        }
    }

    /// The names of the `@Parameter … var NAME` declarations.
    static func parameterNames(in text: String) -> [String] {
        text.components(separatedBy: "@Parameter").dropFirst().compactMap { part in
            guard let range = part.range(of: "var ") else { return nil }
            return String(part[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }

    /// The `#Rule(`s inside the braces of the type declared at byte `offset` of `text`.
    static func rules(inTypeAt offset: Int, of text: String) -> Int {
        let bytes = Array(text.utf8)
        guard let open = bytes[min(offset, bytes.count)...].firstIndex(of: UInt8(ascii: "{")) else { return 0 }
        var depth = 0
        var close = open
        for index in open..<bytes.count {
            if bytes[index] == UInt8(ascii: "{") { depth += 1 }
            if bytes[index] == UInt8(ascii: "}") { depth -= 1 }
            if depth == 0 { close = index; break }
        }
        return String(decoding: bytes[open...close], as: UTF8.self).components(separatedBy: "#Rule(").count - 1
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

    // MARK: The command

    private func run(_ arguments: [String]) -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment())
    }

    /// A tip gets the defaults of protocols declared after it, through refinements declared in
    /// any order, the nearest protocol's first; a chain thousands deep imports too.
    @Test func protocolDefaultsComeThroughRefinementsInAnyOrder() {
        let swift = """
        struct WelcomeTip: Third { var title: Text { Text("Welcome") } }
        extension First { var image: Image? { Image(systemName: "star") }; var message: Text? { Text("first") } }
        extension Second { var message: Text? { Text("second") } }
        protocol Third: Second {}
        protocol Second: First {}
        protocol First: Tip {}
        """
        let imported = TipKitImporter.run([SourceFile(name: "Tips.swift", text: swift)])
        #expect(imported.text.contains("tip WelcomeTip {\n    title: \"Welcome\"\n    message: \"second\"\n    image: \"star\"\n}"), Comment(rawValue: imported.text))
        let chain = (1..<5_000).map { "protocol P\($0): P\($0 - 1) {}" }.reversed().joined(separator: "\n")
            + "\nprotocol P0: Tip {}\nstruct DeepTip: P4999 { var title: Text { Text(\"Deep\") } }\n"
        let deep = TipKitImporter.run([SourceFile(name: "Deep.swift", text: chain)])
        #expect(deep.text.contains("tip DeepTip {"), Comment(rawValue: deep.text))
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
        let folder = temporaryFolder(prefix: "import")
        defer { removeTemporaryFolder(folder) }
        let output = folder + "/Tips.tiprules"
        let result = run(["import", path, "-o", output])
        #expect(result.status == ExitStatus.programErrors)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("warning[TR0805]: the action 'Action(id: \"later\", perform: {}) { Text(\"Later\") }' is not carried over: it has no constant title"))
        #expect(result.standardError.hasSuffix("2 warnings generated.\n"))
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
