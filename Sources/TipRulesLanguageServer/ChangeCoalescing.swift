import TipRulesToolingCore
/// Coalescing of document changes within what the server read at once: an editor that sends a
/// change per keystroke, with requests between them (a hover, a completion), can queue many
/// before the server reads them. Every `didOpen`, `didChange` and `didClose` is applied in order,
/// but a document is analysed and published only at its last change of the read, and a request
/// about a document that a later message of the same read changes is answered `ContentModified`
/// without being run: its answer would be for a version the client has already left. So a read
/// costs one analysis per document, however its changes and requests interleave.
struct ChangeCoalescing {
    /// For each document changed in the read, the position of its last change.
    private var lastChange: [String: Int] = [:]

    init(_ messages: [Result<JSONRPCMessage, JSONRPCMessage.Failure>]) {
        for (index, message) in messages.enumerated() {
            if let uri = Self.changedURI(message) { lastChange[uri] = index }
        }
    }

    /// Whether a message of the read changes the document `uri` after position `index`.
    func isChangedLater(_ uri: String, after index: Int) -> Bool {
        lastChange[uri].map { $0 > index } ?? false
    }

    /// The document a message opens, changes or closes.
    static func changedURI(_ message: Result<JSONRPCMessage, JSONRPCMessage.Failure>) -> String? {
        guard case .success(.notification(let method, let params)) = message,
              ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"].contains(method) else { return nil }
        return params?["textDocument"]?["uri"]?.stringValue
    }
}
