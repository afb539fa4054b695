import TipRulesCompiler

/// Renders diagnostics as the JSON document of `tiprulec check --format json`:
///
/// ```json
/// {"diagnostics":[{"file":"app.tiprules","severity":"error","code":"TR0201",
///   "message":"…","line":12,"column":30,"endLine":12,"endColumn":35,
///   "notes":["…"],"fixes":[{"message":"…","edits":[{"line":12,"column":30,
///   "endLine":12,"endColumn":35,"newText":"…"}]}]}]}
/// ```
///
/// Lines and columns are 1-based, columns count Unicode scalars and the end is
/// exclusive. A note with a span ends with ` (at LINE:COLUMN)`. Serialise the
/// result with `JSONWriter`.
public enum JSONDiagnosticRenderer {
    /// The document for the diagnostics of each file, files and diagnostics in the order given.
    public static func document(for files: [(file: SourceFile, diagnostics: [Diagnostic])]) -> JSONValue {
        let diagnostics = files.flatMap { entry in
            entry.diagnostics.map { diagnosticObject($0, in: entry.file) }
        }
        return .object(["diagnostics": .array(diagnostics)])
    }

    private static func diagnosticObject(_ diagnostic: Diagnostic, in file: SourceFile) -> JSONValue {
        var object: JSONObject = [
            "file": .string(file.name),
            "severity": .string(diagnostic.severity.rawValue),
            "code": .string(diagnostic.code.code),
            "message": .string(diagnostic.message),
        ]
        addRange(of: diagnostic.span, in: file, to: &object)
        object["notes"] = .array(diagnostic.notes.map { note in
            guard let span = note.span else { return .string(note.message) }
            let location = file.location(of: span.start)
            return .string("\(note.message) (at \(location.line):\(location.column))")
        })
        object["fixes"] = .array(diagnostic.fixes.map { fix in
            .object([
                "message": .string(fix.message),
                "edits": .array(fix.edits.map { edit in
                    var editObject = JSONObject()
                    addRange(of: edit.span, in: file, to: &editObject)
                    editObject["newText"] = .string(edit.newText)
                    return .object(editObject)
                }),
            ])
        })
        return .object(object)
    }

    /// Appends `line`, `column`, `endLine` and `endColumn` for `span`.
    private static func addRange(of span: SourceSpan, in file: SourceFile, to object: inout JSONObject) {
        let start = file.location(of: span.start)
        let end = file.location(of: span.end)
        object["line"] = .integer(start.line)
        object["column"] = .integer(start.column)
        object["endLine"] = .integer(end.line)
        object["endColumn"] = .integer(end.column)
    }
}
