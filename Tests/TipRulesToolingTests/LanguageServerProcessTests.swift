import TipRulesTooling
import XCTest

/// `tiprulec lsp` as a separate process: the lifecycle, diagnostics and malformed input, as an
/// editor sees them.
final class LanguageServerProcessTests: XCTestCase {
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

    func testInitializeOpenHoverAndShutdown() throws {
        let server = try LanguageServerProcess()
        let capabilities = server.initialize()
        XCTAssertEqual(capabilities["hoverProvider"], true)
        XCTAssertEqual(server.open(uri, source)?.count, 0)
        let hover = server.result("textDocument/hover",
                                  LSPText.at(uri, LSPText.position(of: "isLoggedIn", in: source, occurrence: 1, offset: 2)))
        XCTAssertTrue(hover["contents"]?["value"]?.stringValue?.contains("parameter isLoggedIn: Bool") == true, "\(hover)")
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testAnErrorIsPublishedAndClearedByAChange() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let broken = source.replacingOccurrences(of: ">= 3", with: ">= \"three\"")
        let diagnostics = try XCTUnwrap(server.open(uri, broken))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?["severity"], 1)
        server.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 2]),
            "contentChanges": .array([.object(["text": .string(source)])]),
        ]))
        XCTAssertEqual(server.diagnostics(for: uri)?.count, 0)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testMalformedFramesDoNotStopTheServer() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.sendRaw(Array("Content-Length: 5\r\n\r\n{oops".utf8))
        let parseError = server.take { $0["error"]?["code"] == .integer(-32700) }
        XCTAssertNotNil(parseError)
        XCTAssertNotNil(server.request("textDocument/hover", LSPText.at(uri, .object(["line": 0, "character": 0]))))
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testEndOfInputWithoutExitEndsWithStatusOne() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.closeInput()
        XCTAssertEqual(server.waitForExit(), 1)
    }
}
