import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/codeAction`: the fix-its of the diagnostics in the requested range as
/// `quickfix` actions, one "Fix all TRxxxx in this file" per code there with more than one
/// automatically fixable diagnostic in the file, and "Fix all" (`source.fixAll.tiprules`).
/// The fix-alls go through `FixApplier`, so they make the same choices as `check --fix`.
enum CodeActions {
    /// The kind of the whole-file fix.
    static let fixAllKind = "source.fixAll.tiprules"

    /// The actions for `params` (`CodeActionParams`), filtered by `context.only`.
    static func actions(_ params: JSONValue?, in documents: DocumentStore, client: ClientSupport,
                        docsURL: String?) throws(JSONRPCError) -> JSONValue {
        let document = try documents.document(params)
        let range = try document.text.byteRange(of: params?["range"], encoding: documents.encoding)
        let diagnostics = document.analysis.compilation.diagnostics
        let inRange = diagnostics.filter { $0.span.start <= range.upperBound && range.lowerBound <= $0.span.end }
        let context = Context(document: document, encoding: documents.encoding, client: client, docsURL: docsURL)
        var actions: [JSONValue] = []
        for diagnostic in inRange {
            for fix in diagnostic.fixes {
                actions.append(context.action(fix.message, kind: "quickfix", edits: fix.edits, diagnostics: [diagnostic],
                                              preferred: diagnostic.fixes.count == 1))
            }
        }
        var offeredCodes = Set<DiagnosticCode>()
        for diagnostic in inRange where FixApplier.automaticFix(of: diagnostic) != nil && offeredCodes.insert(diagnostic.code).inserted {
            let code = diagnostic.code
            let plan = FixApplier.plan(diagnostics, size: document.text.bytes.count) { $0.code == code }
            guard plan.fixed.count + plan.skipped.count > 1 else { continue }
            actions.append(context.fixAll(plan, title: "Fix all \(code.code) in this file", kind: "quickfix"))
        }
        let plan = FixApplier.plan(diagnostics, size: document.text.bytes.count)
        if !plan.fixed.isEmpty {
            actions.append(context.fixAll(plan, title: "Fix all", kind: fixAllKind))
        }
        let only = params?["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        return .array(actions.filter { action in
            guard let only, let kind = action["kind"]?.stringValue else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        })
    }

    private struct Context {
        let document: OpenDocument
        let encoding: PositionEncoding
        let client: ClientSupport
        let docsURL: String?

        func action(_ title: String, kind: String, edits: [TextEdit], diagnostics: [Diagnostic], preferred: Bool) -> JSONValue {
            let lspEdits: [JSONValue] = edits.map { edit in
                .object(["range": document.text.range(of: edit.span, encoding: encoding), "newText": .string(edit.newText)])
            }
            var object: JSONObject = ["title": .string(title), "kind": .string(kind),
                                      "edit": client.workspaceEdit(lspEdits, in: document)]
            if !diagnostics.isEmpty {
                object["diagnostics"] = .array(diagnostics.map { PublishedDiagnostics.diagnostic($0, in: document, encoding: encoding, docsURL: docsURL) })
            }
            if preferred { object["isPreferred"] = true }
            return .object(object)
        }

        /// A fix-all action; its title says how many overlapping fixes were left out.
        func fixAll(_ plan: FixApplier.Plan, title: String, kind: String) -> JSONValue {
            let left = plan.skipped.count
            let suffix = left == 0 ? "" : " (\(left) overlapping fix\(left == 1 ? "" : "es") left out; run it again)"
            return action(title + suffix, kind: kind, edits: plan.edits, diagnostics: plan.fixed.map(\.diagnostic), preferred: false)
        }
    }
}
