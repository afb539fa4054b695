#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesToolingCore

/// `tiprulec lsp`: a `LanguageServer` on standard input and output, with LSP framing.
public enum LanguageServerCommand {
    package static let usage = """
    usage: tiprulec lsp [--stdio] [--docs-url BASE|none]

    Runs a Language Server Protocol server on standard input and output until the
    client sends 'exit'. Each diagnostic links its explanation at BASE#TRxxxx
    (default: docs/diagnostics.md of the source tree tiprulec was built from, as a
    file:// link, when it is there; `none`: no links). See docs/editors.md for editor set-up.
    """

    /// Serves until `exit` (status 0 after `shutdown`, 1 otherwise) or the end of
    /// standard input (1). `--help` prints the usage; `--stdio`, which some clients
    /// add, is accepted; `--docs-url BASE` sets where diagnostics link their explanations;
    /// any other argument is a usage error (2).
    public static func runOnStandardStreams(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            FileDescriptorIO.writeAll(Array((usage + "\n").utf8), to: STDOUT_FILENO)
            return ExitStatus.success
        }
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--docs-url"], flags: ["--stdio"]) {
        case .success(let value) where value.positionals.isEmpty: parsed = value
        case .success(let value):
            FileDescriptorIO.writeAll(Array("error: unknown argument '\(value.positionals[0])'\n\n\(usage)\n".utf8), to: STDERR_FILENO)
            return ExitStatus.badInput
        case .failure(let error):
            FileDescriptorIO.writeAll(Array("error: \(error.message)\n\n\(usage)\n".utf8), to: STDERR_FILENO)
            return ExitStatus.badInput
        }
        let docsURL = parsed.options["--docs-url"].map { $0 == "none" ? nil : $0 } ?? LanguageServer.defaultDocsURL
        // A client that goes away must end the server through a failed write, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let input = STDIN_FILENO
        return serve(docsURL: docsURL, read: { readChunk(from: input) }, readAvailable: { readChunk(from: input, ifReady: true) },
                     write: { bytes in FileDescriptorIO.writeAll(Array(bytes), to: STDOUT_FILENO) == nil })
    }

    /// Reads chunks with `read` until it returns none (end of input), hands what the frames
    /// hold to a server and writes each message it returns as a frame with `write`, which
    /// returns false when the output is gone. Returns the exit status.
    /// `readAvailable` returns what can be read without waiting (nil when nothing can): the
    /// server takes every message already sent before it answers, so that queued changes are
    /// analysed once (see `ChangeCoalescing`).
    static func serve(docsURL: String? = LanguageServer.defaultDocsURL,
                      read: () -> [UInt8]?, readAvailable: () -> [UInt8]? = { nil }, write: ([UInt8]) -> Bool) -> Int32 {
        var reader = MessageFrameReader()
        var server = LanguageServer(docsURL: docsURL)
        while let chunk = read() {
            reader.append(chunk)
            for _ in 0..<maximumChunksPerTurn {
                guard let more = readAvailable() else { break }
                reader.append(more)
            }
            var events: [FrameEvent] = []
            while let event = reader.next() { events.append(event) }
            for message in server.handle(events) {
                guard write(MessageFrameWriter.frame(Array(JSONWriter.string(from: message).utf8))) else {
                    return ExitStatus.programErrors
                }
            }
            if let status = server.exitStatus { return status }
        }
        return server.exitStatus ?? ExitStatus.programErrors
    }

    /// The most further chunks (64 KiB each) read before answering, so that a client that
    /// never stops sending still gets answers.
    static let maximumChunksPerTurn = 256

    /// One read of up to 64 KiB; nil at the end of input or on an error. With `ifReady`, nil
    /// also when nothing can be read without waiting.
    private static func readChunk(from descriptor: Int32, ifReady: Bool = false) -> [UInt8]? {
        if ifReady {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 0) > 0, request.revents & Int16(POLLIN) != 0 else { return nil }
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { FileDescriptorIO.readSome(descriptor, into: $0) }
            if count > 0 { return Array(buffer[..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
