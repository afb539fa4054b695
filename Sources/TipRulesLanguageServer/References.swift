import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/references`: every place the name under the cursor's declaration is
/// written, as the checker resolved the names (parameters also as `$name` and `Self.$name`,
/// fields also in `\.field` and `$0.field`, tips also in groups).
enum References {
    /// The name at `offset` and every occurrence of what it refers to, in source order.
    /// `$0` and `$1` mean something else in each rule, so theirs are the ones of the same rule.
    static func occurrences(at offset: Int, in analysis: DocumentAnalysis) -> (name: NameOccurrence, all: [NameOccurrence])? {
        guard analysis.touchesToken(at: offset), let name = analysis.model.name(at: offset) else { return nil }
        let all = analysis.model.occurrences(of: name.referent)
        switch name.referent {
        case .ruleInput, .closureArgument:
            let rules = analysis.symbols.declarations.flatMap { declaration -> [RuleSyntax] in
                if case .tip(let tip) = declaration { return tip.rules }
                return []
            }
            guard let rule = rules.first(where: { $0.span.start <= name.span.start && name.span.end <= $0.span.end }) else { return (name, all) }
            return (name, all.filter { rule.span.start <= $0.span.start && $0.span.end <= rule.span.end })
        default:
            return (name, all)
        }
    }

    /// The `Location[]` answering `params` (`ReferenceParams`; `context.includeDeclaration` defaults to true).
    static func locations(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let (document, offset) = try documents.documentAndOffset(params)
        guard let found = occurrences(at: offset, in: document.analysis) else { return .null }
        let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? true
        return .array(found.all.filter { includeDeclaration || !$0.isDeclaration }.map { occurrence in
            .object(["uri": .string(document.uri), "range": document.text.range(of: occurrence.span, encoding: documents.encoding)])
        })
    }
}
