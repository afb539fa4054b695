import Testing
import TipRulesCompiler
@testable import TipRulesLanguageServer
@testable import TipRulesToolingCore

/// The language server under a client that sends faster than it answers: a large document with
/// thousands of warnings, and a one-character edit alternating with a hover. The work is counted
/// (analyses, each a full check of a version), not timed: a read costs at most one analysis for
/// its last version and one for each of its few stale requests still answered, whatever its edits
/// and requests, and what is published at the end is right for the last version.
@Suite struct LanguageServerLoadTests {
    private let uri = "file:///work/large.tiprules"
    /// 5,000 parameters that no rule reads: a 175 KB document with a warning on each line (of which
    /// the first `DiagnosticList.maximumCount` are kept).
    private let parameterCount = 5_000

    private func frame(_ message: JSONValue) -> FrameEvent { .message(Array(JSONWriter.string(from: message).utf8)) }

    private func edit(version: Int) -> FrameEvent {
        let position: JSONValue = .object(["line": 0, "character": 2])
        return frame(.object(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
            "textDocument": .object(["uri": .string(uri), "version": .integer(version)]),
            "contentChanges": .array([.object(["range": .object(["start": position, "end": position]), "text": "x"])]),
        ])]))
    }

    private func hover(id: Int, parameter: Int) -> FrameEvent {
        frame(.object(["jsonrpc": "2.0", "id": .integer(id), "method": "textDocument/hover", "params": .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": .integer(parameter + 1), "character": 11]),
        ])]))
    }

    @Test func alternatingEditsAndHoversCostABoundedNumberOfAnalysesPerRead() {
        var text = "//\n"
        for index in 0..<parameterCount { text += "parameter param\(index): Bool = false\n" }
        #expect(text.utf8.count > 150_000)
        var server = LanguageServer(docsURL: nil)
        _ = server.handle(.object(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": .object(["capabilities": .object([:])])]))
        let opened = server.handle(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "tiprules", "version": 0, "text": .string(text)])])]))
        let warnings = opened.first?["params"]?["diagnostics"]?.arrayValue?.count ?? 0
        #expect(warnings == DiagnosticList.maximumCount)
        #expect(server.analysesMade == 1)

        let pairs = 2_000, reads = 4
        var published: [JSONValue] = []
        var answered = 0, modified = 0
        for read in 0..<reads {
            var events: [FrameEvent] = []
            for pair in (read * pairs / reads)..<((read + 1) * pairs / reads) {
                events.append(edit(version: pair + 1))
                events.append(hover(id: pair + 1, parameter: pair % parameterCount))
            }
            for reply in server.handle(events) {
                if reply["method"]?.stringValue == "textDocument/publishDiagnostics" { published.append(reply) }
                if reply["error"]?["code"]?.intValue == -32801 { modified += 1 }
                if reply["result"]?["contents"]?["value"]?.stringValue?.contains("param") == true { answered += 1 }
            }
        }
        let answeredPerRead = 1 + LanguageServer.staleAnswersPerRead
        #expect(server.analysesMade <= 1 + reads * answeredPerRead, "a bounded number of analyses per read")
        #expect(published.count == reads, "published once per read")
        #expect(answered == reads * answeredPerRead, "the first stale hovers and the last hover of each read are answered")
        #expect(answered + modified == pairs, "every hover gets an answer")
        #expect(published.last?["params"]?["version"]?.intValue == pairs)
        let final = "//" + String(repeating: "x", count: pairs) + text.dropFirst(2)
        let expected = DocumentAnalysis(name: uri, bytes: Array(final.utf8)).compilation.diagnostics.count
        #expect(published.last?["params"]?["diagnostics"]?.arrayValue?.count == expected)
        #expect(expected == warnings)
    }

    @Test func linesFoundAgainAfterAnEditAreTheLinesOfTheWholeText() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [UInt8] = Array("ab\r\n".utf8)
        var document = TextDocument(bytes: [])
        for _ in 0..<2_000 {
            let lower = next(document.bytes.count + 1)
            let upper = lower + next(min(4, document.bytes.count - lower) + 1)
            document.replace(lower..<upper, with: (0..<next(4)).map { _ in alphabet[next(alphabet.count)] })
            let fresh = TextDocument(bytes: document.bytes)
            for offset in 0...document.bytes.count {
                #expect(document.position(of: offset, encoding: .utf8) == fresh.position(of: offset, encoding: .utf8))
            }
        }
    }
}
