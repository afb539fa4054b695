import TipRulesCompiler
import TipRulesToolingCore

/// What the front end makes of one version of a document: diagnostics, syntax and declarations.
struct DocumentAnalysis {
    let compilation: Compilation
    let symbols: SymbolIndex

    init(name: String, bytes: [UInt8]) {
        self.init(Compilation(name: name, bytes: bytes))
    }

    init(_ compilation: Compilation) {
        self.compilation = compilation
        symbols = SymbolIndex(compilation.syntax)
    }

    var source: SourceFile { compilation.source }
    /// The checker's types and referents.
    var model: SemanticModel { compilation.model }

    /// Whether `offset` is in or just after a token, rather than in white space or a comment.
    func touchesToken(at offset: Int) -> Bool {
        let tokens = Lexer.tokenize(source).tokens
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = low + (high - low) / 2
            if tokens[mid].span.end < offset { low = mid + 1 } else { high = mid }
        }
        return low < tokens.count && tokens[low].span.start <= offset && tokens[low].kind != .endOfFile
    }
}

/// One open document: its text, the version the client gave it, and what the compiler makes of
/// it — analysed the first time something asks, once per version, so a version that a later change
/// replaces before anyone asks is never analysed.
struct OpenDocument {
    let uri: String
    let version: Int?
    let text: TextDocument
    private let lazyAnalysis: LazyAnalysis

    init(uri: String, version: Int?, text: TextDocument, counter: AnalysisCounter) {
        self.uri = uri
        self.version = version
        self.text = text
        lazyAnalysis = LazyAnalysis(name: uri, bytes: text.bytes, counter: counter)
    }

    var analysis: DocumentAnalysis { lazyAnalysis.value }
}

/// How many analyses the documents of a server have had made: each is a full check of one version.
final class AnalysisCounter {
    var count = 0
}

/// The analysis of one version of a document, made when first asked for and then kept.
private final class LazyAnalysis {
    private let name: String
    private let bytes: [UInt8]
    private let counter: AnalysisCounter
    private var made: DocumentAnalysis?

    init(name: String, bytes: [UInt8], counter: AnalysisCounter) {
        self.name = name
        self.bytes = bytes
        self.counter = counter
    }

    var value: DocumentAnalysis {
        if let made { return made }
        let analysis = DocumentAnalysis(name: name, bytes: bytes)
        counter.count += 1
        made = analysis
        return analysis
    }
}

/// The documents the client has open, kept in step with `textDocument/didOpen`,
/// `didChange` (whole-text and incremental changes) and `didClose`. Positions are
/// read in the negotiated `encoding`.
struct DocumentStore {
    /// The largest document kept, in bytes; a change that would make one larger is refused.
    static let maximumDocumentSize = 32 * 1024 * 1024

    var encoding = PositionEncoding.utf16
    private var documents: [String: OpenDocument] = [:]
    /// The documents changed since their diagnostics were last published.
    private var changedSincePublished = Set<String>()
    /// The analyses made so far (full checks of a version).
    let analyses = AnalysisCounter()

    /// `textDocument/didOpen`: `{"textDocument": {"uri", "version", "text"}}`.
    @discardableResult
    mutating func open(_ params: JSONValue?) throws(JSONRPCError) -> OpenDocument {
        let item = params?["textDocument"]
        let uri = try Self.uri(in: item)
        guard let text = item?["text"]?.stringValue else {
            throw JSONRPCError(.invalidParams, "'textDocument.text' must be a string")
        }
        let bytes = Array(text.utf8)
        try Self.checkSize(bytes.count, uri: uri)
        let document = OpenDocument(uri: uri, version: item?["version"]?.intValue, text: TextDocument(bytes: bytes), counter: analyses)
        documents[uri] = document
        changedSincePublished.insert(uri)
        return document
    }

    /// `textDocument/didChange`: applies each of `contentChanges` in order, a change
    /// with a `range` replacing that range and one without replacing the whole text.
    /// Nothing is applied when one of them is invalid.
    @discardableResult
    mutating func change(_ params: JSONValue?) throws(JSONRPCError) -> OpenDocument {
        let current = try self.document(params)
        guard let changes = params?["contentChanges"]?.arrayValue else {
            throw JSONRPCError(.invalidParams, "'contentChanges' must be an array")
        }
        var text = current.text
        for change in changes {
            guard let replacement = change["text"]?.stringValue.map({ Array($0.utf8) }) else {
                throw JSONRPCError(.invalidParams, "each content change needs a string 'text'")
            }
            let range = change["range"] == nil ? 0..<text.bytes.count
                : try text.byteRange(of: change["range"], encoding: encoding)
            try Self.checkSize(text.bytes.count - range.count + replacement.count, uri: current.uri)
            text.replace(range, with: replacement)
        }
        let document = OpenDocument(uri: current.uri, version: params?["textDocument"]?["version"]?.intValue, text: text,
                                    counter: analyses)
        documents[document.uri] = document
        changedSincePublished.insert(document.uri)
        return document
    }

    /// `textDocument/didClose`: forgets the document; returns its URI.
    mutating func close(_ params: JSONValue?) throws(JSONRPCError) -> String {
        let document = try self.document(params)
        documents[document.uri] = nil
        changedSincePublished.remove(document.uri)
        return document.uri
    }

    /// The document `uri` if it changed since its diagnostics were last published; from then on
    /// it counts as published.
    mutating func unpublished(_ uri: String) -> OpenDocument? {
        guard changedSincePublished.remove(uri) != nil else { return nil }
        return documents[uri]
    }

    /// The open document named by `params.textDocument.uri`.
    func document(_ params: JSONValue?) throws(JSONRPCError) -> OpenDocument {
        let uri = try Self.uri(in: params?["textDocument"])
        guard let document = documents[uri] else { throw JSONRPCError(.invalidParams, "the document '\(uri)' is not open") }
        return document
    }

    /// The open document and the byte offset of `params.position`
    /// (`TextDocumentPositionParams`).
    func documentAndOffset(_ params: JSONValue?) throws(JSONRPCError) -> (OpenDocument, Int) {
        let document = try self.document(params)
        let position = try LSPPosition(json: params?["position"])
        return (document, document.text.offset(of: position, encoding: encoding))
    }

    private static func uri(in textDocument: JSONValue?) throws(JSONRPCError) -> String {
        guard let uri = textDocument?["uri"]?.stringValue else {
            throw JSONRPCError(.invalidParams, "'textDocument.uri' must be a string")
        }
        return uri
    }

    private static func checkSize(_ size: Int, uri: String) throws(JSONRPCError) {
        guard size <= maximumDocumentSize else {
            throw JSONRPCError(.invalidParams, "the document '\(uri)' would be larger than \(maximumDocumentSize) bytes")
        }
    }
}
