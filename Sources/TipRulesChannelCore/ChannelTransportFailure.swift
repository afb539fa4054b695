import TipRulesJSON

/// A transport's failure as one line of JSON, so that a transport in another process (the
/// helper `tiprulec-fetch`) reports it as precisely as one in the process:
/// `{"failure":"httpStatus","url":"…","status":404}`.
public enum ChannelTransportFailure {
    /// The line for a failure of the transport (a `ChannelUpdateError` of another kind is
    /// `unreachable` with its description).
    public static func line(_ error: ChannelUpdateError) -> String {
        var members: [(String, JSONValue)]
        switch error {
        case .httpStatus(let url, let status): members = [("failure", "httpStatus"), ("url", .string(url)), ("status", .integer(status))]
        case .timedOut(let url, let seconds): members = [("failure", "timedOut"), ("url", .string(url)), ("seconds", .number(seconds))]
        case .tooLarge(let url, let limit): members = [("failure", "tooLarge"), ("url", .string(url)), ("limit", .integer(limit))]
        case .truncated(let url, let received, let expected):
            members = [("failure", "truncated"), ("url", .string(url)), ("received", .integer(received)), ("expected", .integer(expected))]
        case .redirectRefused(let url, let target): members = [("failure", "redirectRefused"), ("url", .string(url)), ("to", .string(target))]
        case .unreachable(let url, let reason): members = [("failure", "unreachable"), ("url", .string(url)), ("reason", .string(reason))]
        default: members = [("failure", "unreachable"), ("url", ""), ("reason", .string(error.description))]
        }
        return JSONWriter.string(from: ChannelJSON.sorted(members))
    }

    /// The failure a line says, or nil when it is not such a line.
    public static func error(_ line: String) -> ChannelUpdateError? {
        guard let json = try? ChannelJSON.object(Array(line.utf8), place: "failure"),
              let kind = try? json.string("failure"), let url = try? json.string("url") else { return nil }
        switch kind {
        case "httpStatus": return (try? json.integer("status")).map { .httpStatus(url: url, status: $0) }
        case "timedOut": return json.object["seconds"]?.doubleValue.map { .timedOut(url: url, seconds: $0) }
        case "tooLarge": return (try? json.integer("limit")).map { .tooLarge(url: url, limit: $0) }
        case "truncated":
            guard let received = try? json.integer("received"), let expected = try? json.integer("expected") else { return nil }
            return .truncated(url: url, received: received, expected: expected)
        case "redirectRefused": return (try? json.string("to")).map { .redirectRefused(url: url, to: $0) }
        case "unreachable": return (try? json.string("reason")).map { .unreachable(url: url, reason: $0) }
        default: return nil
        }
    }
}
