import TipRulesCompiler

/// `textDocument/definition`: where the name under the cursor is declared.
enum Definition {
    /// The span of the declaration's name (or, for `$0` in a rule, of the rule's input).
    static func definition(at offset: Int, in analysis: DocumentAnalysis) -> SourceSpan? {
        let symbols = analysis.symbols
        guard analysis.touchesToken(at: offset),
              let location = SyntaxLocator.locate(offset, in: analysis.compilation.syntax, symbols: symbols) else { return nil }
        switch location.construct {
        case .declarationName(let declaration): return declaration.name.span
        case .fieldName(_, let name): return name.span
        case .localName(let local): return local.name.span
        case .groupMember(let name): return symbols.lookup(name.text)?.name.span
        case .expression(let expression):
            switch ExpressionTyper(symbols: symbols).referent(of: expression, in: location.scope) {
            case .declaration(let declaration)?: return declaration.name.span
            case .local(let local)?: return local.name.span
            case .ruleInput(_, let binding)?: return binding.syntax.span
            case .closureArgument(let event)?: return symbols.event(event)?.name.span
            case .field(let event, let name)?:
                guard let syntax = symbols.event(event) else { return nil }
                return syntax.fields.first { $0.name.text == name }?.name.span ?? syntax.name.span
            case .builtin?, nil: return nil
            }
        case .keyword, .typeName, .entryName: return nil
        }
    }
}
