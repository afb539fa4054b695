import TipRulesTooling
import XCTest

/// `tiprulec lsp` as a process: references, document highlights, rename, semantic tokens,
/// signature help and inlay hints as an editor sees them, malformed requests included.
final class LanguageServerNavigationProcessTests: XCTestCase {
    private let uri = "file:///work/navigation.tiprules"
    private let source = """
    // Navigation fixture.
    parameter isLoggedIn: Bool = false
    event purchase(amount: Double, category: String)
    event opened(screen: String)

    tip WelcomeTip {
        title: "Welcome"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.purchase) {
            $0.donations.filter { $0.amount > 5 }.largestSubset(groupedBy: \\.category).count >= 2
        }
    }

    tip OtherTip {
        title: "Other"
        #Rule(Self.opened, Self.$isLoggedIn) { $0.donations.isEmpty && !$1 }
    }

    group Onboarding(.ordered) { WelcomeTip, OtherTip }

    widget Spend {
        relevance {
            let recent = purchase.donations.donatedWithin(.days(7))
            score: recent.sum(of: \\.amount) + (recent.last?.amount ?? 0)
            duration: 2 * .hours(1)
        }
    }
    """

    /// The semantic token legend the server announced in `start()`.
    private var legend: (types: [String], modifiers: [String])?

    /// A server with the fixture open and free of diagnostics.
    private func start(_ text: String? = nil) throws -> LanguageServerProcess {
        let server = try LanguageServerProcess()
        let announced = server.initialize()["semanticTokensProvider"]?["legend"]
        legend = (announced?["tokenTypes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                  announced?["tokenModifiers"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let diagnostics = server.open(uri, text ?? source)
        if text == nil { XCTAssertEqual(diagnostics?.count, 0, "\(String(describing: diagnostics))") }
        return server
    }

    private func at(_ needle: String, occurrence: Int = 0, offset: Int = 1, in text: String? = nil) -> JSONValue {
        LSPText.at(uri, LSPText.position(of: needle, in: text ?? source, occurrence: occurrence, offset: offset))
    }

    private func with(_ params: JSONValue, _ extra: [String: JSONValue]) -> JSONValue {
        guard case .object(var object) = params else { return params }
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }

    /// The text each range of `locations` covers (single-line ranges, UTF-16 = ASCII here).
    private func texts(_ ranges: [JSONValue?], in text: String? = nil) -> [String] {
        let lines = (text ?? source).components(separatedBy: "\n")
        return ranges.compactMap { range in
            guard let line = range?["start"]?["line"]?.intValue, let start = range?["start"]?["character"]?.intValue,
                  let end = range?["end"]?["character"]?.intValue, lines.indices.contains(line) else { return nil }
            let characters = Array(lines[line].utf16)
            return String(decoding: characters[start..<min(end, characters.count)], as: UTF16.self)
        }
    }

    private func errorCode(_ reply: JSONValue?) -> Int? { reply?["error"]?["code"]?.intValue }

    func testInitializeAnnouncesTheNavigationCapabilities() throws {
        let server = try LanguageServerProcess()
        let capabilities = server.initialize()
        XCTAssertEqual(capabilities["referencesProvider"], true)
        XCTAssertEqual(capabilities["documentHighlightProvider"], true)
        XCTAssertEqual(capabilities["renameProvider"]?["prepareProvider"], true)
        XCTAssertEqual(capabilities["semanticTokensProvider"]?["full"], true)
        XCTAssertTrue(capabilities["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.contains("event") == true)
        XCTAssertNotNil(capabilities["signatureHelpProvider"]?["triggerCharacters"])
        XCTAssertEqual(capabilities["inlayHintProvider"], true)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testReferencesOfAParameterIncludeItsDollarUses() throws {
        let server = try start()
        let all = server.result("textDocument/references", with(at("isLoggedIn"), ["context": .object(["includeDeclaration": true])]))
        XCTAssertEqual(texts((all.arrayValue ?? []).map { $0["range"] }), ["isLoggedIn", "$isLoggedIn", "$isLoggedIn"])
        let uses = server.result("textDocument/references", with(at("isLoggedIn"), ["context": .object(["includeDeclaration": false])]))
        XCTAssertEqual(uses.arrayValue?.count, 2)
        XCTAssertEqual(all.arrayValue?.first?["uri"], .string(uri))
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testReferencesOfAFieldCoverKeyPathsClosureAndChainUses() throws {
        let server = try start()
        let found = server.result("textDocument/references", at("amount"))
        XCTAssertEqual(texts((found.arrayValue ?? []).map { $0["range"] }), ["amount", "amount", "amount", "amount"])
        let lines = found.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue }
        XCTAssertEqual(lines, [2, 9, 23, 23])
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testReferencesOfATipIncludeItsGroup() throws {
        let server = try start()
        let found = server.result("textDocument/references", at("WelcomeTip", occurrence: 1))
        XCTAssertEqual(found.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue }, [5, 18])
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testDocumentHighlightOfALetMarksTheDeclarationWritten() throws {
        let server = try start()
        let highlights = try XCTUnwrap(server.result("textDocument/documentHighlight", at("recent.sum")).arrayValue)
        XCTAssertEqual(highlights.map { $0["kind"]?.intValue }, [3, 2, 2])
        XCTAssertEqual(texts(highlights.map { $0["range"] }), ["recent", "recent", "recent"])
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testRenameAnEventEverywhere() throws {
        let server = try start()
        let edit = server.result("textDocument/rename", with(at("purchase.donations"), ["newName": "buy"]))
        let edits = try XCTUnwrap(edit["changes"]?[uri]?.arrayValue)
        XCTAssertEqual(edits.count, 3)
        XCTAssertEqual(Set(edits.compactMap { $0["newText"]?.stringValue }), ["buy"])
        XCTAssertEqual(texts(edits.map { $0["range"] }), ["purchase", "purchase", "purchase"])
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testRenameAParameterFromADollarUseKeepsTheDollar() throws {
        let server = try start()
        let prepared = server.result("textDocument/prepareRename", at("$isLoggedIn", occurrence: 1, offset: 3))
        XCTAssertEqual(prepared["placeholder"], "isLoggedIn")
        let edit = server.result("textDocument/rename", with(at("$isLoggedIn", occurrence: 1, offset: 3), ["newName": "signedIn"]))
        let edits = try XCTUnwrap(edit["changes"]?[uri]?.arrayValue)
        XCTAssertEqual(texts(edits.map { $0["range"] }), ["isLoggedIn", "isLoggedIn", "isLoggedIn"])
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testRenameATipAlsoInItsGroupKeepingItsStoredID() throws {
        let server = try start()
        let edit = server.result("textDocument/rename", with(at("WelcomeTip"), ["newName": "HelloTip"]))
        let edits = try XCTUnwrap(edit["changes"]?[uri]?.arrayValue)
        XCTAssertEqual(edits.compactMap { $0["newText"]?.stringValue }, ["HelloTip", "HelloTip", "\n    id: \"WelcomeTip\""])
        XCTAssertEqual(edits.last?["range"]?["start"], .object(["line": 5, "character": 16]))
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testRenameAFieldInKeyPaths() throws {
        let server = try start()
        let edit = server.result("textDocument/rename", with(at("category"), ["newName": "kind"]))
        XCTAssertEqual(edit["changes"]?[uri]?.arrayValue?.count, 2)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testBuiltInsAndKeywordsCannotBeRenamed() throws {
        let server = try start()
        XCTAssertEqual(errorCode(server.request("textDocument/prepareRename", at("count >= 2"))), -32803)
        XCTAssertEqual(errorCode(server.request("textDocument/prepareRename", at("$0 == true"))), -32803)
        XCTAssertEqual(errorCode(server.request("textDocument/prepareRename", at("title"))), -32803)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testRenameToAnInvalidKeywordOrTakenNameIsRefusedWithAMessage() throws {
        let server = try start()
        for (newName, words) in [("1abc", "not a valid name"), ("two words", "not a valid name"), ("tip", "keyword"),
                                 ("opened", "already"), ("recent", "already")] {
            let reply = server.request("textDocument/rename", with(at("isLoggedIn"), ["newName": .string(newName)]))
            XCTAssertEqual(errorCode(reply), -32803, newName)
            XCTAssertTrue(reply?["error"]?["message"]?.stringValue?.contains(words) == true, "\(newName): \(String(describing: reply))")
        }
        let taken = server.request("textDocument/rename", with(at("category"), ["newName": "amount"]))
        XCTAssertEqual(errorCode(taken), -32803)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testSemanticTokensClassifyNamesByWhatTheyReferTo() throws {
        let server = try start()
        let legend = try XCTUnwrap(legend)
        let data = try XCTUnwrap(server.result("textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])]))["data"]?.arrayValue?.compactMap(\.intValue))
        XCTAssertEqual(data.count % 5, 0)
        let tokens = decode(data, legend: legend)
        XCTAssertEqual(tokens.first?.type, "comment")
        XCTAssertTrue(tokens.contains { $0.line == 2 && $0.type == "event" && $0.modifiers.contains("declaration") }, "\(tokens)")
        XCTAssertTrue(tokens.contains { $0.line == 9 && $0.type == "property" && $0.modifiers.isEmpty })
        XCTAssertTrue(tokens.contains { $0.line == 9 && $0.type == "method" && $0.modifiers.contains("defaultLibrary") })
        XCTAssertTrue(tokens.contains { $0.line == 18 && $0.type == "class" })
        XCTAssertTrue(tokens.contains { $0.line == 7 && $0.type == "macro" })
        XCTAssertTrue(tokens.contains { $0.line == 18 && $0.type == "enumMember" })
        XCTAssertTrue(tokens.contains { $0.line == 6 && $0.character == 4 && $0.type == "property" })
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testSemanticTokensForARange() throws {
        let server = try start()
        let legend = try XCTUnwrap(legend)
        let range: JSONValue = .object(["start": .object(["line": 18, "character": 0]), "end": .object(["line": 19, "character": 0])])
        let data = try XCTUnwrap(server.result("textDocument/semanticTokens/range",
                                               .object(["textDocument": .object(["uri": .string(uri)]), "range": range]))["data"]?.arrayValue?.compactMap(\.intValue))
        let tokens = decode(data, legend: legend)
        XCTAssertFalse(tokens.isEmpty)
        XCTAssertTrue(tokens.allSatisfy { $0.line == 18 }, "\(tokens)")
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testSignatureHelpInsideABuiltInCall() throws {
        let server = try start()
        let help = server.result("textDocument/signatureHelp", at(".days(", offset: 6))
        XCTAssertTrue(help["signatures"]?.arrayValue?.first?["label"]?.stringValue?.contains("days(_ count: Double)") == true, "\(help)")
        XCTAssertEqual(help["signatures"]?.arrayValue?.first?["activeParameter"], 0)
        let subset = server.result("textDocument/signatureHelp", at("groupedBy", offset: 3))
        XCTAssertTrue(subset["signatures"]?.arrayValue?.first?["label"]?.stringValue?.contains("largestSubset") == true)
        XCTAssertEqual(server.result("textDocument/signatureHelp", at("title")), .null)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testInlayHintsShowRuleInputsClosureArgumentsAndLetTypes() throws {
        let server = try start()
        let range: JSONValue = .object(["start": .object(["line": 0, "character": 0]), "end": .object(["line": 40, "character": 0])])
        let hints = try XCTUnwrap(server.result("textDocument/inlayHint", .object(["textDocument": .object(["uri": .string(uri)]), "range": range])).arrayValue)
        let labels = hints.compactMap { $0["label"]?.stringValue }
        XCTAssertTrue(labels.contains("isLoggedIn:"), "\(labels)")
        XCTAssertTrue(labels.contains("opened:"))
        XCTAssertTrue(labels.contains(": Donation<purchase>"))
        XCTAssertTrue(labels.contains(": Donations<purchase>"))
        XCTAssertEqual(labels.filter { $0 == "isLoggedIn:" }.count, 2)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testHoverShowsTheCheckersTypes() throws {
        let server = try start()
        let hover = server.result("textDocument/hover", at("* .hours", offset: 0))
        XCTAssertTrue(hover["contents"]?["value"]?.stringValue?.contains("-> Duration") == true, "\(hover)")
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testNavigationWorksWhileTheFileHasErrors() throws {
        let broken = source.replacingOccurrences(of: "$0 == true", with: "$0 == tru")
        let server = try start(broken)
        let found = server.result("textDocument/references", at("amount", in: broken))
        XCTAssertEqual(found.arrayValue?.count, 4)
        let hover = server.result("textDocument/hover", at("recent.last", in: broken))
        XCTAssertTrue(hover["contents"]?["value"]?.stringValue?.contains("Donations<purchase>") == true)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    func testMalformedNavigationRequestsGetErrorsAndTheServerGoesOn() throws {
        let server = try start()
        let document: JSONValue = .object(["textDocument": .object(["uri": .string(uri)])])
        XCTAssertEqual(errorCode(server.request("textDocument/references", document)), -32602, "missing position")
        XCTAssertEqual(errorCode(server.request("textDocument/documentHighlight",
                                                LSPText.at("file:///nowhere.tiprules", .object(["line": 0, "character": 0])))), -32602, "unknown URI")
        XCTAssertEqual(errorCode(server.request("textDocument/rename", at("isLoggedIn"))), -32602, "missing newName")
        XCTAssertEqual(errorCode(server.request("textDocument/inlayHint", document)), -32602, "missing range")
        XCTAssertEqual(errorCode(server.request("textDocument/signatureHelp", .object(["position": .object(["line": 0, "character": 0])]))), -32602)
        let pastTheEnd = LSPText.at(uri, .object(["line": 999, "character": 999]))
        XCTAssertEqual(server.result("textDocument/references", pastTheEnd), .null)
        XCTAssertEqual(server.result("textDocument/signatureHelp", pastTheEnd), .null)
        XCTAssertEqual(errorCode(server.request("textDocument/prepareRename", pastTheEnd)), -32803)
        XCTAssertNotNil(server.result("textDocument/references", at("isLoggedIn")).arrayValue)
        XCTAssertEqual(server.shutdownAndExit(), 0)
    }

    /// Semantic tokens decoded from LSP's relative encoding.
    private func decode(_ data: [Int], legend: (types: [String], modifiers: [String])) -> [(line: Int, character: Int, type: String, modifiers: [String])] {
        var line = 0
        var character = 0
        return stride(from: 0, to: data.count - 4, by: 5).map { index in
            line += data[index]
            character = data[index] == 0 ? character + data[index + 1] : data[index + 1]
            let type = legend.types.indices.contains(data[index + 3]) ? legend.types[data[index + 3]] : "?"
            let modifiers = legend.modifiers.indices.filter { data[index + 4] & (1 << $0) != 0 }.map { legend.modifiers[$0] }
            return (line, character, type, modifiers)
        }
    }
}
