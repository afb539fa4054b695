import TipRulesCompiler

/// `textDocument/hover`: the type and meaning of what is under the cursor, as Markdown.
enum Hover {
    /// The hover text for `offset` and the span it is about, if there is something to say.
    static func hover(at offset: Int, in analysis: DocumentAnalysis) -> (markdown: String, span: SourceSpan)? {
        let symbols = analysis.symbols
        guard analysis.touchesToken(at: offset),
              let location = SyntaxLocator.locate(offset, in: analysis.compilation.syntax, symbols: symbols) else { return nil }
        let describer = Describer(source: analysis.source, symbols: symbols)
        let markdown: String?
        switch location.construct {
        case .keyword(let entry): markdown = entry.markdown
        case .declarationName(let declaration): markdown = describer.declaration(declaration)
        case .fieldName(let event, let name): markdown = describer.field(event: event, name: name.text)
        case .typeName(let name): markdown = LanguageReference.entry(name.text, in: LanguageReference.types)?.markdown
        case .entryName(let name, let entries): markdown = LanguageReference.entry(name.text, in: entries)?.markdown
        case .localName(let local): markdown = describer.local(local)
        case .groupMember(let name): markdown = symbols.lookup(name.text).map(describer.declaration)
        case .expression(let expression): markdown = describer.expression(expression, in: location.scope)
        }
        return markdown.map { ($0, location.span) }
    }
}

/// Markdown descriptions of a file's declarations and expressions, for hovers and completion items.
struct Describer {
    let source: SourceFile
    let symbols: SymbolIndex

    private var typer: ExpressionTyper { ExpressionTyper(symbols: symbols) }

    /// A declaration: its signature as written and what it is.
    func declaration(_ declaration: SymbolIndex.Declaration) -> String {
        switch declaration {
        case .parameter(let syntax):
            let name = syntax.name.text
            return Markdown.hover(signature: signature(of: declaration),
                                  "A parameter. In `#Rule(Self.$\(name))`, `$0` is its current value; in `score:` and `duration:` it is `\(name)`.")
        case .event(_, let syntax):
            let name = syntax.name.text
            return Markdown.hover(signature: signature(of: declaration),
                                  "An event. Each donation has `date: Date`\(syntax.fields.isEmpty ? "" : " and the fields above"). In `#Rule(Self.\(name))` its donations are `$0.donations`; elsewhere `\(name).donations`.")
        case .tip(let syntax):
            let title = syntax.properties.first { $0.name.text == "title" }.map { title in
                if case .stringLiteral(let value) = title.value.kind { return "**\(Markdown.abbreviated(value))**\n\n" }
                return ""
            } ?? ""
            let rules = syntax.rules.count == 1 ? "1 rule" : "\(syntax.rules.count) rules"
            return Markdown.hover(signature: signature(of: declaration), "\(title)A tip with \(rules).")
        case .group:
            return Markdown.hover(signature: signature(of: declaration), "A tip group: only its current tip displays.")
        case .widget(let syntax):
            let score = syntax.entries.first { $0.name.text == "score" }.map { " Its score is `\(text(of: $0.value.span))`." } ?? ""
            return Markdown.hover(signature: signature(of: declaration), "A widget's relevance.\(score)")
        }
    }

    /// A declaration's first line, as Swift: `parameter isLoggedIn: Bool = false`, `event purchase(amount: Double)`.
    func signature(of declaration: SymbolIndex.Declaration) -> String {
        switch declaration {
        case .parameter(let syntax):
            return (syntax.isTransient ? "transient " : "") + "parameter \(syntax.name.text): \(syntax.type.text)" + (syntax.defaultValue.map { " = " + text(of: $0.span) } ?? "")
        case .event(_, let syntax):
            let fields = syntax.fields.isEmpty ? "" : "(" + syntax.fields.map { "\($0.name.text): \($0.value.text)" }.joined(separator: ", ") + ")"
            return "event \(syntax.name.text)\(fields)" + (syntax.limitSpan.map { " " + text(of: $0) } ?? "")
        case .tip(let syntax):
            return "tip \(syntax.name.text)"
        case .group(let syntax):
            let kind = syntax.kind.map { "(" + text(of: $0.span) + ")" } ?? ""
            return "group \(syntax.name.text)\(kind) { \(syntax.members.map(\.text).joined(separator: ", ")) }"
        case .widget(let syntax):
            return "widget \(syntax.name.text)"
        }
    }

    /// `date` or a declared field of an event's donations.
    func field(event: Int, name: String) -> String? {
        guard let type = symbols.fieldType(event: event, field: name), let eventName = symbols.event(event)?.name.text else { return nil }
        let meaning = name == LanguageReference.donationDate.name ? LanguageReference.donationDate.documentation : "A field of each donation."
        return Markdown.hover(signature: "var \(name): \(symbols.spell(type))", "\(meaning) Event `\(eventName)`.")
    }

    func local(_ local: LocalValue) -> String {
        Markdown.hover(signature: "let \(local.name.text)" + (local.type.map { ": " + symbols.spell($0) } ?? ""),
                       "A value named in the widget's relevance.")
    }

    /// What a name in an expression refers to, or else the expression's type.
    func expression(_ expression: ExpressionSyntax, in scope: ExpressionScope) -> String? {
        switch typer.referent(of: expression, in: scope) {
        case .declaration(let declaration)?:
            return self.declaration(declaration)
        case .local(let local)?:
            return self.local(local)
        case .ruleInput(let index, let binding)?:
            let type = binding.type.map { ": " + symbols.spell($0) } ?? ""
            let input: String
            switch typer.referent(of: binding.syntax, in: ExpressionScope()) {
            case .declaration(.parameter(let syntax))?: input = "the value of parameter `\(syntax.name.text)`"
            case .declaration(.event(_, let syntax))?: input = "the event `\(syntax.name.text)`; its donations are `$\(index).donations`"
            default: input = "`\(text(of: binding.syntax.span))`"
            }
            return Markdown.hover(signature: "$\(index)\(type)", "The rule's input \(index + 1): \(input).")
        case .closureArgument(let event)?:
            let name = symbols.event(event)?.name.text ?? "the event"
            return Markdown.hover(signature: "$0: \(symbols.spell(.donation(event: event)))", "One donation of `\(name)`: `$0.date` and its fields.")
        case .field(let event, let name)?:
            return field(event: event, name: name)
        case .builtin(let entry, _)?:
            return entry.markdown
        case nil:
            guard let type = typer.type(of: expression, in: scope), type != .nilLiteral else { return nil }
            if case .binary(let op, let left, let right, _) = expression.kind {
                let operands = [left, right].map { typer.type(of: $0, in: scope).map(symbols.spell) ?? "_" }
                return Markdown.hover(signature: "static func \(op.rawValue) (lhs: \(operands[0]), rhs: \(operands[1])) -> \(symbols.spell(type))", "")
            }
            return Markdown.hover(signature: "\(Markdown.abbreviated(text(of: expression.span))): \(symbols.spell(type))", "")
        }
    }

    private func text(of span: SourceSpan) -> String { Markdown.abbreviated(source.text(of: span)) }
}
