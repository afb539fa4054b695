import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec lsp` as a separate process: code actions, fix-alls and diagnostic links, as an
/// editor sees them.
/// Serialized: each test starts a `tiprulec lsp` child; one child at a time per suite keeps the
/// children from waiting behind each other for the CPU (an answer is awaited at most 20 s).
@Suite(.serialized) struct LanguageServerEditingProcessTests {
    private let uri = "file:///work/fix.tiprules"
    private let source = SamplePrograms.fixable

    private func codeActions(_ server: LanguageServerProcess, at needle: String, in text: String? = nil,
                             only: [String]? = nil) -> [JSONValue] {
        let position = LSPText.position(of: needle, in: text ?? source)
        var context: JSONObject = ["diagnostics": []]
        if let only { context["only"] = .array(only.map(JSONValue.string)) }
        return server.result("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": .object(["start": position, "end": position]),
            "context": .object(context),
        ])).arrayValue ?? []
    }

    /// Sends the `changes` edits of `edit` as one didChange; the diagnostics published then.
    private func apply(_ edit: JSONValue?, to server: LanguageServerProcess) -> [JSONValue]? {
        let edits = edit?["changes"]?[uri]?.arrayValue ?? []
        server.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": 2]),
            "contentChanges": .array(edits.reversed().map { .object(["range": $0["range"] ?? .null, "text": $0["newText"] ?? .null]) }),
        ]))
        return server.diagnostics(for: uri)
    }

    @Test func codeActionsAreAdvertised() throws {
        let server = try LanguageServerProcess()
        let capabilities = server.initialize()
        #expect(capabilities["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "source.fixAll.tiprules"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func aQuickFixRemovesItsDiagnostic() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        #expect(server.open(uri, source)?.count == 3)
        let quickFix = try #require(codeActions(server, at: "MaxDisplayCont").first)
        #expect(quickFix["isPreferred"] == nil, "a guessed spelling is offered, not preferred")
        #expect(apply(quickFix["edit"], to: server)?.compactMap { $0["code"]?.stringValue } == ["TR0211", "TR0211"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func fixAllOfOneCodeLeavesTheOthers() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.open(uri, source)
        let action = codeActions(server, at: "cont >= 4").first { $0["title"] == "Fix all TR0211 in this file" }
        #expect(apply(action?["edit"], to: server)?.compactMap { $0["code"]?.stringValue } == ["TR0401"])
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func sourceFixAllGivesACleanDocument() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let text = SamplePrograms.safelyFixable
        server.open(uri, text)
        let actions = codeActions(server, at: "title", in: text, only: ["source.fixAll"])
        #expect(actions.map { $0["title"]?.stringValue ?? "" } == ["Fix all"])
        #expect(apply(actions.first?["edit"], to: server)?.count == 0)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func docsURLFlagSetsTheCodeDescription() throws {
        let server = try LanguageServerProcess(arguments: ["--docs-url", "https://docs.example/diagnostics.html"])
        server.initialize()
        let diagnostics = try #require(server.open(uri, source))
        #expect(diagnostics.first?["codeDescription"]?["href"] == "https://docs.example/diagnostics.html#TR0211")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func malformedCodeActionParamsAreInvalidParams() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.open(uri, source)
        let reply = server.request("textDocument/codeAction", .object(["textDocument": .object(["uri": .string(uri)]), "range": "x"]))
        #expect(reply?["error"]?["code"] == -32602)
        #expect(codeActions(server, at: "cont >= 3").count == 2, "the server goes on")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func codeActionForAnUnopenedDocumentIsAnError() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let reply = server.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": "file:///never.tiprules"]),
            "range": .object(["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]),
            "context": .object(["diagnostics": []]),
        ]))
        #expect(reply?["error"]?["code"] == -32602)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func fixAllOnAHugeDocument() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let repeated = (0..<400).map { "    #Rule(Self.opened) { $0.donations.largestSubset(by: \\.screen).count >= \($0) }" }
            .joined(separator: "\n")
        let huge = "event opened(screen: String)\ntip T {\n    title: \"t\"\n\(repeated)\n}\n"
        #expect(server.open(uri, huge)?.count == 400)
        let position = LSPText.position(of: "by:", in: huge)
        let actions = server.result("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": .object(["start": position, "end": position]),
            "context": .object(["diagnostics": []]),
        ])).arrayValue ?? []
        let fixAll = actions.first { $0["kind"] == "source.fixAll.tiprules" }
        #expect(fixAll?["edit"]?["changes"]?[uri]?.arrayValue?.count == 400)
        #expect(apply(fixAll?["edit"], to: server)?.count == 0)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func twentyChangesInOneWriteArePublishedOnce() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        #expect(server.open(uri, "")?.count == 0)
        var bytes: [UInt8] = []
        for version in 2...21 {
            let position: JSONValue = ["line": 0, "character": 0]
            let body = Array(JSONWriter.string(from: .object(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
                "textDocument": .object(["uri": .string(uri), "version": .integer(version)]),
                "contentChanges": .array([.object(["range": .object(["start": position, "end": position]),
                                                   "text": .string("parameter p\(version): Bool = false\n")])]),
            ])])).utf8)
            bytes += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        server.sendRaw(bytes)
        let published = server.take { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published?["params"]?["version"] == 21)
        #expect(published?["params"]?["diagnostics"]?.arrayValue?.count == 20)
        #expect(server.request("shutdown") != nil)
        #expect(!server.pending.contains { $0["method"] == "textDocument/publishDiagnostics" }, "one publish only")
        server.notify("exit")
        #expect(server.waitForExit() == 0)
    }

    @Test func aCancelledRequestAfterQueuedChangesIsStillCancelled() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        server.open(uri, source)
        var bytes: [UInt8] = []
        let messages: [JSONValue] = [
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
                "textDocument": .object(["uri": .string(uri), "version": 2]),
                "contentChanges": .array([.object(["text": .string(source + "\n")])])])],
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
                "textDocument": .object(["uri": .string(uri), "version": 3]),
                "contentChanges": .array([.object(["text": .string(source)])])])],
            ["jsonrpc": "2.0", "id": 500, "method": "textDocument/hover", "params": LSPText.at(uri, ["line": 0, "character": 12])],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 500]],
        ]
        for message in messages {
            let body = Array(JSONWriter.string(from: message).utf8)
            bytes += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        server.sendRaw(bytes)
        #expect(server.diagnostics(for: uri)?.count == 3)
        #expect(server.response(to: 500)?["error"]?["code"] == -32800)
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func formattingEndToEnd() throws {
        let server = try LanguageServerProcess()
        let capabilities = server.initialize()
        #expect(capabilities["documentFormattingProvider"] == true)
        #expect(capabilities["documentRangeFormattingProvider"] == true)
        server.open(uri, SamplePrograms.messy)
        let edits = server.result("textDocument/formatting", .object(["textDocument": .object(["uri": .string(uri)]), "options": [:]]))
        #expect(edits.arrayValue?.count == 12)
        let range = server.result("textDocument/rangeFormatting", .object([
            "textDocument": .object(["uri": .string(uri)]), "options": [:],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 5]]]))
        #expect(range.arrayValue?.first?["newText"] == "parameter a: Bool = false\n")
        #expect(server.shutdownAndExit() == 0)
    }

    @Test func formattingAnUnopenedDocumentIsAnError() throws {
        let server = try LanguageServerProcess()
        server.initialize()
        let reply = server.request("textDocument/formatting", .object(["textDocument": .object(["uri": "file:///never.tiprules"])]))
        #expect(reply?["error"]?["code"] == -32602)
        #expect(server.shutdownAndExit() == 0)
    }
}

