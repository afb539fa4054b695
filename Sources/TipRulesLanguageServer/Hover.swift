import TipRulesCompiler

/// `textDocument/hover`: the type and meaning of what is under the cursor, as Markdown.
enum Hover {
    /// The hover text for `offset` and the span it is about, if there is something to say.
    static func hover(at offset: Int, in analysis: DocumentAnalysis) -> (markdown: String, span: SourceSpan)? {
        let symbols = analysis.symbols
        guard analysis.touchesToken(at: offset),
              let location = SyntaxLocator.locate(offset, in: analysis.compilation.syntax, model: analysis.model) else { return nil }
        let describer = Describer(analysis)
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
    let model: SemanticModel
    /// The file's errors, which say what an expression of error type is.
    let errors: [Diagnostic]

    init(_ analysis: DocumentAnalysis) {
        source = analysis.source
        symbols = analysis.symbols
        model = analysis.model
        errors = analysis.compilation.diagnostics.filter { $0.severity == .error }
    }

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

    /// What the name `expression` is known by refers to, as the checker resolved it, or
    /// else the type the checker gave the expression.
    func expression(_ expression: ExpressionSyntax, in scope: ExpressionScope) -> String? {
        let nameSpan = expression.nameSpan
        if let occurrence = model.names.last(where: { $0.span == nameSpan }) {
            return referent(occurrence.referent, at: occurrence.span, in: scope)
        }
        guard let typed = model.expression(at: expression.span) else {
            // `group G(.ordered)` and `displayFrequency(.daily)` are read, not checked as expressions.
            if case .implicitMember(let name, _) = expression.kind, let entry = LanguageReference.entry(name, in: scope.implicitMembers.entries) {
                return entry.markdown
            }
            // Rejected before it had a type (an unknown name): the error says why.
            return why(expression.span).map { Markdown.hover(signature: "\(Markdown.abbreviated(text(of: expression.span))): \(Self.errorType)", $0) }
        }
        let type = typed.type.map(model.spell) ?? Self.errorType
        let error = typed.type == nil ? why(expression.span) ?? "" : ""
        if case .binary(let op, let left, let right, _) = expression.kind {
            let operands = [left, right].map { operand in model.expression(at: operand.span).map { $0.type.map(model.spell) ?? Self.errorType } ?? "_" }
            return Markdown.hover(signature: "static func \(op.rawValue) (lhs: \(operands[0]), rhs: \(operands[1])) -> \(type)", error)
        }
        return Markdown.hover(signature: "\(Markdown.abbreviated(text(of: expression.span))): \(type)", error)
    }

    /// What the checker said about an expression of error type: the first error inside `span`,
    /// or else around it.
    private func why(_ span: SourceSpan) -> String? {
        let error = errors.first { span.start <= $0.span.start && $0.span.end <= span.end }
            ?? errors.first { $0.span.start <= span.start && span.end <= $0.span.end }
        return error.map { "error[\($0.code.rawValue)]: \($0.message)" }
    }

    /// How the type of an expression the checker rejected is shown, as Swift's tools do.
    static let errorType = "<<error type>>"

    /// What a name the checker resolved refers to; `span` is where the name is written.
    func referent(_ referent: Referent, at span: SourceSpan, in scope: ExpressionScope) -> String? {
        switch referent {
        case .parameter, .event, .tip, .group, .widget:
            return symbols.declaration(of: referent).map(declaration)
        case .local(let declaredAt):
            guard let binding = symbols.letBinding(declaredAt: declaredAt) else { return nil }
            return local(LocalValue(name: binding.name, type: model.expression(at: binding.value.span)?.type))
        case .ruleInput(let index, let input):
            let type = model.expression(at: span)?.type.map { ": " + model.spell($0) } ?? ""
            let meaning: String
            switch input {
            case .parameter(let parameter):
                meaning = "the value of parameter `\(symbols.declaration(of: .parameter(parameter))?.name.text ?? "?")`"
            case .event(let event):
                meaning = "the event `\(symbols.event(event)?.name.text ?? "?")`; its donations are `$\(index).donations`"
            }
            return Markdown.hover(signature: "$\(index)\(type)", "The rule's input \(index + 1): \(meaning).")
        case .closureArgument(let event):
            let name = symbols.event(event)?.name.text ?? "the event"
            return Markdown.hover(signature: "$0: \(model.spell(.donation(event: event)))", "One donation of `\(name)`: `$0.date` and its fields.")
        case .field(let event, let reference):
            return symbols.fieldName(event: event, reference).flatMap { field(event: event, name: $0) }
        case .builtin(let name, let base):
            return LanguageReference.builtin(name, base: base)?.markdown
        }
    }

    private func text(of span: SourceSpan) -> String { Markdown.abbreviated(source.text(of: span)) }
}
