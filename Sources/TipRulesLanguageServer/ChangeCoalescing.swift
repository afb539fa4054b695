import TipRulesToolingCore
/// Coalescing of `textDocument/didChange`: an editor that sends a change per keystroke can
/// queue many before the server reads them. A run of consecutive `didChange` notifications
/// for one document becomes one, whose `contentChanges` are all of theirs in order and whose
/// version is the last, so that the document is analysed and published once, at its latest
/// version. Applying the merged changes gives the same text as applying them one by one.
enum ChangeCoalescing {
    /// How many messages from `start` are `didChange` notifications for the same document (at least 1).
    static func runLength(from start: Int, in messages: [Result<JSONRPCMessage, JSONRPCMessage.Failure>]) -> Int {
        guard let uri = changedURI(messages[start]) else { return 1 }
        var end = start + 1
        while end < messages.count, changedURI(messages[end]) == uri { end += 1 }
        return end - start
    }

    /// One `didChange` params holding the content changes of all of `params`, with the last one's document;
    /// nil if one of them has no `contentChanges` array.
    static func merged(_ params: [JSONValue?]) -> JSONValue? {
        var changes: [JSONValue] = []
        for item in params {
            guard let more = item?["contentChanges"]?.arrayValue else { return nil }
            changes += more
        }
        guard let document = params.last??["textDocument"] else { return nil }
        return .object(["textDocument": document, "contentChanges": .array(changes)])
    }

    private static func changedURI(_ message: Result<JSONRPCMessage, JSONRPCMessage.Failure>) -> String? {
        guard case .success(.notification("textDocument/didChange", let params)) = message else { return nil }
        return params?["textDocument"]?["uri"]?.stringValue
    }
}
