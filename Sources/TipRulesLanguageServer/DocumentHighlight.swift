import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/documentHighlight`: the occurrences of the name under the cursor, its
/// declaration marked `Write` (3) and its uses `Read` (2).
enum DocumentHighlight {
    /// The `DocumentHighlight[]` answering `params` (`TextDocumentPositionParams`).
    static func highlights(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let (document, offset) = try documents.documentAndOffset(params)
        guard let found = References.occurrences(at: offset, in: document.analysis) else { return .null }
        return .array(found.all.map { occurrence in
            .object(["range": document.text.range(of: occurrence.span, encoding: documents.encoding),
                     "kind": .integer(occurrence.isDeclaration ? 3 : 2)])
        })
    }
}
