import Foundation
import XCTest
@testable import TipRulesTooling

/// The navigation requests in process: what each answers in the corners the end-to-end
/// scenarios do not reach (encodings, multi-line tokens, `let` renames, options' signatures).
final class LanguageServerNavigationTests: XCTestCase {
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

    func testSemanticTokenLengthsFollowTheNegotiatedEncoding() {
        let text = "tip T { title: \"é😀\" }\n"
        open(text)
        XCTAssertTrue(tokens().contains { $0[2] == 5 && $0[3] == 13 }, "\(tokens())")
        server = LanguageServer()
        open(text, encodings: ["utf-8"])
        XCTAssertTrue(tokens().contains { $0[2] == 8 && $0[3] == 13 }, "\(tokens())")
    }

    func testABlockCommentOverSeveralLinesIsOneTokenPerLine() {
        open("/* one\n   two */\nparameter p: Int = 0\n")
        let comments = tokens().filter { $0[3] == 16 }
        XCTAssertEqual(comments.map { [$0[0], $0[1], $0[2]] }, [[0, 0, 6], [1, 0, 9]])
    }

    func testSignatureParametersAreSplitOutsideBrackets() {
        XCTAssertEqual(SignatureHelp.parameterLabels(of: "func filter(_ isIncluded: (Donation) -> Bool) -> Donations"),
                       ["_ isIncluded: (Donation) -> Bool"])
        XCTAssertEqual(SignatureHelp.parameterLabels(of: "func min(of field: KeyPath<Donation, Value>) -> Value?"),
                       ["of field: KeyPath<Donation, Value>"])
        XCTAssertEqual(SignatureHelp.parameterLabels(of: "limit(maximumCount: Int, maximumAge: Duration)"), ["maximumCount: Int", "maximumAge: Duration"])
        XCTAssertEqual(SignatureHelp.parameterLabels(of: "func lowercased() -> String"), [])
    }

    func testSignatureHelpForAnOptionAndAMissingArgument() {
        open("tip T {\n    title: \"t\"\n    options {\n        Tips.MaxDisplayCount()\n    }\n}\nparameter s: String = \"\"\nwidget W { relevance { score: s.hasPrefix() ? 1 : 0 } }\n")
        let option = reply("textDocument/signatureHelp", ["position": position(3, 29)])?["result"]
        XCTAssertEqual(option?["signatures"]?.arrayValue?.first?["label"], "Tips.MaxDisplayCount(_ count: Int)")
        let method = reply("textDocument/signatureHelp", ["position": position(7, 42)])?["result"]
        XCTAssertEqual(method?["signatures"]?.arrayValue?.first?["label"], "func hasPrefix(_ prefix: String) -> Bool", "\(String(describing: method))")
    }

    func testRenameALetAndRefuseAParameterName() throws {
        let text = "parameter p: Int = 0\nwidget W { relevance {\n    let x = p + 1\n    score: x * 2\n} }\n"
        open(text)
        let edits = try XCTUnwrap(reply("textDocument/rename", ["position": position(3, 11), "newName": "y"])?["result"]?["changes"]?[uri]?.arrayValue)
        XCTAssertEqual(edits.compactMap { $0["range"]?["start"]?["line"]?.intValue }, [2, 3])
        let refused = reply("textDocument/rename", ["position": position(2, 8), "newName": "p"])
        XCTAssertEqual(refused?["error"]?["code"], -32803)
    }

    func testNoReferencesOnKeywordsOrSpaces() {
        open("parameter p: Int = 0\n\ntip T { title: \"t\" }\n")
        XCTAssertEqual(reply("textDocument/references", ["position": position(0, 3)])?["result"], .null)
        XCTAssertEqual(reply("textDocument/documentHighlight", ["position": position(1, 0)])?["result"], .null)
    }

    func testDollarZeroIsHighlightedOnlyInItsOwnRule() {
        open("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 && $0 }\n    #Rule(Self.$a) { !$0 }\n}\n")
        XCTAssertEqual(reply("textDocument/documentHighlight", ["position": position(4, 23)])?["result"]?.arrayValue?.count, 1)
        XCTAssertEqual(reply("textDocument/references", ["position": position(3, 22)])?["result"]?.arrayValue?.count, 2)
    }

    func testInlayHintsOnlyInTheRequestedRange() {
        open("parameter a: Bool = false\ntip T {\n    title: \"t\"\n    #Rule(Self.$a) { $0 }\n    #Rule(Self.$a) { !$0 }\n}\n")
        let range: JSONValue = .object(["start": position(4, 0), "end": position(5, 0)])
        let hints = reply("textDocument/inlayHint", ["range": range])?["result"]?.arrayValue ?? []
        XCTAssertEqual(hints.map { $0["position"] }, [position(4, 22)])
    }

    func testEveryNavigationRequestAtEveryPlaceOfEveryGoldenProgramAnswersOnce() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let names = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".tiprules") }.sorted()
        var answered = 0
        for name in names {
            server = LanguageServer()
            let text = String(decoding: try Data(contentsOf: golden.appendingPathComponent(name)), as: UTF8.self)
            open(text)
            XCTAssertEqual(reply("textDocument/semanticTokens/full", [:])?["error"], nil, name)
            XCTAssertEqual(reply("textDocument/inlayHint", ["range": .object(["start": position(0, 0), "end": position(999, 0)])])?["error"], nil, name)
            for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for character in stride(from: 0, through: content.utf16.count, by: 4) {
                    let at = position(line, character)
                    for method in ["textDocument/references", "textDocument/documentHighlight", "textDocument/signatureHelp"] {
                        XCTAssertNil(reply(method, ["position": at])?["error"], "\(name) \(method) \(line):\(character)")
                    }
                    let rename = reply("textDocument/rename", ["position": at, "newName": "renamed"])
                    XCTAssertTrue(rename?["result"] != nil || rename?["error"]?["code"] == -32803, "\(name) \(line):\(character)")
                    answered += 1
                }
            }
        }
        XCTAssertGreaterThan(answered, 1000)
    }
}
