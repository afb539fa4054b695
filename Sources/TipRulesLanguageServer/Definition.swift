import TipRulesCompiler

/// `textDocument/definition`: where the name under the cursor is declared.
enum Definition {
    /// The span of the declaration's name (or, for `$0` in a rule, of the rule's input).
    static func definition(at offset: Int, in analysis: DocumentAnalysis) -> SourceSpan? {
        let symbols = analysis.symbols
        guard analysis.touchesToken(at: offset),
              let location = SyntaxLocator.locate(offset, in: analysis.compilation.syntax, model: analysis.model) else { return nil }
        switch location.construct {
        case .declarationName(let declaration): return declaration.name.span
        case .fieldName(_, let name): return name.span
        case .localName(let local): return local.name.span
        case .groupMember(let name): return symbols.lookup(name.text)?.name.span
        case .expression(let expression):
            let nameSpan = expression.nameSpan
            guard let occurrence = analysis.model.names.last(where: { $0.span == nameSpan }) else { return nil }
            switch occurrence.referent {
            case .ruleInput(let index, _):
                guard let inputs = location.scope.ruleInputs, inputs.indices.contains(index) else { return nil }
                return inputs[index].syntax.span
            case .closureArgument(let event), .field(let event, .date):
                return analysis.model.declaration(of: .event(event))?.span
            case let referent:
                return analysis.model.declaration(of: referent)?.span
            }
        case .keyword, .typeName, .entryName: return nil
        }
    }
}
