#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TipRulesToolingCore
/// A Language Server Protocol (3.17) server for `.tiprules` files that knows nothing of
/// processes or streams: give it each message the client sent, send what it returns.
///
/// It follows the LSP lifecycle: requests before `initialize` get `ServerNotInitialized`
/// and requests after `shutdown` get `InvalidRequest`; `exit` sets `exitStatus` (0 after
/// `shutdown`, 1 otherwise), after which nothing is handled. Unknown requests get
/// `MethodNotFound`, unknown notifications are ignored, and a message that is not JSON
/// or not JSON-RPC gets an error response; the server keeps going whatever it receives.
public struct LanguageServer {
    private enum State {
        case uninitialized, running, shutDown
    }

    private var state = State.uninitialized
    private var documents = DocumentStore()
    private var client = ClientSupport()
    /// Where `codeDescription.href` links point: docs/diagnostics.md, published.
    private let docsURL: String?
    /// How many times a document's version was analysed (a full check), for the tests.
    var analysesMade: Int { documents.analyses.count }
    /// The process's exit status once `exit` has arrived.
    public private(set) var exitStatus: Int32?

    /// Where the diagnostics' explanations are unless `tiprulec lsp --docs-url` says otherwise:
    /// docs/diagnostics.md of the source tree `tiprulec` was built from, as a `file://` link,
    /// when that file is there; else none (the project publishes no web address of its own).
    public static let defaultDocsURL: String? = {
        guard let docs = SourceTree.root(containing: #filePath)?.appendingPathComponent("docs/diagnostics.md") else { return nil }
        return FileManager.default.fileExists(atPath: docs.path) ? docs.absoluteString : nil
    }()

    /// A server whose diagnostics link their explanations at `docsURL` (followed by
    /// `#TRxxxx`); with nil, diagnostics carry no link.
    public init(docsURL: String? = LanguageServer.defaultDocsURL) {
        self.docsURL = docsURL
    }

    /// Handles one message body; returns the messages to send, in order.
    public mutating func handle(_ body: [UInt8]) -> [JSONValue] {
        handle([.message(body)])
    }

    /// Handles one parsed message; returns the messages to send, in order.
    public mutating func handle(_ message: JSONValue) -> [JSONValue] {
        let decoded = JSONRPCMessage.decode(message)
        var staleAnswers = 0
        return handle(decoded, cancelled: [], at: 0, coalescing: ChangeCoalescing([decoded]), staleAnswers: &staleAnswers)
    }

    /// Handles what the frame reader found in one read, in order. A request that a
    /// `$/cancelRequest` among them cancels is answered `RequestCancelled` without being run;
    /// changes are coalesced as `ChangeCoalescing` says.
    public mutating func handle(_ events: [FrameEvent]) -> [JSONValue] {
        let messages = events.map { event -> Result<JSONRPCMessage, JSONRPCMessage.Failure> in
            switch event {
            case .message(let body): return JSONRPCMessage.decode(body)
            case .malformed(let problem):
                return .failure(JSONRPCMessage.Failure(id: nil, error: JSONRPCError(.parseError, "malformed message frame: \(problem)")))
            }
        }
        let cancelled = Set(messages.compactMap { message -> JSONRPCID? in
            guard case .success(.notification("$/cancelRequest", let params)) = message else { return nil }
            return params?["id"].flatMap(JSONRPCID.init)
        })
        let coalescing = ChangeCoalescing(messages)
        var outgoing: [JSONValue] = []
        var staleAnswers = 0
        for (index, message) in messages.enumerated() {
            outgoing += handle(message, cancelled: cancelled, at: index, coalescing: coalescing, staleAnswers: &staleAnswers)
        }
        return outgoing
    }

    /// The requests of one read about a version that a later message of the read changes which
    /// are still answered (a script sent in one write reads as the client meant it); past them,
    /// such a request is answered `ContentModified`, so a read costs a bounded number of analyses.
    static let staleAnswersPerRead = 8

    /// Handles the message at `index` of a read; `coalescing` says which documents the read
    /// changes later (see `ChangeCoalescing`); `staleAnswers` counts the read's requests answered
    /// about a version it changes later.
    private mutating func handle(_ message: Result<JSONRPCMessage, JSONRPCMessage.Failure>, cancelled: Set<JSONRPCID>,
                                 at index: Int, coalescing: ChangeCoalescing, staleAnswers: inout Int) -> [JSONValue] {
        guard exitStatus == nil else { return [] }
        switch message {
        case .failure(let failure):
            return [JSONRPC.errorResponse(id: failure.id, failure.error)]
        case .success(.response):
            return []
        case .success(.notification(let method, let params)):
            var outgoing: [JSONValue]
            do throws(JSONRPCError) {
                outgoing = try notify(method, params)
            } catch {
                outgoing = [JSONRPC.notification(method: "window/logMessage",
                                                 params: .object(["type": 1, "message": .string("\(method): \(error.message)")]))]
            }
            if let uri = ChangeCoalescing.changedURI(message), !coalescing.isChangedLater(uri, after: index),
               let document = documents.unpublished(uri) {
                outgoing.append(PublishedDiagnostics.notification(for: document, encoding: documents.encoding, docsURL: docsURL))
            }
            return outgoing
        case .success(.request(let id, let method, let params)):
            guard !cancelled.contains(id) else {
                return [JSONRPC.errorResponse(id: id, JSONRPCError(.requestCancelled, "the request was cancelled"))]
            }
            if let uri = params?["textDocument"]?["uri"]?.stringValue, coalescing.isChangedLater(uri, after: index) {
                guard staleAnswers < Self.staleAnswersPerRead else {
                    return [JSONRPC.errorResponse(id: id, JSONRPCError(.contentModified, "the document changed before the request was answered"))]
                }
                staleAnswers += 1
            }
            do throws(JSONRPCError) {
                return [JSONRPC.response(id: id, result: try respond(method, params))]
            } catch {
                return [JSONRPC.errorResponse(id: id, error)]
            }
        }
    }

    // MARK: Requests

    private mutating func respond(_ method: String, _ params: JSONValue?) throws(JSONRPCError) -> JSONValue {
        switch state {
        case .uninitialized where method != "initialize":
            throw JSONRPCError(.serverNotInitialized, "the server has not been initialized")
        case .running where method == "initialize":
            throw JSONRPCError(.invalidRequest, "the server is already initialized")
        case .shutDown:
            throw JSONRPCError(.invalidRequest, "the server is shutting down")
        default:
            break
        }
        switch method {
        case "initialize":
            return initialize(params)
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/hover":
            let (document, offset) = try documents.documentAndOffset(params)
            guard let hover = Hover.hover(at: offset, in: document.analysis) else { return .null }
            return .object(["contents": .object(["kind": "markdown", "value": .string(hover.markdown)]),
                            "range": document.text.range(of: hover.span, encoding: documents.encoding)])
        case "textDocument/completion":
            let (document, offset) = try documents.documentAndOffset(params)
            return .object(["isIncomplete": false,
                            "items": .array(Completion.items(at: offset, in: document, encoding: documents.encoding,
                                                                     snippets: client.snippets))])
        case "textDocument/documentSymbol":
            return DocumentSymbols.symbols(of: try documents.document(params), encoding: documents.encoding)
        case "textDocument/definition":
            let (document, offset) = try documents.documentAndOffset(params)
            guard let span = Definition.definition(at: offset, in: document.analysis) else { return .null }
            return .object(["uri": .string(document.uri), "range": document.text.range(of: span, encoding: documents.encoding)])
        case "textDocument/references": return try References.locations(params, in: documents)
        case "textDocument/documentHighlight": return try DocumentHighlight.highlights(params, in: documents)
        case "textDocument/prepareRename": return try Rename.prepare(params, in: documents)
        case "textDocument/rename": return try Rename.rename(params, in: documents)
        case "textDocument/semanticTokens/full", "textDocument/semanticTokens/range": return try SemanticTokens.tokens(params, in: documents)
        case "textDocument/signatureHelp": return try SignatureHelp.help(params, in: documents)
        case "textDocument/inlayHint": return try InlayHints.hints(params, in: documents)
        case "textDocument/formatting", "textDocument/rangeFormatting": return try DocumentFormatting.edits(params, in: documents)
        case "textDocument/foldingRange": return try FoldingRanges.ranges(params, in: documents)
        case "textDocument/codeAction": return try CodeActions.actions(params, in: documents, client: client, docsURL: docsURL)
        default:
            throw JSONRPCError(.methodNotFound, "unknown method '\(method)'")
        }
    }

    private mutating func initialize(_ params: JSONValue?) -> JSONValue {
        let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue)
        documents.encoding = PositionEncoding.negotiate(offered: offered)
        client = ClientSupport(params?["capabilities"])
        state = .running
        let capabilities: JSONObject = [
            "positionEncoding": .string(documents.encoding.rawValue),
            "textDocumentSync": .object(["openClose": true, "change": 2]),
            "hoverProvider": true,
            "completionProvider": .object(["triggerCharacters": [".", "$", "\\"]]),
            "documentSymbolProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "documentHighlightProvider": true,
            "renameProvider": .object(["prepareProvider": true]),
            "semanticTokensProvider": .object(["legend": SemanticTokens.legend, "full": true, "range": true]),
            "signatureHelpProvider": .object(["triggerCharacters": ["(", ","]]),
            "inlayHintProvider": true,
            "documentFormattingProvider": true,
            "documentRangeFormattingProvider": true,
            "foldingRangeProvider": true,
            "codeActionProvider": .object(["codeActionKinds": ["quickfix", .string(CodeActions.fixAllKind)]]),
        ]
        return .object(["capabilities": .object(capabilities),
                        "serverInfo": .object(["name": "tiprulec", "version": .string(Version.current)])])
    }

    // MARK: Notifications

    private mutating func notify(_ method: String, _ params: JSONValue?) throws(JSONRPCError) -> [JSONValue] {
        if method == "exit" {
            exitStatus = state == .shutDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            try documents.open(params)
            return []
        case "textDocument/didChange":
            try documents.change(params)
            return []
        case "textDocument/didClose":
            return [PublishedDiagnostics.cleared(uri: try documents.close(params))]
        default:
            return []
        }
    }
}
