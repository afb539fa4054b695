import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/documentSymbol`: the outline of a file, hierarchical: tips with their
/// rules, events with their fields, widgets with their relevance entries, and the
/// parameters, groups and display configuration.
enum DocumentSymbols {
    /// LSP `SymbolKind`s.
    private enum Kind: Int {
        case namespace = 3, `class` = 5, method = 6, property = 7, field = 8, variable = 13, `struct` = 23, event = 24
    }

    /// The `DocumentSymbol[]` of a document.
    static func symbols(of document: OpenDocument, encoding: PositionEncoding) -> JSONValue {
        let source = document.analysis.source
        let describer = Describer(document.analysis)
        func symbol(_ name: String, detail: String?, kind: Kind, range: SourceSpan, selection: SourceSpan,
                    children: [JSONValue] = []) -> JSONValue {
            var object: JSONObject = ["name": .string(name.isEmpty ? "?" : name), "kind": .integer(kind.rawValue),
                                      "range": document.text.range(of: range.union(selection), encoding: encoding),
                                      "selectionRange": document.text.range(of: selection, encoding: encoding)]
            if let detail { object["detail"] = .string(Markdown.abbreviated(detail)) }
            if !children.isEmpty { object["children"] = .array(children) }
            return .object(object)
        }
        func labeled(_ entry: LabeledSyntax<ExpressionSyntax>, kind: Kind) -> JSONValue {
            symbol(entry.name.text, detail: source.text(of: entry.value.span), kind: kind,
                   range: entry.name.span.union(entry.value.span), selection: entry.name.span)
        }
        var eventIndex = 0
        let outline: [JSONValue] = document.analysis.compilation.syntax.declarations.map { declaration in
            switch declaration {
            case .configure(let syntax):
                let range = syntax.entries.reduce(syntax.keywordSpan) { $0.union($1.span) }
                return symbol("configure", detail: syntax.entries.map { source.text(of: $0.span) }.joined(separator: " "),
                              kind: .namespace, range: range, selection: syntax.keywordSpan)
            case .parameter(let syntax):
                return symbol(syntax.name.text, detail: describer.signature(of: .parameter(syntax)), kind: .variable,
                              range: syntax.span, selection: syntax.name.span)
            case .event(let syntax):
                defer { eventIndex += 1 }
                let fields = syntax.fields.map { field in
                    symbol(field.name.text, detail: field.value.text, kind: .field, range: field.name.span.union(field.value.span),
                           selection: field.name.span)
                }
                return symbol(syntax.name.text, detail: describer.signature(of: .event(index: eventIndex, syntax)), kind: .event,
                              range: syntax.span, selection: syntax.name.span, children: fields)
            case .tip(let syntax):
                let rules = syntax.rules.map { rule in
                    let inputs = rule.inputs.map { source.text(of: $0.span) }.joined(separator: ", ")
                    return symbol("#Rule(\(inputs))", detail: source.text(of: rule.body.span), kind: .method, range: rule.span,
                                  selection: rule.keywordSpan)
                }
                let title = syntax.properties.first { $0.name.text == "title" }.map { source.text(of: $0.value.span) }
                return symbol(syntax.name.text, detail: title, kind: .class, range: syntax.span, selection: syntax.name.span,
                              children: syntax.properties.map { labeled($0, kind: .property) } + rules)
            case .group(let syntax):
                return symbol(syntax.name.text, detail: describer.signature(of: .group(syntax)), kind: .namespace, range: syntax.span,
                              selection: syntax.name.span)
            case .widget(let syntax):
                let entries = syntax.lets.map { labeled($0, kind: .variable) } + syntax.entries.map { labeled($0, kind: .property) }
                return symbol(syntax.name.text, detail: nil, kind: .struct, range: syntax.span, selection: syntax.name.span,
                              children: entries)
            }
        }
        return .array(outline)
    }
}
