@testable import TipRulesCommands
@testable import TipRulesLanguageServer
@testable import TipRulesToolingCore
import Testing

/// `tiprulec lsp` as a separate process: folding ranges and declaration snippets.
/// Serialized: each test starts a `tiprulec lsp` child; one child at a time per suite keeps the
/// children from waiting behind each other for the CPU (an answer is awaited at most 20 s).
@Suite(.serialized) struct LanguageServerOutlineProcessTests {
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

    @Test func blocksAndCommentsFold() throws {
        let server = try LanguageServerProcess()
        #expect(server.initialize()["foldingRangeProvider"] == true)
        server.open(uri, source)
        // Comment runs and block comments (kind comment); the tip up to the line before its `}`,
        // the rule's braces likewise.
        #expect(folds(server) == ["0-1 comment", "5-6 comment", "7-12", "9-11"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func foldingAnUnknownDocumentIsAnError() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let reply = server.request("textDocument/foldingRange", .object(["textDocument": .object(["uri": "file:///nowhere.tiprules"])]))
        #expect(reply?["error"] != nil)
        #expect(server.request("textDocument/foldingRange", .object([:]))?["error"] != nil, "no textDocument")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func declarationSnippetsWhenTheClientSupportsThem() throws {
        let server = try LanguageServerProcess()
        server.initialize(snippetCapabilities)
        let text = source + "ti"
        server.open(uri, text)
        let items = server.result("textDocument/completion", LSPText.at(uri, LSPText.position(of: "ti", in: text, occurrence: 1, offset: 2)))["items"]?
            .arrayValue ?? []
        let snippet = try #require(items.first { $0["label"] == "tip { … }" })
        #expect(snippet["insertTextFormat"] == 2)
        #expect(snippet["kind"] == 15)
        #expect(snippet["textEdit"]?["newText"]?.stringValue?.hasPrefix("tip ${1:NameTip} {") == true)
        #expect(items.first { $0["label"] == "widget { relevance }" } != nil)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func noSnippetsForAPlainTextClient() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let text = source + "ti"
        server.open(uri, text)
        let items = server.result("textDocument/completion", LSPText.at(uri, LSPText.position(of: "ti", in: text, occurrence: 1, offset: 2)))["items"]?
            .arrayValue ?? []
        #expect(items.first { $0["label"] == "tip" } != nil)
        #expect(items.first { $0["insertTextFormat"] == 2 } == nil)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func everyDeclarationSnippetChecksOnceItsPlaceholdersAreFilledIn() {
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
        #expect(errors.status == 0, Comment(rawValue: source + "\n" + errors.standardOutput + errors.standardError))
    }

    @Test func diagnosticsLinkTheLocalExplanationsByDefaultAndNoneTurnsThemOff() throws {
        let broken = "tip T { title: 1 }"
        let server = try LanguageServerProcess()
        server.initialize()
        let href = try #require(server.open(uri, broken)?.first?["codeDescription"]?["href"]?.stringValue)
        #expect(href.hasPrefix("file://") && href.contains("docs/diagnostics.md#TR"), Comment(rawValue: href))
        #expect(server.shutdownAndExit() == 0)
        let plain = try LanguageServerProcess(arguments: ["--docs-url", "none"])
        plain.initialize()
        #expect(plain.open(uri, broken)?.first?["codeDescription"] == nil)
        #expect(plain.shutdownAndExit() == 0)
    }
}
