import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// A `tiprulec lsp` child process driven as an editor drives it: framed JSON-RPC over its
/// standard input and output. End-to-end tests use it to check the server as users run it.
/// `@unchecked Sendable`: the reader thread touches only `buffer` and `ended`, under `received`;
/// everything else belongs to the test's own thread.
final class LanguageServerProcess: @unchecked Sendable {
    /// How long a test waits for an answer before it fails instead of hanging.
    static let timeout: TimeInterval = 20

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let received = NSCondition()
    private var buffer: [UInt8] = []
    private var ended = false
    private var nextID = 0
    /// Every message the server sent that was not yet taken by `response(to:)` or `notification(_:)`.
    private(set) var pending: [JSONValue] = []

    /// The `tiprulec` built beside the test bundle.
    static var executable: URL {
        builtProduct("tiprulec")
    }

    /// Starts `tiprulec lsp` with `arguments` after `lsp`.
    init(arguments: [String] = []) throws {
        let executable = Self.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            try Test.cancel("\(executable.path) is not built")
        }
        // A child that died must fail the test through its missing answer, not end the whole
        // test process with SIGPIPE when the test writes to it.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = executable
        process.arguments = ["lsp"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.append(data)
        }
        process.withoutBacktracer()
        try process.run()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    private func append(_ data: Data) {
        received.lock()
        if data.isEmpty { ended = true } else { buffer.append(contentsOf: data) }
        received.broadcast()
        received.unlock()
    }

    // MARK: Sending

    /// Writes `bytes` to the server exactly as given (for malformed input).
    func sendRaw(_ bytes: [UInt8]) {
        try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Writes one framed message.
    func send(_ message: JSONValue) {
        let body = Array(JSONWriter.string(from: message).utf8)
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a request and returns its id without waiting.
    @discardableResult
    func sendRequest(_ method: String, _ params: JSONValue = .object([:])) -> Int {
        nextID += 1
        send(.object(["jsonrpc": "2.0", "id": .integer(nextID), "method": .string(method), "params": params]))
        return nextID
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONValue = .object([:])) {
        send(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Closes the server's standard input.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    // MARK: Receiving

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: JSONValue = .object([:])) -> JSONValue? {
        response(to: sendRequest(method, params))
    }

    /// The result of a request that must succeed.
    func result(_ method: String, _ params: JSONValue = .object([:]),
                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue {
        let reply = request(method, params)
        #expect(reply != nil, "no response to \(method)", sourceLocation: sourceLocation)
        #expect(reply?["error"] == nil, "\(method) failed: \(String(describing: reply))", sourceLocation: sourceLocation)
        return reply?["result"] ?? .null
    }

    /// Waits for the response to request `id`.
    func response(to id: Int) -> JSONValue? {
        take { $0["id"] == .integer(id) && $0["method"] == nil }
    }

    /// Waits for the next notification named `method`.
    func notification(_ method: String) -> JSONValue? {
        take { $0["method"] == .string(method) && $0["id"] == nil }
    }

    /// Waits for the next message that satisfies `matches`, keeping the others in `pending`.
    func take(where matches: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date(timeIntervalSinceNow: Self.timeout)
        received.lock()
        defer { received.unlock() }
        while true {
            while let message = nextFrame() { pending.append(message) }
            if let index = pending.firstIndex(where: matches) { return pending.remove(at: index) }
            if ended || !received.wait(until: deadline) { return nil }
        }
    }

    /// Parses one complete frame off the front of the buffer (the lock is held).
    private func nextFrame() -> JSONValue? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headerEnd = buffer.indices.first(where: { buffer[$0...].starts(with: separator) }) else { return nil }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        let length = header.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let bodyStart = headerEnd + separator.count
        guard buffer.count >= bodyStart + length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return (try? JSONParser().parse(body)) ?? .string("unparsable: \(String(decoding: body, as: UTF8.self))")
    }

    // MARK: Session

    /// `initialize` with `capabilities`, then `initialized`; the server's capabilities.
    @discardableResult
    func initialize(_ capabilities: JSONValue = .object([:])) -> JSONValue {
        let result = result("initialize", .object(["processId": .null, "rootUri": .null, "capabilities": capabilities]))
        notify("initialized")
        return result["capabilities"] ?? .null
    }

    /// Opens `text` as `uri` and returns the diagnostics published for it.
    @discardableResult
    func open(_ uri: String, _ text: String) -> [JSONValue]? {
        notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tiprules", "version": 1, "text": .string(text),
        ])]))
        return diagnostics(for: uri)
    }

    /// Waits for the next diagnostics published for `uri`.
    func diagnostics(for uri: String) -> [JSONValue]? {
        take { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }?[
            "params"]?["diagnostics"]?.arrayValue
    }

    /// `shutdown` then `exit`; the process's exit status.
    func shutdownAndExit() -> Int32 {
        _ = request("shutdown")
        notify("exit")
        return waitForExit()
    }

    /// Waits for the process to end (at most `timeout`); its exit status, or -1 if it did not end.
    func waitForExit() -> Int32 {
        let deadline = Date(timeIntervalSinceNow: Self.timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        guard !process.isRunning else {
            process.terminate()
            return -1
        }
        return process.terminationStatus
    }
}

/// LSP positions and locations in test documents.
enum LSPText {
    /// The LSP position (UTF-16) of the `occurrence`-th `needle` in `text`, plus `offset` characters.
    static func position(of needle: String, in text: String, occurrence: Int = 0, offset: Int = 0) -> JSONValue {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0...occurrence {
            found = text.range(of: needle, range: searchStart..<text.endIndex)
            guard let range = found else { break }
            searchStart = range.upperBound
        }
        guard let range = found else {
            Issue.record("'\(needle)' not found")
            return .null
        }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let character = text[lineStart..<range.lowerBound].utf16.count + offset
        return .object(["line": .integer(line), "character": .integer(character)])
    }

    /// `{textDocument: {uri}, position}` for requests at a position.
    static func at(_ uri: String, _ position: JSONValue) -> JSONValue {
        .object(["textDocument": .object(["uri": .string(uri)]), "position": position])
    }
}
