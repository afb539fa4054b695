import Foundation
import Testing
@testable import TipRulesLanguageServer
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// The navigation requests in process: what each answers in the corners the end-to-end
/// scenarios do not reach (encodings, multi-line tokens, `let` renames, options' signatures).
@Suite final class LanguageServerNavigationTests {
    private let uri = "file:///work/nav.tiprules"
    private var server = LanguageServer()

    /// Initializes (offering `encodings`) and opens `text`.
    private func open(_ text: String, encodings: [String] = ["utf-16"]) {
        _ = server.handle(.object(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": .object([
            "capabilities": .object(["general": .object(["positionEncodings": .array(encodings.map { .string($0) })])]),
        ])]))
        _ = server.handle(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object([
            "textDocument": .object(["uri": .string(uri), "version": 1, "text": .string(text)]),
        ])]))
    }

    /// The whole reply to one request.
    private func reply(_ method: String, _ params: [String: JSONValue]) -> JSONValue? {
        var object: JSONObject = ["textDocument": .object(["uri": .string(uri)])]
        for (key, value) in params { object[key] = value }
        return server.handle(.object(["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .object(object)])).first
    }

    private func position(_ line: Int, _ character: Int) -> JSONValue {
        .object(["line": .integer(line), "character": .integer(character)])
    }

    private func tokens(_ params: [String: JSONValue] = [:]) -> [[Int]] {
        let data = reply("textDocument/semanticTokens/full", params)?["result"]?["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        return stride(from: 0, to: data.count - 4, by: 5).map { Array(data[$0..<$0 + 5]) }
    }

    @Test func semanticTokenLengthsFollowTheNegotiatedEncoding() {
        let text = "tip T { title: \"é😀\" }\n"
        open(text)
        #expect(tokens().contains { $0[2] == 5 && $0[3] == 13 }, "\(tokens())")
        server = LanguageServer()
        open(text, encodings: ["utf-8"])
        #expect(tokens().contains { $0[2] == 8 && $0[3] == 13 }, "\(tokens())")
    }

    @Test func aBlockCommentOverSeveralLinesIsOneTokenPerLine() {
        open("/* one\n   two */\nparameter p: Int = 0\n")
        let comments = tokens().filter { $0[3] == 16 }
        #expect(comments.map { [$0[0], $0[1], $0[2]] } == [[0, 0, 6], [1, 0, 9]])
    }

    @Test func signatureParametersAreSplitOutsideBrackets() {
        #expect(SignatureHelp.parameterLabels(of: "func filter(_ isIncluded: (Donation) -> Bool) -> Donations") == ["_ isIncluded: (Donation) -> Bool"])
        #expect(SignatureHelp.parameterLabels(of: "func min(of field: KeyPath<Donation, Value>) -> Value?") == ["of field: KeyPath<Donation, Value>"])
        #expect(SignatureHelp.parameterLabels(of: "limit(maximumCount: Int, maximumAge: Duration)") == ["maximumCount: Int", "maximumAge: Duration"])
        #expect(SignatureHelp.parameterLabels(of: "func lowercased() -> String") == [])
    }

    @Test func signatureHelpForAnOptionAndAMissingArgument() {
        open("tip T {\n    title: \"t\"\n    options {\n        Tips.MaxDisplayCount()\n    }\n}\nparameter s: String = \"\"\nwidget W { relevance { score: s.hasPrefix() ? 1 : 0 } }\n")
        let option = reply("textDocument/signatureHelp", ["position": position(3, 29)])?["result"]
        #expect(option?["signatures"]?.arrayValue?.first?["label"] == "Tips.MaxDisplayCount(_ count: Int)")
        let method = reply("textDocument/signatureHelp", ["position": position(7, 42)])?["result"]
        #expect(method?["signatures"]?.arrayValue?.first?["label"] == "func hasPrefix(_ prefix: String) -> Bool", "\(String(describing: method))")
    }

    @Test func renameALetAndRefuseAParameterName() throws {
        let text = "parameter p: Int = 0\nwidget W { relevance {\n    let x = p + 1\n    score: x * 2\n} }\n"
        open(text)
        let edits = try #require(reply("textDocument/rename", ["position": position(3, 11), "newName": "y"])?["result"]?["changes"]?[uri]?.arrayValue)
        #expect(edits.compactMap { $0["range"]?["start"]?["line"]?.intValue } == [2, 3])
        let refused = reply("textDocument/rename", ["position": position(2, 8), "newName": "p"])
        #expect(refused?["error"]?["code"] == -32803)
    }

    @Test func noReferencesOnKeywordsOrSpaces() {
        open("parameter p: Int = 0\n\ntip T { title: \"t\" }\n")
        #expect(reply("textDocument/references", ["position": position(0, 3)])?["result"] == .null)
        #expect(reply("textDocument/documentHighlight", ["position": position(1, 0)])?["result"] == .null)
    }

    @Test func dollarZeroIsHighlightedOnlyInItsOwnRule() {
        open("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 && $0 }\n    #Rule(Self.$a) { !$0 }\n}\n")
        #expect(reply("textDocument/documentHighlight", ["position": position(4, 23)])?["result"]?.arrayValue?.count == 1)
        #expect(reply("textDocument/references", ["position": position(3, 22)])?["result"]?.arrayValue?.count == 2)
    }

    @Test func inlayHintsOnlyInTheRequestedRange() {
        open("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 }\n    #Rule(Self.$a) { !$0 }\n}\n")
        let range: JSONValue = .object(["start": position(4, 0), "end": position(5, 0)])
        let hints = reply("textDocument/inlayHint", ["range": range])?["result"]?.arrayValue ?? []
        #expect(hints.map { $0["position"] } == [position(4, 22)])
    }

    @Test func everyNavigationRequestAtEveryPlaceOfEveryGoldenProgramAnswersOnce() throws {
        // The diagnostics' golden programs, beside the tests of the commands that render them.
        let golden = repositoryRoot.appendingPathComponent("Tests/TipRulesCommandsTests/Golden")
        let names = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".tiprules") }.sorted()
        var answered = 0
        for name in names {
            server = LanguageServer()
            let text = String(decoding: try Data(contentsOf: golden.appendingPathComponent(name)), as: UTF8.self)
            open(text)
            #expect(reply("textDocument/semanticTokens/full", [:])?["error"] == nil, Comment(rawValue: name))
            #expect(reply("textDocument/inlayHint", ["range": .object(["start": position(0, 0), "end": position(999, 0)])])?["error"] == nil, Comment(rawValue: name))
            for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for character in stride(from: 0, through: content.utf16.count, by: 4) {
                    let at = position(line, character)
                    for method in ["textDocument/references", "textDocument/documentHighlight", "textDocument/signatureHelp"] {
                        #expect(reply(method, ["position": at])?["error"] == nil, "\(name) \(method) \(line):\(character)")
                    }
                    let rename = reply("textDocument/rename", ["position": at, "newName": "renamed"])
                    #expect(rename?["result"] != nil || rename?["error"]?["code"] == -32803, "\(name) \(line):\(character)")
                    answered += 1
                }
            }
        }
        #expect(answered > 1000)
    }
}
