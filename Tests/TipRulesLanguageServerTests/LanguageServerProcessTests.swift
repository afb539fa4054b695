import TipRulesCommands
import Testing

/// `tiprulec lsp` as a separate process: the lifecycle, diagnostics and malformed input, as an
/// editor sees them.
/// Serialized: each test starts a `tiprulec lsp` child; one child at a time per suite keeps the
/// children from waiting behind each other for the CPU (an answer is awaited at most 20 s).
@Suite(.serialized) struct LanguageServerProcessTests {
    private let uri = "file:///work/app.tiprules"
    private let source = """
    parameter isLoggedIn: Bool = false
    event opened(screen: String)

    tip WelcomeTip {
        title: "Welcome"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.opened) { $0.donations.count >= 3 }
    }
    """

    @Test func initializeOpenHoverAndShutdown() throws {
        let server = try LanguageServerProcess()
        let capabilities = server.initialize()
        #expect(capabilities["hoverProvider"] == true)
        #expect(server.open(uri, source)?.count == 0)
        let hover = server.result("textDocument/hover",
                                  LSPText.at(uri, LSPText.position(of: "isLoggedIn", in: source, occurrence: 1, offset: 2)))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("parameter isLoggedIn: Bool") == true, "\(hover)")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func anErrorIsPublishedAndClearedByAChange() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let broken = source.replacingOccurrences(of: ">= 3", with: ">= \"three\"")
        let diagnostics = try #require(server.open(uri, broken))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"] == 1)
        server.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 2]),
            "contentChanges": .array([.object(["text": .string(source)])]),
        ]))
        #expect(server.diagnostics(for: uri)?.count == 0)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func malformedFramesDoNotStopTheServer() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.sendRaw(Array("Content-Length: 5\r\n\r\n{oops".utf8))
        let parseError = server.take { $0["error"]?["code"] == .integer(-32700) }
        #expect(parseError != nil)
        #expect(server.request("textDocument/hover", LSPText.at(uri, .object(["line": 0, "character": 0]))) != nil)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func endOfInputWithoutExitEndsWithStatusOne() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.closeInput()
        #expect(server.waitForExit() == 1)
    }
}
