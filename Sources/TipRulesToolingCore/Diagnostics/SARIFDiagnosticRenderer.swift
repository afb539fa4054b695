import TipRulesCompiler

/// Renders diagnostics as a SARIF 2.1.0 log, for code scanning in CI.
///
/// The log has one run whose tool is `tiprulec`, with one rule per distinct
/// code reported (sorted by code) and one result per diagnostic: its rule,
/// level, message (notes without a span appended as `note:` lines), location,
/// notes with a span as related locations, and fix-its as SARIF fixes. Columns
/// count Unicode scalars (`columnKind` is `unicodeCodePoints`). Serialise the
/// result with `JSONWriter`.
public enum SARIFDiagnosticRenderer {
    /// The JSON schema of SARIF 2.1.0.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The log for the diagnostics of each file.
    /// - Parameters:
    ///   - toolVersion: the version of `tiprulec`, as `tiprulec --version` prints it.
    ///   - informationURI: the tool's home page, if it has one.
    ///   - describe: a one-line description of a code, for the rule's `shortDescription`;
    ///     by default the case name in words (`TR0201` is "Mismatched operands").
    public static func log(
        for files: [(file: SourceFile, diagnostics: [Diagnostic])],
        toolVersion: String,
        informationURI: String? = nil,
        describe: (DiagnosticCode) -> String = SARIFDiagnosticRenderer.caseNameInWords
    ) -> JSONValue {
        let codes = Set(files.flatMap { $0.diagnostics.map(\.code) }).sorted { $0.code < $1.code }
        var ruleIndex: [DiagnosticCode: Int] = [:]
        for (index, code) in codes.enumerated() { ruleIndex[code] = index }
        var driver: JSONObject = ["name": "tiprulec"]
        driver["informationUri"] = informationURI.map(JSONValue.string)
        driver["version"] = .string(toolVersion)
        driver["rules"] = .array(codes.map { code in
            [
                "id": .string(code.code),
                "shortDescription": ["text": .string(describe(code))],
                "defaultConfiguration": ["level": .string(code.defaultSeverity.rawValue)],
            ]
        })
        let results = files.flatMap { entry in
            entry.diagnostics.map { result(for: $0, in: entry.file, ruleIndex: ruleIndex[$0.code] ?? 0) }
        }
        let run: JSONValue = [
            "tool": ["driver": .object(driver)],
            "columnKind": "unicodeCodePoints",
            "results": .array(results),
        ]
        return ["$schema": .string(schemaURI), "version": "2.1.0", "runs": [run]]
    }

    /// A code's case name in words with the first letter capitalised:
    /// `mismatchedOperands` becomes "Mismatched operands", `invalidUTF8` "Invalid UTF8".
    public static func caseNameInWords(_ code: DiagnosticCode) -> String {
        var words: [String] = []
        var previous: Character?
        for character in String(describing: code) {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                words.append("")
            }
            if words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
            previous = character
        }
        let lowered = words.map { word in
            word.dropFirst().allSatisfy { !$0.isUppercase } ? word.lowercased() : word
        }
        let sentence = lowered.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    private static func result(for diagnostic: Diagnostic, in file: SourceFile, ruleIndex: Int) -> JSONValue {
        let unplacedNotes = diagnostic.notes.filter { $0.span == nil }.map { "\nnote: " + $0.message }
        var result: JSONObject = [
            "ruleId": .string(diagnostic.code.code),
            "ruleIndex": .integer(ruleIndex),
            "level": .string(diagnostic.severity.rawValue),
            "message": ["text": .string(diagnostic.message + unplacedNotes.joined())],
            "locations": [["physicalLocation": physicalLocation(diagnostic.span, in: file)]],
        ]
        let placedNotes = diagnostic.notes.compactMap { note in note.span.map { (note.message, $0) } }
        if !placedNotes.isEmpty {
            result["relatedLocations"] = .array(placedNotes.enumerated().map { index, note in
                [
                    "id": .integer(index),
                    "message": ["text": .string(note.0)],
                    "physicalLocation": physicalLocation(note.1, in: file),
                ]
            })
        }
        if !diagnostic.fixes.isEmpty {
            result["fixes"] = .array(diagnostic.fixes.map { fix in
                [
                    "description": ["text": .string(fix.message)],
                    "artifactChanges": [[
                        "artifactLocation": artifactLocation(file),
                        "replacements": .array(fix.edits.map { edit in
                            [
                                "deletedRegion": region(edit.span, in: file),
                                "insertedContent": ["text": .string(edit.newText)],
                            ]
                        }),
                    ]],
                ]
            })
        }
        return .object(result)
    }

    private static func physicalLocation(_ span: SourceSpan, in file: SourceFile) -> JSONValue {
        ["artifactLocation": artifactLocation(file), "region": region(span, in: file)]
    }

    /// The file as a URI reference: a relative path stays relative, an absolute
    /// one becomes a `file://` URI; bytes outside the unreserved set are percent-encoded.
    private static func artifactLocation(_ file: SourceFile) -> JSONValue {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        var encoded = ""
        for byte in file.name.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (byte < 0x10 ? "0" : "") + hex
            }
        }
        return ["uri": .string(file.name.hasPrefix("/") ? "file://" + encoded : encoded)]
    }

    private static func region(_ span: SourceSpan, in file: SourceFile) -> JSONValue {
        let start = file.location(of: span.start)
        let end = file.location(of: span.end)
        return [
            "startLine": .integer(start.line),
            "startColumn": .integer(start.column),
            "endLine": .integer(end.line),
            "endColumn": .integer(end.column),
        ]
    }
}
