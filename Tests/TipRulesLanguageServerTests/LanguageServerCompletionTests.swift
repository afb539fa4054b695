import Testing
@testable import TipRulesLanguageServer
import TipRulesToolingCore

/// Completion as editors apply it: each item is applied the way VS Code does (the `textEdit`
/// replaces its range; the text typed in the range must fuzzy-match `filterText`, else the
/// label) and the way Neovim's omnifunc does (the word before the cursor, made of letters,
/// digits and `_`, is replaced by `textEdit.newText`, else `insertText`, else the label, and
/// an item whose `filterText`, else label, does not start with that word is not shown).
/// Both must give the text the person meant.
@Suite final class LanguageServerCompletionTests {
    private let uri = "file:///work/app.tiprules"
    private var server = LanguageServer()
    private var nextID = 0

    private static let declarations = """
    parameter isPremium: Bool = false
    parameter isLoggedIn: Bool = false
    event purchase(amount: Double, items: Int, category: String)

    """

    /// The completion items at `marker` (`|` in `text`, removed before the file is opened).
    private func items(_ marked: String) -> (text: String, cursor: Int, items: [JSONValue]) {
        let source = Self.declarations + marked
        let bytes = Array(source.utf8)
        guard let marker = bytes.firstIndex(of: UInt8(ascii: "|")) else { return ("", 0, []) }
        let text = String(decoding: bytes[..<marker] + bytes[(marker + 1)...], as: UTF8.self)
        server = LanguageServer()
        nextID = 0
        request("initialize", .object(["processId": .null, "rootUri": .null, "capabilities": .object([:])]))
        _ = server.handle(.object(["jsonrpc": "2.0", "method": "initialized", "params": .object([:])]))
        _ = server.handle(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tiprules", "version": 1, "text": .string(text),
        ])])]))
        let line = bytes[..<marker].filter { $0 == 10 }.count
        let lineStart = bytes[..<marker].lastIndex(of: 10).map { $0 + 1 } ?? 0
        let position: JSONValue = .object(["line": .integer(line), "character": .integer(marker - lineStart)])
        let reply = request("textDocument/completion", .object(["textDocument": .object(["uri": .string(uri)]), "position": position]))
        return (text, marker, reply.first?["result"]?["items"]?.arrayValue ?? [])
    }

    @discardableResult
    private func request(_ method: String, _ params: JSONValue) -> [JSONValue] {
        nextID += 1
        return server.handle(.object(["jsonrpc": "2.0", "id": .integer(nextID), "method": .string(method), "params": params]))
    }

    /// The text after applying the item labelled `label` at the marker, as VS Code and as Neovim
    /// would; nil for a client that would not show the item.
    private func applied(_ label: String, at marked: String) -> (vsCode: String?, neovim: String?) {
        let (text, cursor, found) = items(marked)
        guard let item = found.first(where: { $0["label"]?.stringValue == label }) else { return (nil, nil) }
        return (EditorClient.vsCode.apply(item, to: text, cursor: cursor), EditorClient.neovim.apply(item, to: text, cursor: cursor))
    }

    /// Expects both editors to turn `marked` into `expected` with the item `label`.
    private func expectCompletion(_ marked: String, _ label: String, gives expected: String,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result = applied(label, at: marked)
        let want = Self.declarations + expected
        #expect(result.vsCode == want, "VS Code: \(marked) with \(label)", sourceLocation: sourceLocation)
        #expect(result.neovim == want, "Neovim: \(marked) with \(label)", sourceLocation: sourceLocation)
    }

    private func labels(_ marked: String) -> Set<String> {
        Set(items(marked).items.compactMap { $0["label"]?.stringValue })
    }

    @Test func aHoldoutsGoalIsAnEvent() {
        let holdout = "parameter userID: String = \"\"\ntip A {\n    title: \"a\"\n    holdout(10, of: userID, goal: "
        expectCompletion(holdout + "pur|)\n}\n", "purchase", gives: holdout.replacing("|", with: "") + "purchase)\n}\n")
        #expect(labels(holdout + "|)\n}\n") == ["purchase"])
        #expect(labels(holdout + "[purchase, |])\n}\n") == ["purchase"])
    }

    @Test func aParameterAfterSelfDollar() {
        expectCompletion("tip A {\n    title: \"a\"\n    #Rule(Self.$|) { $0 }\n}\n", "$isPremium",
                         gives: "tip A {\n    title: \"a\"\n    #Rule(Self.$isPremium) { $0 }\n}\n")
        #expect(labels("tip A {\n    title: \"a\"\n    #Rule(Self.$|) { $0 }\n}\n") == ["$isPremium", "$isLoggedIn"])
    }

    @Test func aParameterAfterSelfDollarAndItsFirstLetters() {
        expectCompletion("tip A {\n    title: \"a\"\n    #Rule(Self.$is|) { $0 }\n}\n", "$isPremium",
                         gives: "tip A {\n    title: \"a\"\n    #Rule(Self.$isPremium) { $0 }\n}\n")
        expectCompletion("tip A {\n    title: \"a\"\n    #Rule(Self.$isL|) { $0 }\n}\n", "$isLoggedIn",
                         gives: "tip A {\n    title: \"a\"\n    #Rule(Self.$isLoggedIn) { $0 }\n}\n")
    }

    @Test func anInputAfterSelfDot() {
        expectCompletion("tip A {\n    title: \"a\"\n    #Rule(Self.|) { $0 }\n}\n", "$isPremium",
                         gives: "tip A {\n    title: \"a\"\n    #Rule(Self.$isPremium) { $0 }\n}\n")
        expectCompletion("tip A {\n    title: \"a\"\n    #Rule(Self.pur|) { $0 }\n}\n", "purchase",
                         gives: "tip A {\n    title: \"a\"\n    #Rule(Self.purchase) { $0 }\n}\n")
    }

    @Test func aKeyPathInAnUnclosedCallOffersTheFieldsItCanSum() {
        let unclosed = "widget W {\n    relevance {\n        score: purchase.donations.sum(of: \\.|\n        duration: 0\n    }\n}\n"
        #expect(labels(unclosed) == ["amount", "items"])
        expectCompletion(unclosed, "amount",
                         gives: "widget W {\n    relevance {\n        score: purchase.donations.sum(of: \\.amount\n        duration: 0\n    }\n}\n")
        #expect(labels("widget W {\n    relevance {\n        score: purchase.donations.sum(of: \\.|)\n        duration: 0\n    }\n}\n")
                == ["amount", "items"])
        #expect(labels("widget W {\n    relevance {\n        score: purchase.donations.sum(of: \\.am|)\n        duration: 0\n    }\n}\n")
                == ["amount", "items"])
    }

    @Test func aKeyPathAfterTheBackslashAloneAndAGroupingKeyPath() {
        expectCompletion("widget W {\n    relevance {\n        score: purchase.donations.sum(of: \\|)\n        duration: 0\n    }\n}\n", "amount",
                         gives: "widget W {\n    relevance {\n        score: purchase.donations.sum(of: \\.amount)\n        duration: 0\n    }\n}\n")
        #expect(labels("tip A {\n    title: \"a\"\n    #Rule(Self.purchase) { $0.donations.largestSubset(groupedBy: \\.|).count > 1 }\n}\n")
                == ["date", "amount", "items", "category"])
    }

    @Test func aTextTheAppMakesAfterATextProperty() {
        #expect(labels("tip A {\n    title: s|\n}\n") == ["supplied", "swift"])
        expectCompletion("tip A {\n    title: sw|\n}\n", "swift", gives: "tip A {\n    title: swift\n}\n")
        expectCompletion("tip A {\n    title: \"a\"\n    message: sup|\n}\n", "supplied", gives: "tip A {\n    title: \"a\"\n    message: supplied\n}\n")
        #expect(labels("tip A {\n    title: sw|(\"Text(L10n.a)\")\n}\n") == ["supplied", "swift"])
    }

    @Test func membersOptionsAndRuleKeyword() {
        expectCompletion("tip A {\n    title: \"a\"\n    options { Tips.MaxDisplayC| }\n}\n", "MaxDisplayCount",
                         gives: "tip A {\n    title: \"a\"\n    options { Tips.MaxDisplayCount }\n}\n")
        expectCompletion("tip A {\n    title: \"a\"\n    #Ru|\n}\n", "#Rule", gives: "tip A {\n    title: \"a\"\n    #Rule\n}\n")
        expectCompletion("tip A {\n    title: \"a\"\n    #Rule(Self.purchase) { $0.donations.cou| > 1 }\n}\n", "count",
                         gives: "tip A {\n    title: \"a\"\n    #Rule(Self.purchase) { $0.donations.count > 1 }\n}\n")
    }
}

/// How an editor applies a completion item (see `LanguageServerCompletionTests`).
enum EditorClient {
    case vsCode, neovim

    /// The text after applying `item` at `cursor` (a byte offset in ASCII text), or nil when the
    /// editor would not show the item for what is typed.
    func apply(_ item: JSONValue, to text: String, cursor: Int) -> String? {
        let bytes = Array(text.utf8)
        let label = item["label"]?.stringValue ?? ""
        let filter = item["filterText"]?.stringValue ?? label
        let newText = item["textEdit"]?["newText"]?.stringValue
        switch self {
        case .vsCode:
            guard let range = item["textEdit"]?["range"], let start = offset(range["start"], in: bytes),
                  let end = offset(range["end"], in: bytes) else {
                return replace(wordStart(before: cursor, in: bytes), cursor, in: bytes, with: item["insertText"]?.stringValue ?? label)
            }
            let typed = String(decoding: bytes[start..<cursor], as: UTF8.self)
            guard Self.fuzzyMatches(typed, filter) else { return nil }
            return replace(start, end, in: bytes, with: newText ?? label)
        case .neovim:
            let start = wordStart(before: cursor, in: bytes)
            let typed = String(decoding: bytes[start..<cursor], as: UTF8.self)
            guard filter.hasPrefix(typed) else { return nil }
            return replace(start, cursor, in: bytes, with: newText ?? item["insertText"]?.stringValue ?? label)
        }
    }

    /// Where the run of letters, digits and `_` before `cursor` starts (Vim's `\k*$`).
    private func wordStart(before cursor: Int, in bytes: [UInt8]) -> Int {
        var start = cursor
        while start > 0, bytes[start - 1] == UInt8(ascii: "_") || (bytes[start - 1] >= 0x30 && bytes[start - 1] <= 0x39)
                || ((bytes[start - 1] | 0x20) >= 0x61 && (bytes[start - 1] | 0x20) <= 0x7A) {
            start -= 1
        }
        return start
    }

    private func offset(_ position: JSONValue?, in bytes: [UInt8]) -> Int? {
        guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue else { return nil }
        var lineStart = 0
        for _ in 0..<line {
            guard let newline = bytes[lineStart...].firstIndex(of: 10) else { return nil }
            lineStart = newline + 1
        }
        return lineStart + character
    }

    private func replace(_ start: Int, _ end: Int, in bytes: [UInt8], with text: String) -> String {
        String(decoding: bytes[..<start] + Array(text.utf8) + bytes[end...], as: UTF8.self)
    }

    /// VS Code's filter, simplified: the typed characters appear in order in the word, the
    /// first of them at its start (ignoring case).
    private static func fuzzyMatches(_ typed: String, _ word: String) -> Bool {
        let pattern = Array(typed.lowercased()), target = Array(word.lowercased())
        guard let first = pattern.first else { return true }
        guard target.first == first else { return false }
        var index = 1
        for character in target.dropFirst() where index < pattern.count && character == pattern[index] { index += 1 }
        return index == pattern.count
    }
}
