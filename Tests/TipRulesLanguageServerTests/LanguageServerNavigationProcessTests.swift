import TipRulesToolingCore
import Testing

/// `tiprulec lsp` as a process: references, document highlights, rename, semantic tokens,
/// signature help and inlay hints as an editor sees them, malformed requests included.
/// Serialized: each test starts a `tiprulec lsp` child; one child at a time per suite keeps the
/// children from waiting behind each other for the CPU (an answer is awaited at most 20 s).
@Suite(.serialized) final class LanguageServerNavigationProcessTests {
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
        if text == nil { #expect(diagnostics?.count == 0, "\(String(describing: diagnostics))") }
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

    @Test func initializeAnnouncesTheNavigationCapabilities() throws {
        let server = try LanguageServerProcess()
        let capabilities = server.initialize()
        #expect(capabilities["referencesProvider"] == true)
        #expect(capabilities["documentHighlightProvider"] == true)
        #expect(capabilities["renameProvider"]?["prepareProvider"] == true)
        #expect(capabilities["semanticTokensProvider"]?["full"] == true)
        #expect(capabilities["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.contains("event") == true)
        #expect(capabilities["signatureHelpProvider"]?["triggerCharacters"] != nil)
        #expect(capabilities["inlayHintProvider"] == true)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func referencesOfAParameterIncludeItsDollarUses() throws {
        let server = try start()
        let all = server.result("textDocument/references", with(at("isLoggedIn"), ["context": .object(["includeDeclaration": true])]))
        #expect(texts((all.arrayValue ?? []).map { $0["range"] }) == ["isLoggedIn", "$isLoggedIn", "$isLoggedIn"])
        let uses = server.result("textDocument/references", with(at("isLoggedIn"), ["context": .object(["includeDeclaration": false])]))
        #expect(uses.arrayValue?.count == 2)
        #expect(all.arrayValue?.first?["uri"] == .string(uri))
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func referencesOfAFieldCoverKeyPathsClosureAndChainUses() throws {
        let server = try start()
        let found = server.result("textDocument/references", at("amount"))
        #expect(texts((found.arrayValue ?? []).map { $0["range"] }) == ["amount", "amount", "amount", "amount"])
        let lines = found.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue }
        #expect(lines == [2, 9, 23, 23])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func referencesOfATipIncludeItsGroup() throws {
        let server = try start()
        let found = server.result("textDocument/references", at("WelcomeTip", occurrence: 1))
        #expect(found.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue } == [5, 18])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func documentHighlightOfALetMarksTheDeclarationWritten() throws {
        let server = try start()
        let highlights = try #require(server.result("textDocument/documentHighlight", at("recent.sum")).arrayValue)
        #expect(highlights.map { $0["kind"]?.intValue } == [3, 2, 2])
        #expect(texts(highlights.map { $0["range"] }) == ["recent", "recent", "recent"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func renameAnEventEverywhere() throws {
        let server = try start()
        let edit = server.result("textDocument/rename", with(at("purchase.donations"), ["newName": "buy"]))
        let edits = try #require(edit["changes"]?[uri]?.arrayValue)
        #expect(edits.count == 3)
        #expect(Set(edits.compactMap { $0["newText"]?.stringValue }) == ["buy"])
        #expect(texts(edits.map { $0["range"] }) == ["purchase", "purchase", "purchase"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func renameAParameterFromADollarUseKeepsTheDollar() throws {
        let server = try start()
        let prepared = server.result("textDocument/prepareRename", at("$isLoggedIn", occurrence: 1, offset: 3))
        #expect(prepared["placeholder"] == "isLoggedIn")
        let edit = server.result("textDocument/rename", with(at("$isLoggedIn", occurrence: 1, offset: 3), ["newName": "signedIn"]))
        let edits = try #require(edit["changes"]?[uri]?.arrayValue)
        #expect(texts(edits.map { $0["range"] }) == ["isLoggedIn", "isLoggedIn", "isLoggedIn"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func renameATipAlsoInItsGroupKeepingItsStoredID() throws {
        let server = try start()
        let edit = server.result("textDocument/rename", with(at("WelcomeTip"), ["newName": "HelloTip"]))
        let edits = try #require(edit["changes"]?[uri]?.arrayValue)
        #expect(edits.compactMap { $0["newText"]?.stringValue } == ["HelloTip", "HelloTip", "\n    id: \"WelcomeTip\""])
        #expect(edits.last?["range"]?["start"] == .object(["line": 5, "character": 16]))
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func renameAFieldInKeyPaths() throws {
        let server = try start()
        let edit = server.result("textDocument/rename", with(at("category"), ["newName": "kind"]))
        #expect(edit["changes"]?[uri]?.arrayValue?.count == 2)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func builtInsAndKeywordsCannotBeRenamed() throws {
        let server = try start()
        #expect(errorCode(server.request("textDocument/prepareRename", at("count >= 2"))) == -32803)
        #expect(errorCode(server.request("textDocument/prepareRename", at("$0 == true"))) == -32803)
        #expect(errorCode(server.request("textDocument/prepareRename", at("title"))) == -32803)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func renameToAnInvalidKeywordOrTakenNameIsRefusedWithAMessage() throws {
        let server = try start()
        for (newName, words) in [("1abc", "not a valid name"), ("two words", "not a valid name"), ("tip", "keyword"),
                                 ("opened", "already"), ("recent", "already")] {
            let reply = server.request("textDocument/rename", with(at("isLoggedIn"), ["newName": .string(newName)]))
            #expect(errorCode(reply) == -32803, Comment(rawValue: newName))
            #expect(reply?["error"]?["message"]?.stringValue?.contains(words) == true, "\(newName): \(String(describing: reply))")
        }
        let taken = server.request("textDocument/rename", with(at("category"), ["newName": "amount"]))
        #expect(errorCode(taken) == -32803)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func semanticTokensClassifyNamesByWhatTheyReferTo() throws {
        let server = try start()
        let legend = try #require(legend)
        let data = try #require(server.result("textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])]))["data"]?.arrayValue?.compactMap { $0.intValue })
        #expect(data.count % 5 == 0)
        let tokens = decode(data, legend: legend)
        #expect(tokens.first?.type == "comment")
        #expect(tokens.contains { $0.line == 2 && $0.type == "event" && $0.modifiers.contains("declaration") }, "\(tokens)")
        #expect(tokens.contains { $0.line == 9 && $0.type == "property" && $0.modifiers.isEmpty })
        #expect(tokens.contains { $0.line == 9 && $0.type == "method" && $0.modifiers.contains("defaultLibrary") })
        #expect(tokens.contains { $0.line == 18 && $0.type == "class" })
        #expect(tokens.contains { $0.line == 7 && $0.type == "macro" })
        #expect(tokens.contains { $0.line == 18 && $0.type == "enumMember" })
        #expect(tokens.contains { $0.line == 6 && $0.character == 4 && $0.type == "property" })
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func semanticTokensForARange() throws {
        let server = try start()
        let legend = try #require(legend)
        let range: JSONValue = .object(["start": .object(["line": 18, "character": 0]), "end": .object(["line": 19, "character": 0])])
        let data = try #require(server.result("textDocument/semanticTokens/range",
                                               .object(["textDocument": .object(["uri": .string(uri)]), "range": range]))["data"]?.arrayValue?.compactMap { $0.intValue })
        let tokens = decode(data, legend: legend)
        #expect(!tokens.isEmpty)
        #expect(tokens.allSatisfy { $0.line == 18 }, "\(tokens)")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func signatureHelpInsideABuiltInCall() throws {
        let server = try start()
        let help = server.result("textDocument/signatureHelp", at(".days(", offset: 6))
        #expect(help["signatures"]?.arrayValue?.first?["label"]?.stringValue?.contains("days(_ count: Double)") == true, "\(help)")
        #expect(help["signatures"]?.arrayValue?.first?["activeParameter"] == 0)
        let subset = server.result("textDocument/signatureHelp", at("groupedBy", offset: 3))
        #expect(subset["signatures"]?.arrayValue?.first?["label"]?.stringValue?.contains("largestSubset") == true)
        #expect(server.result("textDocument/signatureHelp", at("title")) == .null)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func inlayHintsShowRuleInputsClosureArgumentsAndLetTypes() throws {
        let server = try start()
        let range: JSONValue = .object(["start": .object(["line": 0, "character": 0]), "end": .object(["line": 40, "character": 0])])
        let hints = try #require(server.result("textDocument/inlayHint", .object(["textDocument": .object(["uri": .string(uri)]), "range": range])).arrayValue)
        let labels = hints.compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("isLoggedIn:"), "\(labels)")
        #expect(labels.contains("opened:"))
        #expect(labels.contains(": Donation<purchase>"))
        #expect(labels.contains(": Donations<purchase>"))
        #expect(labels.filter { $0 == "isLoggedIn:" }.count == 2)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func hoverShowsTheCheckersTypes() throws {
        let server = try start()
        let hover = server.result("textDocument/hover", at("* .hours", offset: 0))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("-> Duration") == true, "\(hover)")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func navigationWorksWhileTheFileHasErrors() throws {
        let broken = source.replacingOccurrences(of: "$0 == true", with: "$0 == tru")
        let server = try start(broken)
        let found = server.result("textDocument/references", at("amount", in: broken))
        #expect(found.arrayValue?.count == 4)
        let hover = server.result("textDocument/hover", at("recent.last", in: broken))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("Donations<purchase>") == true)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func malformedNavigationRequestsGetErrorsAndTheServerGoesOn() throws {
        let server = try start()
        let document: JSONValue = .object(["textDocument": .object(["uri": .string(uri)])])
        #expect(errorCode(server.request("textDocument/references", document)) == -32602, "missing position")
        #expect(errorCode(server.request("textDocument/documentHighlight",
                                                LSPText.at("file:///nowhere.tiprules", .object(["line": 0, "character": 0])))) == -32602, "unknown URI")
        #expect(errorCode(server.request("textDocument/rename", at("isLoggedIn"))) == -32602, "missing newName")
        #expect(errorCode(server.request("textDocument/inlayHint", document)) == -32602, "missing range")
        #expect(errorCode(server.request("textDocument/signatureHelp", .object(["position": .object(["line": 0, "character": 0])]))) == -32602)
        let pastTheEnd = LSPText.at(uri, .object(["line": 999, "character": 999]))
        #expect(server.result("textDocument/references", pastTheEnd) == .null)
        #expect(server.result("textDocument/signatureHelp", pastTheEnd) == .null)
        #expect(errorCode(server.request("textDocument/prepareRename", pastTheEnd)) == -32803)
        #expect(server.result("textDocument/references", at("isLoggedIn")).arrayValue != nil)
        #expect(server.shutdownAndExit() == 0)
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
