import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/formatting` and `textDocument/rangeFormatting`: `SourceFormatter`'s layout as
/// one edit per changed line (the range form keeps the edits of the lines the range touches).
/// A document with a syntax error gets no edits.
enum DocumentFormatting {
    /// The `TextEdit`s for `params` (`DocumentFormattingParams` or `DocumentRangeFormattingParams`).
    static func edits(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let document = try documents.document(params)
        var range: Range<Int>?
        if params?["range"] != nil { range = try document.text.byteRange(of: params?["range"], encoding: documents.encoding) }
        guard var edits = SourceFormatter.lineEdits(document.text.bytes, name: document.uri) else { return [] }
        if let range {
            edits = edits.filter { $0.span.start <= range.upperBound && range.lowerBound < max($0.span.end, $0.span.start + 1) }
        }
        return .array(edits.map { edit in
            .object(["range": document.text.range(of: edit.span, encoding: documents.encoding), "newText": .string(edit.newText)])
        })
    }
}
