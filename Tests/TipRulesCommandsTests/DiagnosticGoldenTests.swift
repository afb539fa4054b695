import Foundation
import Testing
import TipRulesCompiler
import TipRulesCommands
import TipRulesToolingCore

/// Golden tests of the diagnostics `tiprulec check` prints.
///
/// Each case in `Golden/` is `NAME.tiprules` with:
/// - `NAME.expected.txt`: the text rendering (standard error, without colour,
///   including the closing summary line);
/// - `NAME.expected.json`: the `--format json` document, pretty-printed so that
///   differences read well (the test also checks that standard output is exactly
///   that document in compact form, on one line).
///
/// The cases run in-process through `TiprulecCommand.run(["check", "--stdin",
/// "--stdin-filename", "NAME.tiprules", …])`, so the output names the file
/// relatively and the test does not depend on the working directory.
///
/// After an intended change to the compiler's diagnostics, regenerate the expected
/// files and review the difference:
///
///     TIPRULEC_UPDATE_GOLDEN=1 swift test --filter DiagnosticGoldenTests
///
/// A new case needs only its `.tiprules` file; the update run writes the rest.
/// Serialized: under `TIPRULEC_UPDATE_GOLDEN=1` one test rewrites the golden files that the
/// suite's other tests read.
@Suite(.serialized) struct DiagnosticGoldenTests {
    /// `Tests/TipRulesCommandsTests/Golden`, found from this file's path (the test
    /// target declares no resources).
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden", isDirectory: true)

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] == "1" }

    /// Codes no golden case shows, and why.
    static let codesWithoutGoldenCase: [String: String] = [
        "TR0602": "needs a file over 8 MiB: see sourceTooLargeIsOneDiagnosticAtTheStart",
        "TR0604": "needs over a million tokens: see ResourceLimitTests.tokensAndDeclarationsAreBounded",
        "TR0901": "reported by 'compile --bytecode-version': see BytecodeVersionCommandTests.bytecodeVersionTooOldIsOneErrorPerConstructGolden",
        "TR0432": "reported by 'check --baseline': see HoldoutReleaseTests.checkWarnsAgainstItsBaseline",
    ]

    // MARK: - The cases

    @Test func everyGoldenCaseMatchesItsExpectedRenderings() throws {
        let names = try Self.caseNames()
        #expect(names.count >= 45, "expected at least 45 golden cases in \(Self.goldenDirectory.path)")
        for name in names {
            try checkCase(name)
        }
        if Self.isUpdating { print("Golden files regenerated in \(Self.goldenDirectory.path); review the diff.") }
    }

    @Test func noExpectedFileWithoutItsCase() throws {
        let names = Set(try Self.caseNames())
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path)
        for file in files where file.hasSuffix(".expected.txt") || file.hasSuffix(".expected.json") {
            let name = file.replacingOccurrences(of: ".expected.txt", with: "")
                .replacingOccurrences(of: ".expected.json", with: "")
            #expect(names.contains(name), "\(file) has no \(name).tiprules; delete it or restore the case")
        }
    }

    /// Every code the compiler reports appears in at least one golden case.
    @Test func goldenCasesCoverEveryReportedCode() throws {
        var covered = Set<String>()
        for name in try Self.caseNames() {
            let url = Self.goldenDirectory.appendingPathComponent(name + ".expected.json")
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                  let document = try? JSONParser().parse(text) else { continue }
            for diagnostic in document["diagnostics"]?.arrayValue ?? [] {
                if let code = diagnostic["code"]?.stringValue { covered.insert(code) }
            }
        }
        // Import codes (TR08xx) are reported on Swift, in ImportGoldenTests.
        let missing = DiagnosticCode.allCases.filter { !$0.isImport }.map(\.code)
            .filter { !covered.contains($0) && Self.codesWithoutGoldenCase[$0] == nil }
        #expect(missing == [], "no golden case shows these codes; add a case to \(Self.goldenDirectory.path)")
    }

    /// A source over the size limit: one diagnostic at 1:1, whatever the content.
    @Test func sourceTooLargeIsOneDiagnosticAtTheStart() throws {
        let line = "// padding\n"
        let bytes = Array(String(repeating: line, count: Compilation.maximumSourceSize / line.utf8.count + 1).utf8)
        let size = bytes.count
        #expect(size > Compilation.maximumSourceSize)

        let text = Self.check(bytes, name: "huge.tiprules", format: nil)
        #expect(text.status == ExitStatus.programErrors)
        #expect(text.standardError == """
            huge.tiprules:1:1: error[TR0602]: source file is too large (more than \(Compilation.maximumSourceSize) bytes)
              |
            1 | // padding
              | ^
              = note: the limit is \(Compilation.maximumSourceSize) bytes
            1 error generated.

            """)

        let json = Self.check(bytes, name: "huge.tiprules", format: "json")
        #expect(json.status == ExitStatus.programErrors)
        #expect(json.standardOutput == """
            {"diagnostics":[{"file":"huge.tiprules","severity":"error","code":"TR0602",\
            "message":"source file is too large (more than \(Compilation.maximumSourceSize) bytes)","line":1,"column":1,"endLine":1,"endColumn":1,\
            "notes":["the limit is \(Compilation.maximumSourceSize) bytes"],"fixes":[]}]}

            """)
    }

    // MARK: - Checking one case

    private func checkCase(_ name: String) throws {
        let directory = Self.goldenDirectory
        let source = directory.appendingPathComponent(name + ".tiprules")
        let bytes = Array(try Data(contentsOf: source))
        let fileName = name + ".tiprules"

        let text = Self.check(bytes, name: fileName, format: nil)
        let json = Self.check(bytes, name: fileName, format: "json")

        // The two runs agree, and each writes only to its own stream.
        #expect(text.standardOutput == "", "\(name): text diagnostics belong on standard error")
        #expect(json.standardError == "", "\(name): --format json writes nothing to standard error")
        #expect(text.status == json.status, "\(name): the exit status does not depend on the format")

        // Standard output is one compact JSON document on one line.
        let document: JSONValue
        do {
            document = try JSONParser().parse(json.standardOutput)
        } catch {
            Issue.record("\(name): --format json printed invalid JSON (\(error)):\n\(json.standardOutput)")
            return
        }
        #expect(json.standardOutput == JSONWriter.string(from: document) + "\n", "\(name): --format json prints one compact line")

        // The exit status follows the severities: 1 with an error, else 0.
        let severities = (document["diagnostics"]?.arrayValue ?? []).compactMap { $0["severity"]?.stringValue }
        #expect(json.status == (severities.contains("error") ? ExitStatus.programErrors : ExitStatus.success), "\(name): exit status")
        #expect(!severities.isEmpty, "\(name): a golden case should produce at least one diagnostic")

        compare(text.standardError, with: directory.appendingPathComponent(name + ".expected.txt"), case: name)
        compare(JSONWriter.string(from: document, style: .pretty) + "\n",
                with: directory.appendingPathComponent(name + ".expected.json"), case: name)
    }

    /// Compares `actual` with the expected file, or (when updating) rewrites the file.
    private func compare(_ actual: String, with url: URL, case name: String) {
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if Self.isUpdating {
            if expected != actual {
                do {
                    try actual.write(to: url, atomically: true, encoding: .utf8)
                } catch {
                    Issue.record("\(name): cannot write \(url.path): \(error)")
                }
            }
            return
        }
        guard let expected else {
            Issue.record("\(name): \(url.lastPathComponent) is missing; run with TIPRULEC_UPDATE_GOLDEN=1 to create it, then review it")
            return
        }
        if expected != actual {
            Issue.record("""
                \(name): the output differs from \(url.lastPathComponent) \
                (- expected, + actual; TIPRULEC_UPDATE_GOLDEN=1 regenerates):
                \(Self.lineDiff(expected: expected, actual: actual))
                """)
        }
    }

    // MARK: - Helpers

    /// The names (without `.tiprules`) of the cases, sorted.
    static func caseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)
            .filter { $0.hasSuffix(".tiprules") }
            .map { String($0.dropLast(".tiprules".count)) }
            .sorted()
    }

    /// `tiprulec check --stdin --stdin-filename NAME [--format FORMAT]` in-process, without colour.
    static func check(_ bytes: [UInt8], name: String, format: String?) -> CommandResult {
        var arguments = ["check", "--stdin", "--stdin-filename", name]
        if let format { arguments += ["--format", format] }
        return TiprulecCommand.run(arguments, environment: CommandEnvironment(readStandardInput: { _ in bytes }))
    }

    /// A line diff of two texts: common lines prefixed with two spaces, lines only
    /// in `expected` with `- `, lines only in `actual` with `+ `; long runs of
    /// common lines are elided. Trailing whitespace and missing final newlines are
    /// made visible.
    static func lineDiff(expected: String, actual: String) -> String {
        func lines(_ text: String) -> [String] {
            var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if result.last == "" { result.removeLast() } else { result[result.count - 1] += "⏎ (no final newline)" }
            return result.map { line in
                line.last.map { $0 == " " || $0 == "\t" } == true ? line + "·(trailing whitespace)" : line
            }
        }
        let old = lines(expected), new = lines(actual)
        // Longest common subsequence, by dynamic programming (the files are small).
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var output: [(mark: Character, line: String)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && old[i] == new[j] {
                output.append((" ", old[i])); i += 1; j += 1
            } else if i < old.count && (j == new.count || table[i + 1][j] >= table[i][j + 1]) {
                output.append(("-", old[i])); i += 1
            } else {
                output.append(("+", new[j])); j += 1
            }
        }
        // Keep two lines of context around each change.
        let changed = output.indices.filter { output[$0].mark != " " }
        var shown: [String] = []
        var lastShown = -1
        for index in output.indices {
            let near = changed.contains { abs($0 - index) <= 2 }
            guard near else { continue }
            if index > lastShown + 1 { shown.append("  …") }
            shown.append("\(output[index].mark) \(output[index].line)")
            lastShown = index
        }
        if lastShown < output.count - 1 { shown.append("  …") }
        return shown.joined(separator: "\n")
    }
}
