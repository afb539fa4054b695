import TipRulesToolingCore
/// A JSON-RPC 2.0 request id: an integer or a string.
enum JSONRPCID: Hashable, Sendable {
    case integer(Int)
    case string(String)

    /// The id in `value`, if it is an integer or a string.
    init?(_ value: JSONValue) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    /// The id as JSON.
    var json: JSONValue {
        switch self {
        case .integer(let number): return .integer(number)
        case .string(let text): return .string(text)
        }
    }
}

/// The JSON-RPC and LSP error codes the server answers with.
enum JSONRPCErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case serverNotInitialized = -32002
    case requestCancelled = -32800
    /// LSP's `ContentModified`: the document changed before the request could be answered.
    case contentModified = -32801
    /// LSP's `RequestFailed`: the request was valid but cannot be done (a rename that would collide).
    case requestFailed = -32803
}

/// A JSON-RPC error: a code and a message for people.
struct JSONRPCError: Error, Equatable, Sendable {
    var code: JSONRPCErrorCode
    var message: String

    init(_ code: JSONRPCErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// An incoming JSON-RPC 2.0 message.
enum JSONRPCMessage: Equatable, Sendable {
    /// A call that wants a response.
    case request(id: JSONRPCID, method: String, params: JSONValue?)
    /// A call that wants none.
    case notification(method: String, params: JSONValue?)
    /// The answer to a request the server sent (the server sends none, so these are ignored).
    case response(id: JSONRPCID)

    /// Why a message could not be understood, and the id to answer to (nil when none could be read).
    struct Failure: Error, Equatable, Sendable {
        var id: JSONRPCID?
        var error: JSONRPCError
    }

    /// Parses and validates one message body.
    static func decode(_ body: [UInt8]) -> Result<JSONRPCMessage, Failure> {
        do throws(JSONParseError) {
            return decode(try JSONParser().parse(body))
        } catch {
            return .failure(Failure(id: nil, error: JSONRPCError(.parseError, "invalid JSON: \(error.description)")))
        }
    }

    /// Validates one parsed message.
    static func decode(_ value: JSONValue) -> Result<JSONRPCMessage, Failure> {
        guard let object = value.objectValue else {
            let what = value.arrayValue != nil ? "batches are not supported" : "a message must be an object, not \(value.kindDescription)"
            return .failure(Failure(id: nil, error: JSONRPCError(.invalidRequest, what)))
        }
        let rawID = object["id"]
        let id = rawID.flatMap(JSONRPCID.init)
        func invalid(_ message: String) -> Result<JSONRPCMessage, Failure> {
            .failure(Failure(id: id, error: JSONRPCError(.invalidRequest, message)))
        }
        guard object["jsonrpc"] == .string("2.0") else { return invalid("'jsonrpc' must be \"2.0\"") }
        if rawID != nil && id == nil { return invalid("'id' must be an integer or a string") }
        guard let method = object["method"] else {
            guard let id, object["result"] != nil || object["error"] != nil else {
                return invalid("a message needs a 'method' (or, for a response, an 'id' and a 'result' or 'error')")
            }
            return .success(.response(id: id))
        }
        guard let name = method.stringValue else { return invalid("'method' must be a string") }
        let params = object["params"]
        if let params, params.objectValue == nil && params.arrayValue == nil {
            return invalid("'params' must be an object or an array")
        }
        return .success(id.map { .request(id: $0, method: name, params: params) } ?? .notification(method: name, params: params))
    }
}

/// Builders for outgoing JSON-RPC 2.0 messages.
enum JSONRPC {
    static func response(id: JSONRPCID, result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id.json, "result": result])
    }

    /// An error response; `id` is nil (JSON `null`) when the request's id could not be read.
    static func errorResponse(id: JSONRPCID?, _ error: JSONRPCError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id?.json ?? .null,
                 "error": .object(["code": .integer(error.code.rawValue), "message": .string(error.message)])])
    }

    static func notification(method: String, params: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }
}
