import Testing
@testable import TipRulesLanguageServer
@testable import TipRulesToolingCore
import TipRulesTestSupport

@Suite final class LanguageServerTests {
    private let uri = "file:///work/app.tiprules"
    private var server = LanguageServer()
    private var nextID = 0

    private static let program = """
    parameter isLoggedIn: Bool = false
    parameter plan: String = "free"

    event enteredBackyardDetailView(backyardID: Int)
    event purchase(amount: Double, category: String)

    tip FavoriteBackyardTip {
        title: "Save as a Favorite"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.enteredBackyardDetailView) {
            $0.donations.donatedWithin(.days(5)).largestSubset(groupedBy: \\.backyardID).count >= 3
        }
        options {
            Tips.MaxDisplayCount(5)
        }
    }

    tip ShareTip {
        title: "Share a backyard"
        #Rule(Self.$plan) { $0 != "free" }
    }

    group Onboarding(.ordered) { FavoriteBackyardTip, ShareTip }

    widget CardRecentPurchasesWidget {
        relevance {
            let recent = purchase.donations.donatedWithin(.minutes(30))
            score: recent.last?.amount ?? 0
            duration: .minutes(30)
        }
    }
    """

    // MARK: Helpers

    @discardableResult
    private func request(_ method: String, _ params: JSONValue = .object([:])) -> [JSONValue] {
        nextID += 1
        return server.handle(.object(["jsonrpc": "2.0", "id": .integer(nextID), "method": .string(method), "params": params]))
    }

    /// The result of a request that must succeed.
    private func result(_ method: String, _ params: JSONValue = .object([:]), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue {
        let replies = request(method, params)
        #expect(replies.count == 1, sourceLocation: sourceLocation)
        #expect(replies.first?["error"] == nil, "\(replies)", sourceLocation: sourceLocation)
        return replies.first?["result"] ?? .null
    }

    @discardableResult
    private func notify(_ method: String, _ params: JSONValue = .object([:])) -> [JSONValue] {
        server.handle(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    private func initialize(_ capabilities: JSONValue = .object([:])) {
        _ = result("initialize", .object(["processId": .null, "rootUri": .null, "capabilities": capabilities]))
        #expect(notify("initialized") == [])
    }

    @discardableResult
    private func open(_ text: String) -> [JSONValue] {
        notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tiprules", "version": 1, "text": .string(text),
        ])]))
    }

    /// The LSP position of the `occurrence`-th `needle` in `text` (plus `offset` characters), in UTF-16.
    private func position(of needle: String, in text: String, occurrence: Int = 0, offset: Int = 0) -> JSONValue {
        LSPText.position(of: needle, in: text, occurrence: occurrence, offset: offset)
    }

    private func at(_ position: JSONValue) -> JSONValue {
        .object(["textDocument": .object(["uri": .string(uri)]), "position": position])
    }

    private func diagnostics(in messages: [JSONValue]) -> [JSONValue]? {
        guard messages.count == 1, messages[0]["method"] == "textDocument/publishDiagnostics",
              messages[0]["params"]?["uri"] == .string(uri) else { return nil }
        return messages[0]["params"]?["diagnostics"]?.arrayValue
    }

    private func labels(_ completion: JSONValue) -> [String] {
        completion["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    }

    private func errorCode(_ replies: [JSONValue]) -> Int? {
        replies.first?["error"]?["code"]?.intValue
    }

    // MARK: Lifecycle

    @Test func initializeAnnouncesCapabilities() {
        let capabilities = result("initialize", .object(["capabilities": .object([:])]))["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"]?["change"] == 2)
        #expect(capabilities?["textDocumentSync"]?["openClose"] == true)
        #expect(capabilities?["hoverProvider"] == true)
        #expect(capabilities?["documentSymbolProvider"] == true)
        #expect(capabilities?["definitionProvider"] == true)
        #expect(capabilities?["completionProvider"]?["triggerCharacters"] == [".", "$", "\\"])
        #expect(errorCode(request("initialize")) == JSONRPCErrorCode.invalidRequest.rawValue)
    }

    @Test func requestsBeforeInitializeAreRefused() {
        #expect(errorCode(request("textDocument/hover", at(.object(["line": 0, "character": 0])))) == -32002)
        #expect(errorCode(request("no/suchMethod")) == -32002)
        #expect(open("tip A {}") == [], "notifications before initialize are dropped")
        initialize()
        #expect(errorCode(request("textDocument/hover", at(.object(["line": 0, "character": 0])))) == -32602, "the document opened before initialize was not kept")
    }

    @Test func shutdownThenExitExitsWithZero() {
        initialize()
        #expect(result("shutdown") == .null)
        #expect(errorCode(request("textDocument/documentSymbol")) == -32600)
        #expect(server.exitStatus == nil)
        #expect(notify("exit") == [])
        #expect(server.exitStatus == 0)
        #expect(request("shutdown") == [], "nothing is handled after exit")
    }

    @Test func exitWithoutShutdownExitsWithOne() {
        initialize()
        notify("exit")
        #expect(server.exitStatus == 1)
    }

    @Test func unknownMethodAndNotification() {
        initialize()
        let replies = request("textDocument/codeLens")
        #expect(errorCode(replies) == -32601)
        #expect(replies.first?["id"] == .integer(nextID))
        #expect(notify("$/setTrace", .object(["value": "off"])) == [])
        #expect(notify("workspace/didChangeWatchedFiles") == [])
    }

    @Test func malformedJSONGetsParseErrorAndTheServerKeepsWorking() {
        initialize()
        let replies = server.handle(Array("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ".utf8))
        #expect(errorCode(replies) == -32700)
        #expect(replies.first?["id"] == JSONValue.null)
        #expect(errorCode(server.handle(Array("[]".utf8))) == -32600)
        #expect(errorCode(server.handle(Array("{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"x\"}".utf8))) == -32600)
        #expect(errorCode(server.handle(Array("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"x\"}".utf8))) == -32600)
        #expect(errorCode(server.handle([.malformed("bad header")])) == -32700)
        #expect(diagnostics(in: open(Self.program)) != nil)
        let hover = result("textDocument/hover", at(position(of: "isLoggedIn", in: Self.program)))
        #expect(hover["contents"] != nil)
    }

    @Test func invalidParamsAreReported() {
        initialize()
        #expect(errorCode(request("textDocument/hover", .object(["textDocument": .object(["uri": 5])]))) == -32602)
        open("tip A { title: \"a\" }")
        #expect(errorCode(request("textDocument/hover", .object(["textDocument": .object(["uri": .string(uri)])]))) == -32602)
        let logged = notify("textDocument/didChange", .object(["textDocument": .object(["uri": "file:///other.tiprules"]),
                                                               "contentChanges": []]))
        #expect(logged.first?["method"] == "window/logMessage")
    }

    @Test func cancelledRequestInTheSameReadIsNotRun() {
        initialize()
        let shutdown = JSONWriter.string(from: .object(["jsonrpc": "2.0", "id": 41, "method": "shutdown"]))
        let cancel = JSONWriter.string(from: .object(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": .object(["id": 41])]))
        let replies = server.handle([.message(Array(shutdown.utf8)), .message(Array(cancel.utf8))])
        #expect(replies.count == 1)
        #expect(errorCode(replies) == -32800)
        #expect(replies.first?["id"] == 41)
        open("tip A { title: \"a\" }")
        #expect(result("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(uri)])])).arrayValue != nil, "the cancelled shutdown did not run")
    }

    // MARK: Diagnostics

    @Test func diagnosticsArePublishedWithUTF16RangesAndClearedByAnIncrementalFix() throws {
        initialize()
        let text = """
        parameter isLoggedIn: Bool = false
        tip A {
            title: "🐦 Birds"
            #Rule(Self.$isLoggedIn) { /* 🐦 */ $0 == 1 }
        }
        """
        let published = try #require(diagnostics(in: open(text)))
        #expect(published.count == 1)
        let diagnostic = published[0]
        #expect(diagnostic["severity"] == 1)
        #expect(diagnostic["code"] == "TR0201")
        #expect(diagnostic["source"] == "tiprulec")
        #expect(diagnostic["message"]?.stringValue?.contains("compare") ?? false)
        // `$0 == 1` starts after the emoji, which is two UTF-16 code units.
        let start = position(of: "$0 == 1", in: text)
        #expect(diagnostic["range"]?["start"] == start)
        #expect(start["character"] == 39)
        #expect(diagnostic["range"]?["end"] == position(of: "$0 == 1", in: text, offset: 7))

        let one = position(of: "1 }", in: text)
        let afterOne = position(of: "1 }", in: text, offset: 1)
        let fixed = notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 2]),
            "contentChanges": [.object(["range": .object(["start": one, "end": afterOne]), "text": "true"])],
        ]))
        #expect(try #require(diagnostics(in: fixed)) == [])
        #expect(fixed.first?["params"]?["version"] == 2)
        let closed = notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri)])]))
        #expect(try #require(diagnostics(in: closed)) == [])
    }

    @Test func diagnosticNotesBecomeRelatedInformation() throws {
        initialize()
        let text = "parameter a: Bool = false\nparameter a: Int = 0\n"
        let published = try #require(diagnostics(in: open(text)))
        let related = try #require(published.first?["relatedInformation"]?.arrayValue)
        #expect(related.first?["location"]?["uri"] == .string(uri))
        #expect(related.first?["location"]?["range"]?["start"] == .object(["line": 0, "character": 10]))
    }

    @Test func wholeTextAndSeveralIncrementalChanges() throws {
        initialize()
        open("tip A { title: \"a\" }")
        let replaced = notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 2]),
            "contentChanges": [
                .object(["text": "tip A {\n}\n"]),
                .object(["range": .object(["start": .object(["line": 1, "character": 0]), "end": .object(["line": 1, "character": 0])]),
                         "text": "    title: \"x\"\n"]),
                // Out-of-range positions are clamped to the end of the document.
                .object(["range": .object(["start": .object(["line": 99, "character": 0]), "end": .object(["line": 120, "character": 5])]),
                         "text": "parameter p: Bool = true\n"]),
            ],
        ]))
        // The only diagnostic left is the lint's: 'p' is never read.
        #expect(try #require(diagnostics(in: replaced)).map { $0["code"] } == [.string("TR0706")])
        let symbols = result("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(uri)])]))
        #expect(symbols.arrayValue?.compactMap { $0["name"]?.stringValue } == ["A", "p"])
    }

    // MARK: Hover

    @Test func hoverOnAParameter() throws {
        initialize()
        open(Self.program)
        let hover = result("textDocument/hover", at(position(of: "isLoggedIn)", in: Self.program, offset: 3)))
        let value = try #require(hover["contents"]?["value"]?.stringValue)
        #expect(hover["contents"]?["kind"] == "markdown")
        #expect(value.contains("parameter isLoggedIn: Bool = false"), Comment(rawValue: value))
        #expect(hover["range"]?["start"] == position(of: "$isLoggedIn)", in: Self.program))
    }

    @Test func hoverOnATransientParameterAndItsKeywords() throws {
        initialize()
        let program = "transient parameter intro: Bool = true\ntip A {\n    title: \"a\"\n    #Rule(Self.$intro) { $0 }\n}\n"
        open(program)
        func hover(_ needle: String, offset: Int) -> String { hoverValue(of: needle, in: program, offset: offset) }
        #expect(hover("intro)", offset: 1).contains("transient parameter intro: Bool = true"))
        #expect(hover("transient", offset: 1).contains("@Parameter(.transient)"))
        #expect(hover("parameter", offset: 1).contains("Declares a parameter"))
    }

    @Test func hoverOnATextTheAppMakes() throws {
        initialize()
        let program = "tip A {\n    title: swift(\"Text(L10n.a)\", key: \"a\")\n    message: supplied\n}\n"
        open(program)
        let expected = ["swift(": "swift(\"CODE\", key:", "supplied": "The app passes this text", "title": "supplied | swift("]
        for (needle, text) in expected {
            #expect(hoverValue(of: needle, in: program, offset: 1).contains(text), "hover on \(needle)")
        }
    }

    @Test func targetingHoverCompletionAndSignatureHelp() throws {
        initialize()
        let program = """
        parameter appVersion: Version = "1.0"
        parameter userID: String = ""
        tip T {
            title: "T"
            #Rule(Self.$appVersion) { $0.major >= 2 }
            #Rule(Self.$userID) { rollout(25, of: $0) && ["a", "b"].contains($0) }
            #Rule { Calendar.current.component(.hour, from: now) < 10 && now < Date("2027-01-01T00:00:00Z") }
        }

        """
        open(program)
        func hover(_ needle: String, offset: Int) -> String { hoverValue(of: needle, in: program, offset: offset) }
        #expect(hover("Version =", offset: 1).contains("struct Version"))
        #expect(hover("major", offset: 1).contains("var major: Int"))
        #expect(hover("rollout", offset: 1).contains("func rollout(_ percentage: Int, of id: String, group: String) -> Bool"))
        #expect(hover("component", offset: 1).contains("Calendar.current.component"))
        #expect(hover(".hour", offset: 2).contains("The hour, 0 to 23."))
        #expect(hover("Date(\"", offset: 1).contains("RFC 3339"))
        let help = result("textDocument/signatureHelp", at(position(of: "of: $0)", in: program)))
        #expect(help["signatures"]?.arrayValue?.first?["label"] == "func rollout(_ percentage: Int, of id: String, group: String) -> Bool")
        #expect(help["activeSignature"] == 0)
        #expect(help["signatures"]?.arrayValue?.first?["activeParameter"] == 1)
        let completion = labels(result("textDocument/completion", at(position(of: "rollout", in: program))))
        #expect(completion.contains("rollout") && completion.contains("bucket") && completion.contains("Version"), "\(completion)")
        let types = labels(result("textDocument/completion", at(position(of: "Version =", in: program))))
        #expect(types.contains("Version"), "\(types)")
    }

    /// The hover text at `offset` characters into `needle` in the open `program`.
    private func hoverValue(of needle: String, in program: String, offset: Int) -> String {
        result("textDocument/hover", at(position(of: needle, in: program, offset: offset)))["contents"]?["value"]?
            .stringValue ?? ""
    }

    @Test func hoverInAWidgetSuggestion() throws {
        initialize()
        let program = "event left\nwidget W {\n    relevance {\n        let last = left.donations.last\n        score: 1\n    }\n"
            + "    suggest {\n        from: last?.date ?? now\n        to: now\n    }\n}\n"
        open(program)
        func hover(_ needle: String, offset: Int) -> String { hoverValue(of: needle, in: program, offset: offset) }
        #expect(hover("suggest", offset: 1).contains("INDateRelevanceProvider"))
        #expect(hover("from:", offset: 1).contains("from: Date"))
        #expect(hover("last?.date", offset: 1).contains("let last"))
    }

    @Test func hoverOnEventsMembersFieldsAndKeywords() throws {
        initialize()
        open(Self.program)
        func hover(_ needle: String, occurrence: Int = 0, offset: Int = 1) -> String {
            result("textDocument/hover", at(position(of: needle, in: Self.program, occurrence: occurrence, offset: offset)))["contents"]?["value"]?
                .stringValue ?? ""
        }
        #expect(hover("purchase.donations").contains("event purchase(amount: Double, category: String)"))
        #expect(hover("donatedWithin").contains("func donatedWithin(_ range: Duration)"))
        #expect(hover("groupedBy").contains("largestSubset"))
        #expect(hover("backyardID).count").contains("var backyardID: Int"))
        #expect(hover("amount ??").contains("var amount: Double"))
        #expect(hover("recent.last").contains("let recent: Donations<purchase>"))
        #expect(hover("MaxDisplayCount").contains("Tips.MaxDisplayCount(_ count: Int)"))
        #expect(hover("#Rule").contains("#Rule("))
        #expect(hover("options").contains("options {"))
        #expect(hover("widget").contains("relevance"))
        #expect(hover("$0 == true").contains("$0: Bool"))
        #expect(hover("$0.donations").contains("$0: Event<enteredBackyardDetailView>"))
        #expect(hover("ordered").contains(".ordered"))
        #expect(hover(".days", offset: 2).contains("days(_ count: Double) -> Duration"))
        #expect(hover("ShareTip }").contains("tip ShareTip"))
        #expect(result("textDocument/hover", at(.object(["line": 2, "character": 0]))) == .null)
    }

    // MARK: Completion

    @Test func completionAfterDonationsDot() {
        initialize()
        let text = """
        event opened(screen: String)
        tip A {
            title: "a"
            #Rule(Self.opened) { $0.donations. }
        }
        """
        open(text)
        let items = labels(result("textDocument/completion", at(position(of: "donations.", in: text, offset: 10))))
        for member in ["count", "isEmpty", "donatedWithin", "filter", "largestSubset", "first", "last", "contains", "sum"] {
            #expect(items.contains(member), "\(member) in \(items)")
        }
        #expect(!items.contains("tip"))
    }

    @Test func completionOfFieldsParametersOptionsAndKeywords() {
        initialize()
        let text = """
        parameter isLoggedIn: Bool = false
        event purchase(amount: Double, category: String)
        tip A {
            title: "a"
            #Rule(Self.purchase) { $0.donations.filter { $0.amo > 2 }.largestSubset(groupedBy: \\.).count > 1 && $0.donations.last?. }
            #Rule(Self.$) { $0 }
            options {
                Tips.
            }

        }

        """
        open(text)
        func complete(_ needle: String, offset: Int) -> [String] {
            labels(result("textDocument/completion", at(position(of: needle, in: text, offset: offset))))
        }
        #expect(Set(complete("\\.)", offset: 2)) == ["date", "amount", "category"])
        #expect(Set(complete("$0.amo", offset: 6)) == ["date", "amount", "category"])
        #expect(Set(complete("last?.", offset: 6)) == ["date", "amount", "category"])
        #expect(complete("Self.$)", offset: 6) == ["$isLoggedIn"])
        #expect(Set(complete("Tips.", offset: 5)) == ["MaxDisplayCount", "IgnoresDisplayFrequency", "MaxDisplayDuration",
                                                          "FrequencyCap", "Priority"])
        let tipBody = complete("\n\n}", offset: 1)
        #expect(tipBody.contains("title") && tipBody.contains("#Rule") && tipBody.contains("options")
                      && tipBody.contains("actions"), "\(tipBody)")
        let topLevel = labels(result("textDocument/completion", at(.object(["line": 12, "character": 0]))))
        #expect(Set(topLevel) == ["parameter", "event", "tip", "group", "widget", "configure", "transient"])
    }

    @Test func actionsCompleteAndHover() throws {
        initialize()
        let text = "tip A {\n    title: \"a\"\n    actions {\n        Action(id: \"x\", title: \"X\")\n        Ac\n    }\n}\n"
        open(text)
        #expect(labels(result("textDocument/completion", at(position(of: "Ac\n", in: text, offset: 2)))) == ["Action"])
        #expect(hoverValue(of: "actions", in: text, offset: 1).contains("actions {"))
        #expect(hoverValue(of: "Action(", in: text, offset: 1).contains("Action(id: String, title: String)"))
    }

    @Test func completionAfterBackslashInsertsTheDot() throws {
        initialize()
        let text = "event e(x: Int)\ntip A {\n    title: \"a\"\n    #Rule(e) { $0.donations.max(of: \\) != nil }\n}\n"
        open(text)
        let items = try #require(result("textDocument/completion", at(position(of: "\\)", in: text, offset: 1)))["items"]?.arrayValue)
        let x = try #require(items.first { $0["label"] == "x" })
        #expect(x["textEdit"]?["newText"] == ".x")
    }

    @Test func noCompletionInsideStringsOrComments() {
        initialize()
        let text = "tip A {\n    title: \"ab\" // note\n}\n"
        open(text)
        #expect(labels(result("textDocument/completion", at(position(of: "ab", in: text, offset: 1)))) == [])
        #expect(labels(result("textDocument/completion", at(position(of: "note", in: text, offset: 2)))) == [])
    }

    // MARK: Symbols and definitions

    @Test func documentSymbolsAreHierarchical() throws {
        initialize()
        open(Self.program)
        let symbols = try #require(result("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(uri)])])).arrayValue)
        #expect(symbols.compactMap { $0["name"]?.stringValue } == ["isLoggedIn", "plan", "enteredBackyardDetailView", "purchase", "FavoriteBackyardTip", "ShareTip", "Onboarding",
                        "CardRecentPurchasesWidget"])
        let purchase = try #require(symbols.first { $0["name"] == "purchase" })
        #expect(purchase["kind"] == 24)
        #expect(purchase["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["amount", "category"])
        let tip = try #require(symbols.first { $0["name"] == "FavoriteBackyardTip" })
        let rules = tip["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue }.filter { $0.hasPrefix("#Rule") }
        #expect(rules == ["#Rule(Self.$isLoggedIn)", "#Rule(Self.enteredBackyardDetailView)"])
        #expect(tip["selectionRange"]?["start"] == position(of: "FavoriteBackyardTip", in: Self.program))
    }

    @Test func definitionOfNames() {
        initialize()
        open(Self.program)
        func definition(_ needle: String, occurrence: Int = 0, offset: Int = 1) -> JSONValue? {
            result("textDocument/definition", at(position(of: needle, in: Self.program, occurrence: occurrence, offset: offset)))["range"]?["start"]
        }
        #expect(definition("isLoggedIn)") == position(of: "isLoggedIn", in: Self.program))
        #expect(definition("enteredBackyardDetailView)") == position(of: "enteredBackyardDetailView", in: Self.program))
        #expect(definition("ShareTip }") == position(of: "ShareTip", in: Self.program))
        #expect(definition("backyardID).count") == position(of: "backyardID", in: Self.program))
        #expect(definition("recent.last") == position(of: "recent", in: Self.program))
        #expect(definition("amount ??") == position(of: "amount", in: Self.program))
        #expect(definition("$0 == true") == position(of: "Self.$isLoggedIn", in: Self.program))
        #expect(result("textDocument/definition", at(position(of: "donatedWithin", in: Self.program))) == .null)
    }

    // MARK: Encodings and streams

    @Test func uTF8PositionEncodingWhenTheClientOffersOnlyIt() throws {
        let initialized = result("initialize", .object(["capabilities": .object(["general": .object(["positionEncodings": ["utf-8", "utf-32"]])])]))
        #expect(initialized["capabilities"]?["positionEncoding"] == "utf-8")
        let text = "tip A {\n    title: \"é\" + x\n}\nparameter p: Int = 0\nwidget W { relevance { score: \"é\".count + p } }\n"
        let published = try #require(diagnostics(in: open(text)))
        // In UTF-8, "é" counts two: `x` is at character 18 (17 in UTF-16).
        #expect(published.first?["range"]?["start"] == .object(["line": 1, "character": 18]))
        let hover = result("textDocument/hover", at(.object(["line": 4, "character": 43])))
        #expect(hover["range"]?["start"] == .object(["line": 4, "character": 43]))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("parameter p: Int = 0") ?? false)
    }

    @Test func uTF16IsChosenWhenOffered() {
        let initialized = result("initialize", .object(["capabilities": .object(["general": .object(["positionEncodings": ["utf-8", "utf-16"]])])]))
        #expect(initialized["capabilities"]?["positionEncoding"] == "utf-16")
    }

    @Test func positionsInsideACharacterOrPastTheEndAreClamped() {
        let document = TextDocument(bytes: Array("a🐦b\r\nc\rd".utf8))
        #expect(document.offset(of: LSPPosition(line: 0, character: 2), encoding: .utf16) == 1, "inside the surrogate pair")
        #expect(document.offset(of: LSPPosition(line: 0, character: 3), encoding: .utf16) == 5)
        #expect(document.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == 6)
        #expect(document.offset(of: LSPPosition(line: 1, character: 0), encoding: .utf16) == 8)
        #expect(document.offset(of: LSPPosition(line: 2, character: 1), encoding: .utf16) == 11)
        #expect(document.offset(of: LSPPosition(line: 9, character: 1), encoding: .utf16) == 11)
        #expect(document.offset(of: LSPPosition(line: -1, character: -1), encoding: .utf16) == 0)
        #expect(document.offset(of: LSPPosition(line: 0, character: 2), encoding: .utf8) == 1, "inside the UTF-8 sequence")
        #expect(document.offset(of: LSPPosition(line: 0, character: 2), encoding: .utf32) == 5)
        #expect(document.position(of: 5, encoding: .utf16) == LSPPosition(line: 0, character: 3))
        #expect(document.position(of: 5, encoding: .utf8) == LSPPosition(line: 0, character: 5))
        #expect(document.position(of: 7, encoding: .utf16) == LSPPosition(line: 0, character: 4), "between CR and LF")
        #expect(document.position(of: 100, encoding: .utf16) == LSPPosition(line: 2, character: 1))
    }

    @Test func servingFramesUntilExit() {
        let messages: [JSONValue] = [
            .object(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": .object(["capabilities": .object([:])])]),
            .object(["jsonrpc": "2.0", "method": "initialized", "params": .object([:])]),
            .object(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]),
            .object(["jsonrpc": "2.0", "method": "exit"]),
        ]
        var input = messages.flatMap { MessageFrameWriter.frame(Array(JSONWriter.string(from: $0).utf8)) }
        input = Array("Content-Length: x\r\n\r\n".utf8) + input
        var chunks = stride(from: 0, to: input.count, by: 7).map { Array(input[$0..<min($0 + 7, input.count)]) }
        var output: [UInt8] = []
        let status = LanguageServerCommand.serve(read: { chunks.isEmpty ? nil : chunks.removeFirst() }, write: { output += $0; return true })
        #expect(status == 0)
        var reader = MessageFrameReader()
        reader.append(output)
        var replies: [JSONValue] = []
        while case .message(let body)? = reader.next() {
            replies.append((try? JSONParser().parse(body)) ?? .null)
        }
        #expect(replies.map { $0["id"] } == [.null, 1, 2])
        #expect(replies.first?["error"]?["code"] == -32700)
    }

    @Test func endOfInputWithoutExitIsStatusOne() {
        var chunks = [MessageFrameWriter.frame(Array("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}".utf8))]
        #expect(LanguageServerCommand.serve(read: { chunks.popLast() }, write: { _ in true }) == 1)
    }

    @Test func randomRequestsNeverCrash() {
        var random = SplitMix64(seed: 7)
        func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        initialize()
        open(Self.program)
        let methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/documentSymbol"]
        let bytes = Array(Self.program.utf8)
        for round in 0..<400 {
            let line = number(-2...40)
            let character = number(-2...120)
            let replies = request(methods[round % methods.count], at(.object(["line": .integer(line), "character": .integer(character)])))
            #expect(replies.count == 1)
            #expect(replies.first?["error"] == nil)
            // Edit at random too, so positions land in every kind of broken text.
            if round % 10 == 0 {
                let start = number(0...(bytes.count - 1))
                let text = String(decoding: bytes[start..<min(bytes.count, start + number(0...30))], as: UTF8.self)
                notify("textDocument/didChange", .object([
                    "textDocument": .object(["uri": .string(uri), "version": .integer(round)]),
                    "contentChanges": [.object(["range": .object(["start": .object(["line": .integer(line), "character": .integer(character)]),
                                                                   "end": .object(["line": .integer(line), "character": .integer(character + 3)])]),
                                                "text": .string(text)])],
                ]))
            }
        }
    }
}
