import TipRulesToolingCore
/// What the client said it supports in `initialize`, for the answers that depend on it.
struct ClientSupport {
    /// `workspace.workspaceEdit.documentChanges`: edits may name the document version.
    var documentChanges = false
    /// `textDocument.completion.completionItem.snippetSupport`.
    var snippets = false

    init() {}

    /// Reads the `capabilities` of `initialize`'s params.
    init(_ capabilities: JSONValue?) {
        documentChanges = capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
        snippets = capabilities?["textDocument"]?["completion"]?["completionItem"]?["snippetSupport"]?.boolValue ?? false
    }

    /// A `WorkspaceEdit` of `edits` to `document`: `documentChanges` with its version when the
    /// client supports them, `changes` otherwise.
    func workspaceEdit(_ edits: [JSONValue], in document: OpenDocument) -> JSONValue {
        guard documentChanges else { return .object(["changes": .object([document.uri: .array(edits)])]) }
        let identifier: JSONObject = ["uri": .string(document.uri), "version": document.version.map(JSONValue.integer) ?? .null]
        return .object(["documentChanges": [.object(["textDocument": .object(identifier), "edits": .array(edits)])]])
    }
}
