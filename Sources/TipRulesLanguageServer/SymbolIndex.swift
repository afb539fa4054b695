import TipRulesCompiler
import TipRulesRuntime

/// The declarations of a file by name, read from its syntax rather than from the
/// checked program, so that editor features keep working while the file has errors.
/// Events are numbered in declaration order, as `ValueType` refers to them.
struct SymbolIndex {
    /// One top-level declaration with a name.
    enum Declaration {
        case parameter(ParameterSyntax)
        case event(index: Int, EventSyntax)
        case tip(TipSyntax)
        case group(GroupSyntax)
        case widget(WidgetSyntax)

        var name: NameSyntax {
            switch self {
            case .parameter(let syntax): return syntax.name
            case .event(_, let syntax): return syntax.name
            case .tip(let syntax): return syntax.name
            case .group(let syntax): return syntax.name
            case .widget(let syntax): return syntax.name
            }
        }
    }

    /// The named declarations in source order, duplicates included.
    let declarations: [Declaration]
    let events: [EventSyntax]
    /// The first declaration of each name.
    private let byName: [String: Declaration]

    init(_ file: FileSyntax) {
        var declarations: [Declaration] = []
        var events: [EventSyntax] = []
        for declaration in file.declarations {
            switch declaration {
            case .configure: continue
            case .parameter(let syntax): declarations.append(.parameter(syntax))
            case .event(let syntax):
                declarations.append(.event(index: events.count, syntax))
                events.append(syntax)
            case .tip(let syntax): declarations.append(.tip(syntax))
            case .group(let syntax): declarations.append(.group(syntax))
            case .widget(let syntax): declarations.append(.widget(syntax))
            }
        }
        self.declarations = declarations
        self.events = events
        byName = Dictionary(declarations.map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func lookup(_ name: String) -> Declaration? { byName[name] }

    /// The declaration the checker's `referent` names: the n-th parameter, event, tip, group or widget.
    func declaration(of referent: Referent) -> Declaration? {
        func nth(_ index: Int, _ matches: (Declaration) -> Bool) -> Declaration? {
            let found = declarations.filter(matches)
            return found.indices.contains(index) ? found[index] : nil
        }
        switch referent {
        case .parameter(let index): return nth(index) { if case .parameter = $0 { return true } else { return false } }
        case .event(let index): return event(index).map { .event(index: index, $0) }
        case .tip(let index): return nth(index) { if case .tip = $0 { return true } else { return false } }
        case .group(let index): return nth(index) { if case .group = $0 { return true } else { return false } }
        case .widget(let index): return nth(index) { if case .widget = $0 { return true } else { return false } }
        default: return nil
        }
    }

    /// The name of a field of event `index`'s donations: `date` or a declared one.
    func fieldName(event index: Int, _ field: FieldReference) -> String? {
        switch field {
        case .date: return LanguageReference.donationDate.name
        case .declared(let position):
            guard let fields = event(index)?.fields, fields.indices.contains(position) else { return nil }
            return fields[position].name.text
        }
    }

    /// The widget `let` whose name is declared at `span`.
    func letBinding(declaredAt span: SourceSpan) -> LabeledSyntax<ExpressionSyntax>? {
        for case .widget(let widget) in declarations {
            if let binding = widget.lets.first(where: { $0.name.span == span }) { return binding }
        }
        return nil
    }

    var eventNames: [String] { events.map(\.name.text) }

    /// The event numbered `index`, if there is one.
    func event(_ index: Int) -> EventSyntax? {
        events.indices.contains(index) ? events[index] : nil
    }

    /// The type of `field` (`date` or a declared field) of the donations of event `index`.
    func fieldType(event index: Int, field: String) -> ValueType? {
        if field == LanguageReference.donationDate.name { return .date }
        return event(index)?.fields.first { $0.name.text == field }.flatMap { Self.scalarType(named: $0.value.text) }
    }

    /// The type a parameter or field type name stands for.
    static func scalarType(named name: String) -> ValueType? {
        guard LanguageReference.entry(name, in: LanguageReference.types) != nil else { return nil }
        return ScalarKind.allCases.first { $0.description == name }?.valueType
    }

    /// How `type` is spelled, with this file's event names.
    func spell(_ type: ValueType) -> String { type.spelled(eventNames: eventNames) }
}
