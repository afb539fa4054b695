import TipRulesCompiler

/// A widget's `let` visible at some place, with the type the checker gave its value.
struct LocalValue {
    let name: NameSyntax
    let type: ValueType?
}

/// A `#Rule` input as written and what the checker resolved it to (a parameter or an event).
struct RuleInputBinding {
    let syntax: ExpressionSyntax
    let referent: Referent?
}

/// What `.name` means at some place.
enum ImplicitMemberContext {
    /// Durations and `.now`.
    case expression
    /// `displayFrequency(.daily)`.
    case displayFrequency
    /// `group NAME(.ordered)`.
    case groupKind

    var entries: [ReferenceEntry] {
        switch self {
        case .expression: return LanguageReference.implicitMembers
        case .displayFrequency: return LanguageReference.displayFrequencies
        case .groupKind: return LanguageReference.groupKinds
        }
    }
}

/// What expressions at some place can see.
struct ExpressionScope {
    /// The inputs of the enclosing `#Rule`, bound to `$0`, `$1`, …; nil outside a rule's body.
    var ruleInputs: [RuleInputBinding]?
    /// Whether this is a rule's input list, `#Rule(Self.$a, Self.b)`.
    var isRuleInputList = false
    /// Whether this is a holdout's `goal:`, which names events.
    var isGoal = false
    /// The events of the enclosing `filter`, `contains` and `allSatisfy` closures, innermost
    /// last: `$0` is a donation of the last.
    var closureEvents: [Int] = []
    /// The event whose fields key paths here name (`largestSubset(groupedBy: \.field)`).
    var keyPathEvent: Int?
    /// The types those fields may have (`sum(of:)` takes numbers); nil for any.
    var keyPathTypes: [ValueType]?
    var locals: [LocalValue] = []
    var implicitMembers = ImplicitMemberContext.expression

    /// The scope of the arguments and closure of a call of `callee`, by the type the checker
    /// gave its base: in a donation collection's `filter`, `contains` and `allSatisfy`, `$0`
    /// is a donation; in its other methods, key paths name the donations' fields.
    func arguments(of callee: ExpressionSyntax, model: SemanticModel) -> ExpressionScope {
        var inner = self
        guard case .member(let base, let name, _, _) = callee.kind,
              case .donations(let event)?? = model.expression(at: base.span).map({ $0.type?.unwrapped }) else { return inner }
        if ["filter", "contains", "allSatisfy"].contains(name) {
            inner.closureEvents.append(event)
        } else {
            inner.keyPathEvent = event
            if case .call(_, .keyPath(let types)?)? = Builtins.member(name, of: .donations)?.shape { inner.keyPathTypes = types }
        }
        return inner
    }
}

extension ExpressionSyntax {
    /// The span of the name this expression is known by: a member's or a called member's
    /// name, or the whole expression.
    var nameSpan: SourceSpan {
        switch kind {
        case .member(_, _, let nameSpan, _), .implicitMember(_, let nameSpan), .keyPath(_, let nameSpan): return nameSpan
        case .call(let callee, _, _): return callee.nameSpan
        default: return span
        }
    }

    /// `Self`, `Date` or `Duration` when this is one of them used as a type name in `symbols`' file.
    func typeName(symbols: SymbolIndex, locals: [LocalValue]) -> String? {
        guard case .identifier(let name) = kind, ["Self", "Date", "Duration"].contains(name),
              !locals.contains(where: { $0.name.text == name }), symbols.lookup(name) == nil else { return nil }
        return name
    }
}

extension ExpressionSyntax {
    /// The direct subexpressions, in source order.
    var subexpressions: [ExpressionSyntax] {
        switch kind {
        case .member(let base, _, _, _): return [base]
        case .call(let callee, let arguments, let closure): return [callee] + arguments.map(\.value) + (closure.map { [$0.body] } ?? [])
        case .closure(let closure): return [closure.body]
        case .prefix(_, let operand, _), .parenthesized(let operand): return [operand]
        case .binary(_, let left, let right, _): return [left, right]
        case .ternary(let condition, let then, let otherwise): return [condition, then, otherwise]
        case .arrayLiteral(let elements): return elements
        default: return []
        }
    }
}

extension FileSyntax {
    /// The outermost expressions of the file: parameters' defaults, tips' properties, rules'
    /// inputs and bodies, widgets' `let`s and relevance entries.
    var expressionRoots: [ExpressionSyntax] {
        declarations.flatMap { declaration -> [ExpressionSyntax] in
            switch declaration {
            case .parameter(let parameter): return parameter.defaultValue.map { [$0] } ?? []
            case .tip(let tip): return tip.properties.map(\.value) + tip.rules.flatMap { $0.inputs + [$0.body] }
            case .widget(let widget): return widget.lets.map(\.value) + widget.entries.map(\.value)
            case .event, .group, .configure: return []
            }
        }
    }
}
