import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/signatureHelp` inside the parentheses of a built-in call: a donation
/// collection's or a string's method, a duration (`.days(`), a conversion (`Double(`), an
/// option (`MaxDisplayCount(`) or `displayFrequency(`. The signature and its documentation
/// come from the language reference; the active parameter is the argument the cursor is in.
enum SignatureHelp {
    /// The `SignatureHelp` answering `params` (`TextDocumentPositionParams`), or null.
    static func help(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let (document, offset) = try documents.documentAndOffset(params)
        let analysis = document.analysis
        guard let (entry, argumentIndex) = call(at: offset, in: analysis) else { return .null }
        let parameters = parameterLabels(of: entry.signature)
        var signature: JSONObject = ["label": .string(entry.signature),
                                     "documentation": .object(["kind": "markdown", "value": .string(entry.documentation)]),
                                     "parameters": .array(parameters.map { .object(["label": .string($0)]) })]
        if !parameters.isEmpty { signature["activeParameter"] = .integer(min(argumentIndex, parameters.count - 1)) }
        return .object(["signatures": [.object(signature)], "activeSignature": 0])
    }

    /// The built-in called by the innermost call whose parentheses hold `offset`, and the
    /// index of the argument the offset is in.
    private static func call(at offset: Int, in analysis: DocumentAnalysis) -> (ReferenceEntry, Int)? {
        var found: (ReferenceEntry, Int)?
        func visit(_ expression: ExpressionSyntax) {
            guard expression.span.start <= offset && offset <= expression.span.end else { return }
            if case .call(let callee, let arguments, _) = expression.kind, offset > callee.span.end,
               let occurrence = analysis.model.names.last(where: { $0.span == callee.nameSpan }),
               case .builtin(let name, let base) = occurrence.referent, let entry = LanguageReference.builtin(name, base: base) {
                found = (entry, argumentIndex(arguments, at: offset))
            }
            expression.subexpressions.forEach(visit)
        }
        analysis.compilation.syntax.expressionRoots.forEach(visit)
        if found != nil { return found }
        for declaration in analysis.compilation.syntax.declarations {
            let (entries, reference): ([CallEntrySyntax], [ReferenceEntry])
            switch declaration {
            case .tip(let tip): (entries, reference) = (tip.options.flatMap(\.entries), LanguageReference.options)
            case .configure(let configure): (entries, reference) = (configure.entries, LanguageReference.configuration)
            default: continue
            }
            for entry in entries where entry.name.span.end < offset && offset <= entry.span.end {
                if let known = LanguageReference.entry(entry.name.text, in: reference) { return (known, argumentIndex(entry.arguments, at: offset)) }
            }
        }
        return nil
    }

    private static func argumentIndex(_ arguments: [ArgumentSyntax], at offset: Int) -> Int {
        arguments.firstIndex { offset <= $0.value.span.end } ?? max(arguments.count - 1, 0)
    }

    /// The parameters of a signature such as `func min(of field: KeyPath<Donation, Value>) -> Value?`:
    /// what its outermost parentheses hold, split at commas outside brackets.
    static func parameterLabels(of signature: String) -> [String] {
        guard let open = signature.firstIndex(of: "(") else { return [] }
        var labels: [String] = []
        var current = ""
        var depth = 0
        for character in signature[signature.index(after: open)...] {
            defer { if character != "," || depth != 0 { current.append(character) } }
            switch character {
            case "(", "<": depth += 1
            case ">" where current.hasSuffix("-"): break
            case ")" where depth == 0:
                let last = current.trimmingSpaces
                return last.isEmpty ? labels : labels + [last]
            case ")", ">": depth -= 1
            case "," where depth == 0:
                labels.append(current.trimmingSpaces)
                current = ""
            default: break
            }
        }
        return labels
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
