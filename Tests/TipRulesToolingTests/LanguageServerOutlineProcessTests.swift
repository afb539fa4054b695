@testable import TipRulesTooling
import XCTest

/// `tiprulec lsp` as a separate process: folding ranges and declaration snippets.
final class LanguageServerOutlineProcessTests: XCTestCase {
    private let uri = "file:///work/fold.tiprules"
    private let source = """
    // The favorite-backyard tip.
    // Two lines of comments fold together.
    parameter isLoggedIn: Bool = false
    event visited(backyardID: Int)

    /* A block comment
       over two lines. */
    tip FavoriteTip {
        title: "Save"
        #Rule(Self.visited) {
            $0.donations
                .count >= 3
        }
    }

    """

    private let snippetCapabilities: JSONValue = .object(["textDocument": .object([
        "completion": .object(["completionItem": .object(["snippetSupport": true])]),
    ])])

    private func folds(_ server: LanguageServerProcess) -> [String] {
        (server.result("textDocument/foldingRange", .object(["textDocument": .object(["uri": .string(uri)])])).arrayValue ?? [])
            .map { "\($0["startLine"]?.intValue ?? -1)-\($0["endLine"]?.intValue ?? -1)\($0["kind"].map { " \($0.stringValue ?? "")" } ?? "")" }
    }

    func testBlocksAndCommentsFold() throws {
        let server = try LanguageServerProcess()
        XCTAssertEqual(server.initialize()["foldingRangeProvider"], true)
        server.open(uri, source)
        // Comment runs and block comments (kind comment); the tip up to the line before its `}`,
        // the rule's braces likewise.
        XCTAssertEqual(folds(server), ["0-1 comment", "5-6 comment", "7-12", "9-11"])
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testFoldingAnUnknownDocumentIsAnError() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let reply = server.request("textDocument/foldingRange", .object(["textDocument": .object(["uri": "file:///nowhere.tiprules"])]))
        XCTAssertNotNil(reply?["error"])
        XCTAssertNotNil(server.request("textDocument/foldingRange", .object([:]))?["error"], "no textDocument")
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testDeclarationSnippetsWhenTheClientSupportsThem() throws {
        let server = try LanguageServerProcess()
        server.initialize(snippetCapabilities)
        let text = source + "ti"
        server.open(uri, text)
        let items = server.result("textDocument/completion", LSPText.at(uri, LSPText.position(of: "ti", in: text, occurrence: 1, offset: 2)))["items"]?
            .arrayValue ?? []
        let snippet = try XCTUnwrap(items.first { $0["label"] == "tip { … }" })
        XCTAssertEqual(snippet["insertTextFormat"], 2)
        XCTAssertEqual(snippet["kind"], 15)
        XCTAssertTrue(snippet["textEdit"]?["newText"]?.stringValue?.hasPrefix("tip ${1:NameTip} {") == true)
        XCTAssertNotNil(items.first { $0["label"] == "widget { relevance }" })
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testNoSnippetsForAPlainTextClient() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let text = source + "ti"
        server.open(uri, text)
        let items = server.result("textDocument/completion", LSPText.at(uri, LSPText.position(of: "ti", in: text, occurrence: 1, offset: 2)))["items"]?
            .arrayValue ?? []
        XCTAssertNotNil(items.first { $0["label"] == "tip" })
        XCTAssertNil(items.first { $0["insertTextFormat"] == 2 })
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testEveryDeclarationSnippetChecksOnceItsPlaceholdersAreFilledIn() {
        // Filled in with each placeholder's default text, a snippet is valid .tiprules.
        let filled = { (body: String) in
            body.replacingOccurrences(of: #"\$\{\d+:([^}]*)\}"#, with: "$1", options: .regularExpression)
                .replacingOccurrences(of: "\\$", with: "$")
        }
        let tipBody = DeclarationSnippets.tip.map { filled($0.body) }.joined(separator: "\n")
        let program = DeclarationSnippets.file.map { filled($0.body) }.joined(separator: "\n")
            .replacingOccurrences(of: "#Rule(Self.input)", with: "#Rule(Self.visited)")
            .replacingOccurrences(of: "group Name(.ordered) { FirstTip, SecondTip }", with: "group Name(.ordered) { NameTip }")
            .replacingOccurrences(of: "transient parameter name:", with: "transient parameter temporary:")
            .replacingOccurrences(of: "parameter name:", with: "parameter other:")
            .replacingOccurrences(of: "widget Name", with: "widget Gauge")
        let source = "event visited(backyardID: Int)\n" + program
            + "\ntip Extra {\n    title: \"x\"\n" + tipBody.replacingOccurrences(of: "Self.input", with: "Self.$other") + "\n}\n"
        let errors = TiprulecCommand.run(["check", "--stdin"], environment: CommandEnvironment(readStandardInput: { _ in Array(source.utf8) }))
        XCTAssertEqual(errors.status, 0, source + "\n" + errors.standardOutput + errors.standardError)
    }

    func testDiagnosticsLinkTheLocalExplanationsByDefaultAndNoneTurnsThemOff() throws {
        let broken = "tip T { title: 1 }"
        let server = try LanguageServerProcess()
        server.initialize()
        let href = try XCTUnwrap(server.open(uri, broken)?.first?["codeDescription"]?["href"]?.stringValue)
        XCTAssertTrue(href.hasPrefix("file://") && href.contains("docs/diagnostics.md#TR"), href)
        XCTAssertEqual(server.shutdownAndExit(), 0)
        let plain = try LanguageServerProcess(arguments: ["--docs-url", "none"])
        plain.initialize()
        XCTAssertNil(plain.open(uri, broken)?.first?["codeDescription"])
        XCTAssertEqual(plain.shutdownAndExit(), 0)
    }
}
