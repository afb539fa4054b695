import TipRulesCompiler

/// A widget's `let` visible at some place, with its type.
struct LocalValue {
    let name: NameSyntax
    let type: ValueType?
}

/// A `#Rule` input as written, and the type `$N` has for it: a parameter's value or an event.
struct RuleInputBinding {
    let syntax: ExpressionSyntax
    let type: ValueType?
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
    /// The events of the enclosing `filter`, `contains` and `allSatisfy` closures, innermost
    /// last: `$0` is a donation of the last.
    var closureEvents: [Int] = []
    /// The event whose fields key paths here name (`largestSubset(groupedBy: \.field)`).
    var keyPathEvent: Int?
    var locals: [LocalValue] = []
    var implicitMembers = ImplicitMemberContext.expression
}

/// What a name in an expression refers to.
enum Referent {
    case declaration(SymbolIndex.Declaration)
    case local(LocalValue)
    /// `$N` in a rule's body.
    case ruleInput(index: Int, RuleInputBinding)
    /// `$0` in a donation closure: one donation of the event.
    case closureArgument(event: Int)
    /// `date` or a declared field of the event's donations.
    case field(event: Int, name: String)
    /// A keyword, built-in member or implicit member; `base` is the type it is a member of.
    case builtin(ReferenceEntry, base: ValueType?)
}

/// Names and types of expressions as written, found without the checker so that they
/// are known while the file has errors (nil where unknown). It follows the checker's
/// rules closely enough for hovers, completions and definitions.
struct ExpressionTyper {
    let symbols: SymbolIndex

    /// What the name `expression` stands for refers to, if it is a name.
    func referent(of expression: ExpressionSyntax, in scope: ExpressionScope) -> Referent? {
        switch expression.kind {
        case .identifier(let name):
            if let local = scope.locals.last(where: { $0.name.text == name }) { return .local(local) }
            if let declaration = declaration(named: name) { return .declaration(declaration) }
            return LanguageReference.entry(name, in: LanguageReference.expressionKeywords).map { .builtin($0, base: nil) }
        case .boolLiteral(let value):
            return LanguageReference.entry(String(value), in: LanguageReference.expressionKeywords).map { .builtin($0, base: nil) }
        case .nilLiteral:
            return LanguageReference.entry("nil", in: LanguageReference.expressionKeywords).map { .builtin($0, base: nil) }
        case .anonymousArgument(let index?):
            if let event = scope.closureEvents.last { return .closureArgument(event: event) }
            guard let inputs = scope.ruleInputs, inputs.indices.contains(index) else { return nil }
            return .ruleInput(index: index, inputs[index])
        case .projectedParameter(let name):
            return declaration(named: "$" + name).map(Referent.declaration)
        case .implicitMember(let name, _):
            return LanguageReference.entry(name, in: scope.implicitMembers.entries).map { .builtin($0, base: nil) }
        case .keyPath(let name, _):
            return scope.keyPathEvent.map { .field(event: $0, name: name) }
        case .member(let base, let name, _, _):
            if let typeName = typeName(base, in: scope) {
                switch typeName {
                case "Self": return referent(of: ExpressionSyntax(.identifier(name), span: expression.span), in: scope)
                case "Duration": return LanguageReference.entry(name, in: LanguageReference.implicitMembers).map { .builtin($0, base: nil) }
                default: return name == "now" ? LanguageReference.entry(name, in: LanguageReference.implicitMembers).map { .builtin($0, base: nil) } : nil
                }
            }
            guard let baseType = type(of: base, in: scope)?.unwrapped else { return nil }
            if case .donation(let event) = baseType { return .field(event: event, name: name) }
            return LanguageReference.entry(name, in: LanguageReference.members(of: baseType)).map { .builtin($0, base: baseType) }
        case .call(let callee, _, _):
            return referent(of: callee, in: scope)
        default:
            return nil
        }
    }

    /// The type of `expression`, if it can be told.
    func type(of expression: ExpressionSyntax, in scope: ExpressionScope) -> ValueType? {
        switch expression.kind {
        case .integerLiteral: return .int
        case .floatLiteral: return .double
        case .stringLiteral: return .string
        case .boolLiteral: return .bool
        case .nilLiteral: return .nilLiteral
        case .parenthesized(let inner): return type(of: inner, in: scope)
        case .prefix(let op, let operand, _): return op == .not ? .bool : type(of: operand, in: scope)
        case .ternary(_, let then, let otherwise): return type(of: then, in: scope) ?? type(of: otherwise, in: scope)
        case .binary(let op, let left, let right, _): return binaryType(op, left, right, in: scope)
        case .member(let base, let name, _, _) where typeName(base, in: scope) == nil:
            return memberType(of: base, name: name, arguments: nil, in: scope)
        case .call(let callee, let arguments, _):
            if case .member(let base, let name, _, _) = callee.kind, typeName(base, in: scope) == nil {
                return memberType(of: base, name: name, arguments: arguments, in: scope)
            }
            if case .identifier(let name) = callee.kind, referent(of: callee, in: scope).map(isBuiltin) == true {
                return SymbolIndex.scalarType(named: name)
            }
            return type(of: callee, in: scope)
        default:
            return referent(of: expression, in: scope).flatMap { type(of: $0) }
        }
    }

    /// The type of what a name refers to.
    func type(of referent: Referent) -> ValueType? {
        switch referent {
        case .declaration(.parameter(let syntax)): return SymbolIndex.scalarType(named: syntax.type.text)
        case .declaration(.event(let index, _)): return .event(index)
        case .declaration: return nil
        case .local(let local): return local.type
        case .ruleInput(_, let binding): return binding.type
        case .closureArgument(let event): return .donation(event: event)
        case .field(let event, let name): return symbols.fieldType(event: event, field: name)
        case .builtin(let entry, let base): return entry.result?.type(event: base.flatMap(Self.event(of:)), field: nil)
        }
    }

    /// The scope of the arguments and closure of a call of `callee`: in a donation
    /// collection's `filter`, `contains` and `allSatisfy`, `$0` is a donation; in its
    /// other methods, key paths name the donations' fields.
    func argumentScope(callee: ExpressionSyntax, in scope: ExpressionScope) -> ExpressionScope {
        var inner = scope
        guard case .member(let base, let name, _, _) = callee.kind, typeName(base, in: scope) == nil,
              case .donations(let event)? = type(of: base, in: scope)?.unwrapped else { return inner }
        if ["filter", "contains", "allSatisfy"].contains(name) {
            inner.closureEvents.append(event)
        } else {
            inner.keyPathEvent = event
        }
        return inner
    }

    /// The declaration a name refers to; `$name` refers to a parameter.
    func declaration(named name: String) -> SymbolIndex.Declaration? {
        guard name.hasPrefix("$") else { return symbols.lookup(name) }
        guard case .parameter(let syntax)? = symbols.lookup(String(name.dropFirst())) else { return nil }
        return .parameter(syntax)
    }

    /// `Self`, `Date` or `Duration` when `expression` is one of them used as a type name.
    func typeName(_ expression: ExpressionSyntax, in scope: ExpressionScope) -> String? {
        guard case .identifier(let name) = expression.kind, ["Self", "Date", "Duration"].contains(name),
              !scope.locals.contains(where: { $0.name.text == name }), symbols.lookup(name) == nil else { return nil }
        return name
    }

    /// The type of `base.name` (called with `arguments`, if it is called); a member of an
    /// optional is optional, as inside an optional chain.
    private func memberType(of base: ExpressionSyntax, name: String, arguments: [ArgumentSyntax]?,
                            in scope: ExpressionScope) -> ValueType? {
        guard let baseType = type(of: base, in: scope) else { return nil }
        let unwrapped = baseType.unwrapped
        let result: ValueType?
        if case .donation(let event) = unwrapped {
            result = symbols.fieldType(event: event, field: name)
        } else {
            let event = Self.event(of: unwrapped)
            var field: ValueType?
            if let event, let argument = arguments?.first, case .keyPath(let fieldName, _) = argument.value.kind {
                field = symbols.fieldType(event: event, field: fieldName)
            }
            result = LanguageReference.entry(name, in: LanguageReference.members(of: unwrapped))?.result?.type(event: event, field: field)
        }
        guard baseType.isOptional else { return result }
        return result.map { .optional($0.unwrapped) }
    }

    private func binaryType(_ op: BinaryOperator, _ left: ExpressionSyntax, _ right: ExpressionSyntax,
                            in scope: ExpressionScope) -> ValueType? {
        if op.isComparison || op == .and || op == .or { return .bool }
        let leftType = type(of: left, in: scope)
        let rightType = type(of: right, in: scope)
        if op == .coalesce { return leftType?.unwrapped ?? rightType }
        switch (leftType, rightType) {
        case (.date?, .date?) where op == .subtract: return .duration
        case (.date?, _): return .date
        case (.int?, .double?): return .double
        default: return leftType ?? rightType
        }
    }

    private func isBuiltin(_ referent: Referent) -> Bool {
        if case .builtin = referent { return true }
        return false
    }

    /// The event of an event or a donation collection.
    private static func event(of type: ValueType) -> Int? {
        switch type {
        case .event(let event), .donations(let event), .donation(let event): return event
        default: return nil
        }
    }
}
