import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/publishDiagnostics`: the compiler's diagnostics of a document as LSP
/// diagnostics. Notes that point somewhere become related information; the others are
/// added to the message. First-beta spellings are tagged deprecated. Each links its code's
/// explanation (`codeDescription.href`): `docsURL` followed by `#TRxxxx`, an anchor of
/// docs/diagnostics.md; without a `docsURL`, no link.
enum PublishedDiagnostics {

    /// The notification for the current version of `document`.
    static func notification(for document: OpenDocument, encoding: PositionEncoding, docsURL: String?) -> JSONValue {
        var params: JSONObject = ["uri": .string(document.uri)]
        if let version = document.version { params["version"] = .integer(version) }
        params["diagnostics"] = .array(document.analysis.compilation.diagnostics.map { diagnostic($0, in: document, encoding: encoding, docsURL: docsURL) })
        return JSONRPC.notification(method: "textDocument/publishDiagnostics", params: .object(params))
    }

    /// The notification that clears the diagnostics of a closed document.
    static func cleared(uri: String) -> JSONValue {
        JSONRPC.notification(method: "textDocument/publishDiagnostics", params: .object(["uri": .string(uri), "diagnostics": []]))
    }

    /// One compiler diagnostic as an LSP `Diagnostic`.
    static func diagnostic(_ diagnostic: Diagnostic, in document: OpenDocument, encoding: PositionEncoding, docsURL: String?) -> JSONValue {
        let severity: Int
        switch diagnostic.severity {
        case .error: severity = 1
        case .warning: severity = 2
        case .note: severity = 3
        }
        let unplaced = diagnostic.notes.filter { $0.span == nil }.map { "\nnote: \($0.message)" }
        var object: JSONObject = [
            "range": document.text.range(of: diagnostic.span, encoding: encoding),
            "severity": .integer(severity),
            "code": .string(diagnostic.code.code),
            "source": "tiprulec",
            "message": .string(diagnostic.message + unplaced.joined()),
        ]
        if let docsURL { object["codeDescription"] = .object(["href": .string(docsURL + "#" + diagnostic.code.code)]) }
        let related: [JSONValue] = diagnostic.notes.compactMap { note in
            note.span.map { span in
                .object(["location": .object(["uri": .string(document.uri), "range": document.text.range(of: span, encoding: encoding)]),
                         "message": .string(note.message)])
            }
        }
        if !related.isEmpty { object["relatedInformation"] = .array(related) }
        if diagnostic.code.code.hasPrefix("TR05") { object["tags"] = [2] }
        return .object(object)
    }
}
