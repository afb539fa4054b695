import Foundation
import Testing
@testable import TipRulesLanguageServer
@testable import TipRulesToolingCore
import TipRulesCompiler
import TipRulesTestSupport

/// In-process tests of the editing requests: code actions and diagnostic links.
@Suite final class LanguageServerEditingTests {
    private let uri = "file:///work/fix.tiprules"
    private var server = LanguageServer(docsURL: "https://example.test/diagnostics.md")
    private var nextID = 0

    private func result(_ method: String, _ params: JSONValue, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue {
        nextID += 1
        let replies = server.handle(.object(["jsonrpc": "2.0", "id": .integer(nextID), "method": .string(method), "params": params]))
        #expect(replies.count == 1, sourceLocation: sourceLocation)
        #expect(replies.first?["error"] == nil, "\(replies)", sourceLocation: sourceLocation)
        return replies.first?["result"] ?? .null
    }

    private func notify(_ method: String, _ params: JSONValue) -> [JSONValue] {
        server.handle(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Initializes with `capabilities`, opens `text`; the published diagnostics.
    @discardableResult
    private func start(_ text: String = SamplePrograms.fixable, capabilities: JSONValue = .object([:])) -> [JSONValue] {
        _ = result("initialize", .object(["processId": .null, "capabilities": capabilities]))
        let published = notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tiprules", "version": 7, "text": .string(text)])]))
        return published.first?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    private func codeActions(at needle: String, in text: String = SamplePrograms.fixable, only: [String]? = nil) -> [JSONValue] {
        let position = LSPText.position(of: needle, in: text)
        var context: JSONObject = ["diagnostics": []]
        if let only { context["only"] = .array(only.map(JSONValue.string)) }
        return result("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]),
            "range": .object(["start": position, "end": position]),
            "context": .object(context),
        ])).arrayValue ?? []
    }

    /// Applies the `changes` edits of `edit` to the open document; the diagnostics published then.
    private func apply(_ edit: JSONValue?) -> [JSONValue] {
        let edits = edit?["changes"]?[uri]?.arrayValue ?? []
        let changes = edits.reversed().map { JSONValue.object(["range": $0["range"] ?? .null, "text": $0["newText"] ?? .null]) }
        let published = notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 8]), "contentChanges": .array(changes)]))
        return published.first?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    @Test func quickFixAndFixAllOfTheCode() throws {
        #expect(start().count == 3)
        let actions = codeActions(at: "cont >= 3")
        // A guessed spelling is offered, not preferred, and not in "Fix all" (check --fix does not apply it either).
        #expect(actions.map { $0["title"]?.stringValue ?? "" } == ["replace with 'count'", "Fix all TR0211 in this file"])
        #expect(actions.map { $0["kind"]?.stringValue ?? "" } == ["quickfix", "quickfix"])
        #expect(actions[0]["isPreferred"] == nil)
        #expect(actions[0]["diagnostics"]?.arrayValue?.first?["code"] == "TR0211")
        try #require(actions.count == 2)
        #expect(actions[1]["edit"]?["changes"]?[uri]?.arrayValue?.count == 2)
        #expect(apply(actions[1]["edit"]).map { $0["code"] } == ["TR0401"])
    }

    @Test func fixAllAppliesTheFixesThatKeepTheMeaning() throws {
        let text = SamplePrograms.safelyFixable
        start(text)
        let actions = codeActions(at: "DisplayFrequency", in: text)
        #expect(actions.map { $0["title"]?.stringValue ?? "" } == ["replace with 'displayFrequency'", "Fix all"])
        #expect(actions.first?["isPreferred"] == true)
        try #require(actions.count == 2)
        #expect(apply(actions[1]["edit"]) == [])
    }

    @Test func onlyOneFixableDiagnosticOffersNoFixAllOfItsCode() {
        start()
        let titles = codeActions(at: "MaxDisplayCont").map { $0["title"]?.stringValue ?? "" }
        #expect(titles == ["replace with 'MaxDisplayCount'"])
    }

    @Test func onlyFiltersByKind() {
        let text = SamplePrograms.safelyFixable
        start(text)
        #expect(codeActions(at: "DisplayFrequency", in: text, only: ["source.fixAll"]).map { $0["title"]?.stringValue ?? "" } == ["Fix all"])
        #expect(codeActions(at: "DisplayFrequency", in: text, only: ["refactor"]) == [])
    }

    @Test func documentChangesCarryTheVersionWhenTheClientSupportsThem() {
        start(capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]])
        let edit = codeActions(at: "cont >= 3").first?["edit"]
        #expect(edit?["changes"] == nil)
        #expect(edit?["documentChanges"]?.arrayValue?.first?["textDocument"]?["version"] == 7)
        #expect(edit?["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue?.first?["newText"] == "count")
    }

    @Test func aLintFixIsOfferedButNotInFixAll() {
        let text = "parameter a: Bool = false\n"
        start(text)
        let titles = codeActions(at: "a:", in: text).map { $0["title"]?.stringValue ?? "" }
        #expect(titles.count == 1)
        #expect(!titles.contains("Fix all"))
    }

    @Test func theTipKitLintIsPublishedForAProgramThatTargetsTipKit() {
        let rule = "event purchase(amount: Double)\ntip A {\n    title: \"a\"\n    #Rule(Self.purchase) { $0.donations.sum(of: \\.amount) > 1 }\n}\n"
        let published = start("configure { tipKit(minimumIOS: 17) }\n" + rule)
        #expect(published.map { $0["code"] } == ["TR0910"])
        #expect(published.first?["severity"] == 2)
        #expect(published.first?["range"]?["start"] == ["line": 4, "character": 27])
    }

    @Test func withoutTipKitTheLintIsOff() {
        #expect(start("event purchase(amount: Double)\ntip A {\n    title: \"a\"\n    #Rule(Self.purchase) { $0.donations.sum(of: \\.amount) > 1 }\n}\n") == [])
    }

    @Test func codeActionNeedsAnOpenDocumentAndARange() {
        start()
        nextID += 1
        let missing = server.handle(.object(["jsonrpc": "2.0", "id": 99, "method": "textDocument/codeAction",
                                             "params": ["textDocument": ["uri": "file:///nowhere"]]]))
        #expect(missing.first?["error"]?["code"] == -32602)
        let noRange = server.handle(.object(["jsonrpc": "2.0", "id": 100, "method": "textDocument/codeAction",
                                             "params": .object(["textDocument": .object(["uri": .string(uri)])])]))
        #expect(noRange.first?["error"]?["code"] == -32602)
    }

    @Test func diagnosticsLinkTheirExplanation() {
        let diagnostics = start()
        #expect(diagnostics.first?["codeDescription"]?["href"] == "https://example.test/diagnostics.md#TR0211")
        #expect(diagnostics.first?["message"]?.stringValue?.contains("did you mean 'count'?") == true)
    }

    /// Every code's link lands on an anchor of docs/diagnostics.md.
    @Test func everyCodeHasAnAnchorInTheDiagnosticsDocument() throws {
        let docs = repositoryRoot.appendingPathComponent("docs/diagnostics.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for code in DiagnosticCode.allCases {
            #expect(text.contains("<a id=\"\(code.code)\"></a>"), "docs/diagnostics.md has no anchor for \(code.code)")
        }
    }

    // MARK: Coalescing

    private func changeFrame(version: Int, at line: Int, insert text: String) -> FrameEvent {
        let position: JSONValue = .object(["line": .integer(line), "character": 0])
        let message: JSONValue = .object(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
            "textDocument": .object(["uri": .string(uri), "version": .integer(version)]),
            "contentChanges": .array([.object(["range": .object(["start": position, "end": position]), "text": .string(text)])]),
        ])])
        return .message(Array(JSONWriter.string(from: message).utf8))
    }

    @Test func queuedChangesArePublishedOnceAtTheLatestVersion() {
        start("")
        let events = (1...20).map { changeFrame(version: $0 + 7, at: 0, insert: "parameter p\($0): Bool = false\n") }
        let published = server.handle(events)
        #expect(published.count == 1)
        #expect(published.first?["params"]?["version"] == 27)
        #expect(published.first?["params"]?["diagnostics"]?.arrayValue?.count == 20, "every change applied")
        let hover = result("textDocument/hover", LSPText.at(uri, .object(["line": 0, "character": 11])))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("p20") == true, "\(hover)")
    }

    @Test func aRefusedChangeInARunLeavesTheOthersApplied() {
        start("")
        var events = [changeFrame(version: 8, at: 0, insert: "parameter a: Bool = false\n")]
        events.append(.message(Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":9},"contentChanges":[{"range":"bad","text":"x"}]}}"#.utf8)))
        events.append(changeFrame(version: 10, at: 0, insert: "parameter b: Bool = false\n"))
        let replies = server.handle(events)
        #expect(replies.compactMap { $0["method"]?.stringValue } == ["window/logMessage", "textDocument/publishDiagnostics"])
        #expect(replies.last?["params"]?["diagnostics"]?.arrayValue?.count == 2)
    }

    @Test func interleavedChangesToTwoDocumentsArePublishedOnceForEach() {
        start("")
        let other = JSONValue.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object(["textDocument": .object([
            "uri": "file:///other.tiprules", "languageId": "tiprules", "version": 1, "text": ""])])])
        let events = [changeFrame(version: 8, at: 0, insert: "\n"), .message(Array(JSONWriter.string(from: other).utf8)),
                      changeFrame(version: 9, at: 0, insert: "\n"), changeFrame(version: 10, at: 0, insert: "\n")]
        #expect(server.handle(events).compactMap { $0["params"]?["version"]?.intValue } == [1, 10])
    }

    // MARK: Formatting

    @Test func formattingEditsOnlyTheLinesThatChange() {
        start(SamplePrograms.messy)
        let edits = result("textDocument/formatting", .object([
            "textDocument": .object(["uri": .string(uri)]), "options": ["tabSize": 4, "insertSpaces": true]])).arrayValue ?? []
        #expect(edits.count == 12)
        let changes = edits.reversed().map { JSONValue.object(["range": $0["range"] ?? .null, "text": $0["newText"] ?? .null]) }
        _ = notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 8]), "contentChanges": .array(changes)]))
        let again = result("textDocument/formatting", .object(["textDocument": .object(["uri": .string(uri)]), "options": [:]]))
        #expect(again == [], "formatted")
    }

    @Test func rangeFormattingKeepsTheEditsOfItsLines() {
        start(SamplePrograms.messy)
        let edits = result("textDocument/rangeFormatting", .object([
            "textDocument": .object(["uri": .string(uri)]), "options": [:],
            "range": ["start": ["line": 10, "character": 0], "end": ["line": 11, "character": 2]]])).arrayValue ?? []
        #expect(edits.map { $0["newText"]?.stringValue ?? "" } == ["        $0 == true\n", "            && true\n"])
    }

    @Test func aSyntaxErrorGetsNoFormattingEdits() {
        start("tip T {\n  title: \"t\"\n")
        #expect(result("textDocument/formatting", .object(["textDocument": .object(["uri": .string(uri)]), "options": [:]])) == [])
    }
}

