import TipRulesCompiler

/// What is at a place in a file.
enum Construct {
    /// A keyword: a declaration's (`tip`) or a block's (`#Rule`, `options`, `relevance`, `limit`).
    case keyword(ReferenceEntry)
    /// A declaration's name where it is declared.
    case declarationName(SymbolIndex.Declaration)
    /// A field's name in an event declaration.
    case fieldName(event: Int, name: NameSyntax)
    /// A type in a parameter or field declaration.
    case typeName(NameSyntax)
    /// A built-in name in a block: a tip property, relevance entry, option, configuration or `limit` argument.
    case entryName(NameSyntax, entries: [ReferenceEntry])
    /// A widget's `let` name where it is declared.
    case localName(LocalValue)
    /// A tip named in a group.
    case groupMember(NameSyntax)
    /// The innermost expression.
    case expression(ExpressionSyntax)
}

/// The construct at a byte offset, where it is (its name, for names and members) and
/// what expressions there can see.
struct SyntaxLocation {
    let construct: Construct
    let span: SourceSpan
    let scope: ExpressionScope
}

/// Finds the innermost construct of a file's syntax whose span holds a byte offset
/// (start and end inclusive, so a cursor just after a name finds the name).
/// Expressions nest at most `Parser.maximumNesting` deep, so the walk recurses.
struct SyntaxLocator {
    /// What the checker recorded, for the types of `let`s and of the bases of calls.
    let model: SemanticModel
    let offset: Int

    /// The construct at `offset` in `file`, if any.
    static func locate(_ offset: Int, in file: FileSyntax, model: SemanticModel) -> SyntaxLocation? {
        let locator = SyntaxLocator(model: model, offset: offset)
        var eventIndex = 0
        for declaration in file.declarations {
            if let found = locator.locate(in: declaration, eventIndex: eventIndex) { return found }
            if case .event = declaration { eventIndex += 1 }
        }
        return nil
    }

    private func contains(_ span: SourceSpan) -> Bool { span.start <= offset && offset <= span.end }

    private func at(_ span: SourceSpan, _ construct: Construct, scope: ExpressionScope = ExpressionScope()) -> SyntaxLocation? {
        contains(span) ? SyntaxLocation(construct: construct, span: span, scope: scope) : nil
    }

    private func name(_ name: NameSyntax, _ construct: Construct, scope: ExpressionScope = ExpressionScope()) -> SyntaxLocation? {
        at(name.span, construct, scope: scope)
    }

    /// The keyword `word` written at `start`.
    private func keyword(_ word: String, at start: Int, in entries: [ReferenceEntry]) -> SyntaxLocation? {
        guard let entry = LanguageReference.entry(word, in: entries) else { return nil }
        let (end, overflow) = start.addingReportingOverflow(word.utf8.count)
        return overflow ? nil : at(SourceSpan(start: start, end: end), .keyword(entry))
    }

    private func declarationKeyword(_ word: String, at start: Int) -> SyntaxLocation? {
        keyword(word, at: start, in: LanguageReference.declarationKeywords)
    }

    private func blockKeyword(_ word: String, at start: Int) -> SyntaxLocation? {
        keyword(word, at: start, in: LanguageReference.blockKeywords)
    }

    private func firstMatch<Element>(_ elements: [Element], _ locate: (Element) -> SyntaxLocation?) -> SyntaxLocation? {
        for element in elements {
            if let found = locate(element) { return found }
        }
        return nil
    }

    // MARK: Declarations

    private func locate(in declaration: DeclarationSyntax, eventIndex: Int) -> SyntaxLocation? {
        switch declaration {
        case .configure(let syntax):
            var scope = ExpressionScope()
            scope.implicitMembers = .displayFrequency
            return declarationKeyword("configure", at: syntax.keywordSpan.start)
                ?? firstMatch(syntax.entries) { callEntry($0, entries: LanguageReference.configuration, scope: scope) }
        case .parameter(let syntax):
            return syntax.transientSpan.flatMap { declarationKeyword("transient", at: $0.start) }
                ?? declarationKeyword("parameter", at: syntax.span.start)
                ?? name(syntax.name, .declarationName(.parameter(syntax)))
                ?? name(syntax.type, .typeName(syntax.type))
                ?? syntax.defaultValue.flatMap { expression($0, in: ExpressionScope()) }
        case .event(let syntax):
            return declarationKeyword("event", at: syntax.span.start)
                ?? name(syntax.name, .declarationName(.event(index: eventIndex, syntax)))
                ?? firstMatch(syntax.fields) { field in
                    name(field.name, .fieldName(event: eventIndex, name: field.name)) ?? name(field.value, .typeName(field.value))
                }
                ?? syntax.limitSpan.flatMap { blockKeyword("limit", at: $0.start) }
                ?? firstMatch(syntax.limit ?? []) { argument($0, entries: LanguageReference.limitArguments, scope: ExpressionScope()) }
        case .tip(let syntax):
            return declarationKeyword("tip", at: syntax.span.start)
                ?? name(syntax.name, .declarationName(.tip(syntax)))
                ?? firstMatch(syntax.properties) { textValue($0) ?? labeled($0, entries: LanguageReference.tipProperties, scope: ExpressionScope()) }
                ?? firstMatch(syntax.rules, rule)
                ?? firstMatch(syntax.options) { options in
                    blockKeyword("options", at: options.keywordSpan.start)
                        ?? firstMatch(options.entries) { callEntry($0, entries: LanguageReference.options, scope: ExpressionScope()) }
                }
                ?? firstMatch(syntax.actions) { actions in
                    blockKeyword("actions", at: actions.keywordSpan.start)
                        ?? firstMatch(actions.entries) { callEntry($0, entries: LanguageReference.actions, scope: ExpressionScope()) }
                }
                ?? firstMatch(syntax.holdouts) { holdout in
                    blockKeyword("holdout", at: holdout.name.span.start)
                        ?? firstMatch(holdout.arguments) { argument in
                            var scope = ExpressionScope()
                            scope.isGoal = argument.label == "goal"
                            return expression(argument.value, in: scope)
                        }
                }
        case .group(let syntax):
            var scope = ExpressionScope()
            scope.implicitMembers = .groupKind
            return declarationKeyword("group", at: syntax.span.start)
                ?? name(syntax.name, .declarationName(.group(syntax)))
                ?? syntax.kind.flatMap { expression($0, in: scope) }
                ?? firstMatch(syntax.members) { name($0, .groupMember($0)) }
        case .widget(let syntax):
            return declarationKeyword("widget", at: syntax.span.start)
                ?? name(syntax.name, .declarationName(.widget(syntax)))
                ?? syntax.relevanceSpan.flatMap { blockKeyword("relevance", at: $0.start) }
                ?? relevance(syntax)
        }
    }

    private func rule(_ rule: RuleSyntax) -> SyntaxLocation? {
        guard contains(rule.span) else { return nil }
        if let found = blockKeyword("#Rule", at: rule.keywordSpan.start) { return found }
        var inputScope = ExpressionScope()
        inputScope.isRuleInputList = true
        if let found = firstMatch(rule.inputs, { expression($0, in: inputScope) }) { return found }
        var bodyScope = ExpressionScope()
        bodyScope.ruleInputs = rule.inputs.map { input in
            RuleInputBinding(syntax: input, referent: model.names.last { $0.span.start >= input.span.start && $0.span.end <= input.span.end }?.referent)
        }
        return expression(rule.body, in: bodyScope)
    }

    private func relevance(_ widget: WidgetSyntax) -> SyntaxLocation? {
        guard contains(widget.span) else { return nil }
        var scope = ExpressionScope()
        for binding in widget.lets {
            let local = LocalValue(name: binding.name, type: model.expression(at: binding.value.span)?.type)
            if let found = name(binding.name, .localName(local)) ?? expression(binding.value, in: scope) { return found }
            scope.locals.append(local)
        }
        return firstMatch(widget.entries) { labeled($0, entries: LanguageReference.relevanceEntries, scope: scope) }
            ?? firstMatch(widget.suggestions) { suggestion in
                blockKeyword("suggest", at: suggestion.keywordSpan.start)
                    ?? firstMatch(suggestion.entries) { labeled($0, entries: LanguageReference.suggestEntries, scope: scope) }
            }
    }

    /// `name: value` in a tip or a relevance block.
    private func labeled(_ entry: LabeledSyntax<ExpressionSyntax>, entries: [ReferenceEntry], scope: ExpressionScope) -> SyntaxLocation? {
        name(entry.name, .entryName(entry.name, entries: entries)) ?? expression(entry.value, in: scope)
    }

    /// The word of a text property's value that is no string: `title: supplied`, the `swift` of
    /// `title: swift("…")`, or a word being written there.
    private func textValue(_ entry: LabeledSyntax<ExpressionSyntax>) -> SyntaxLocation? {
        guard ["title", "message", "image"].contains(entry.name.text) else { return nil }
        var word = entry.value
        if case .call(let callee, _, _) = word.kind { word = callee }
        guard case .identifier(let text) = word.kind else { return nil }
        return at(word.span, .entryName(NameSyntax(text, span: word.span), entries: LanguageReference.textValues))
    }

    /// `Name(arguments)` in `options { … }`, `actions { … }` or `configure { … }`.
    private func callEntry(_ entry: CallEntrySyntax, entries: [ReferenceEntry], scope: ExpressionScope) -> SyntaxLocation? {
        name(entry.name, .entryName(entry.name, entries: entries)) ?? firstMatch(entry.arguments) { expression($0.value, in: scope) }
    }

    /// `label: value` of `limit(…)`; a name without a label is a label being written.
    private func argument(_ argument: ArgumentSyntax, entries: [ReferenceEntry], scope: ExpressionScope) -> SyntaxLocation? {
        if let label = argument.label, let span = argument.labelSpan, let found = at(span, .entryName(NameSyntax(label, span: span), entries: entries)) {
            return found
        }
        if argument.label == nil, case .identifier(let name) = argument.value.kind {
            return at(argument.value.span, .entryName(NameSyntax(name, span: argument.value.span), entries: entries))
        }
        return expression(argument.value, in: scope)
    }

    // MARK: Expressions

    private func expression(_ expression: ExpressionSyntax, in scope: ExpressionScope) -> SyntaxLocation? {
        guard contains(expression.span) else { return nil }
        let here = SyntaxLocation(construct: .expression(expression), span: expression.span, scope: scope)
        switch expression.kind {
        case .member(let base, _, let nameSpan, _):
            return at(nameSpan, .expression(expression), scope: scope) ?? self.expression(base, in: scope) ?? here
        case .call(let callee, let arguments, let closure):
            if let found = self.expression(callee, in: scope) { return found }
            let inner = scope.arguments(of: callee, model: model)
            for argument in arguments {
                // An argument label stands for the method it belongs to.
                if let span = argument.labelSpan, let found = at(span, .expression(callee), scope: scope) { return found }
                if let found = self.expression(argument.value, in: inner) { return found }
            }
            return closure.flatMap { self.expression($0.body, in: inner) } ?? here
        case .closure(let closure):
            return self.expression(closure.body, in: scope) ?? here
        case .prefix(_, let operand, _), .parenthesized(let operand):
            return self.expression(operand, in: scope) ?? here
        case .binary(_, let left, let right, _):
            return self.expression(left, in: scope) ?? self.expression(right, in: scope) ?? here
        case .ternary(let condition, let then, let otherwise):
            return firstMatch([condition, then, otherwise]) { self.expression($0, in: scope) } ?? here
        case .arrayLiteral(let elements):
            return firstMatch(elements) { self.expression($0, in: scope) } ?? here
        default:
            return here
        }
    }
}
