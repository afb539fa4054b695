import TipRulesRuntime

/// Members of donation collections: `count`, `donatedWithin`, `filter`,
/// `largestSubset(groupedBy:)`, `contains(where:)`, aggregates over key paths …
extension Checker {
    mutating func collectionMember(_ base: CheckedExpression, event: Int, name: String, nameSpan: SourceSpan,
                                   call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?, span: SourceSpan,
                                   in scope: Scope) -> CheckedExpression? {
        let donations = ValueType.donations(event: event)
        if Self.collectionMembers.contains(name) { model.recordName(nameSpan, .builtin(name: name, base: donations)) }
        switch name {
        case "count" where call == nil:
            return CheckedExpression(.count(base), type: .int, span: span)
        case "isEmpty" where call == nil:
            return CheckedExpression(.isEmpty(base), type: .bool, span: span)
        case "first" where call == nil, "last" where call == nil:
            return CheckedExpression(.endpoint(base, last: name == "last"), type: .optional(.donation(event: event)), span: span)
        case "donatedWithin":
            guard let argument = singleArgument(name, call, label: nil, span: span, usage: "donatedWithin(.days(5))"),
                  let range = check(argument, expecting: .duration, in: scope),
                  let duration = coerce(range, to: .duration, acceptingSeconds: true) else { return nil }
            return CheckedExpression(.donatedWithin(base, range: duration), type: donations, span: span)
        case "filter", "contains", "allSatisfy":
            let label: String? = name == "contains" ? "where" : nil
            guard let closure = closureArgument(name, call, label: label, span: span) else { return nil }
            var inner = scope
            inner.closureEvents.append(event)
            let depth = scope.closureEvents.count
            guard let predicate = condition(closure.body, in: inner, role: "the closure of '\(name)'") else { return nil }
            if name == "filter" {
                return CheckedExpression(.filter(base, depth: depth, predicate: predicate), type: donations, span: span)
            }
            return CheckedExpression(.quantifier(base, all: name == "allSatisfy", depth: depth, predicate: predicate), type: .bool, span: span)
        case "largestSubset", "smallestSubset":
            guard let call else { return mustCall(name, nameSpan, usage: "\(name)(groupedBy: \\.field)") }
            if name == "largestSubset", call.arguments.count == 1, call.arguments[0].label == "by", let labelSpan = call.arguments[0].labelSpan {
                report(.betaLargestSubsetBy, "'largestSubset(by:)' was renamed 'largestSubset(groupedBy:)'", at: labelSpan,
                       notes: [DiagnosticNote("this is the spelling of TipKit's first beta")],
                       fixes: [.replace(labelSpan, with: "groupedBy", "replace 'by' with 'groupedBy'", applicability: .machineApplicable)])
                guard let field = keyPath(call.arguments[0].value, event: event, purpose: name, allowed: nil) else { return nil }
                return CheckedExpression(.subset(base, field: field.reference, largest: true), type: donations, span: span)
            }
            guard let argument = singleArgument(name, call, label: "groupedBy", span: span, usage: "\(name)(groupedBy: \\.field)"),
                  let field = keyPath(argument, event: event, purpose: name, allowed: nil) else { return nil }
            return CheckedExpression(.subset(base, field: field.reference, largest: name == "largestSubset"), type: donations, span: span)
        default:
            if let builtin = Builtins.member(name, of: .donations), case .aggregate(let aggregate) = builtin.lowering {
                return self.aggregate(aggregate, builtin, of: base, event: event, call: call, span: span)
            }
            if Self.collectionMembers.contains(name) {
                return call == nil ? mustCall(name, nameSpan, usage: name) : wrongCall(name, span)
            }
            let suggestion = Spelling.closest(to: name, in: Self.collectionMembers)
            report(.unknownMember, "donations have no member '\(name)'", at: nameSpan,
                   notes: [DiagnosticNote("donations have " + Spelling.list(Builtins.members(of: .donations).map(\.listed), "and"))]
                       + (suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? []),
                   fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
            return nil
        }
    }

    /// An aggregate over a key path (`sum(of: \.amount)`), as its entry in the built-ins table says.
    private mutating func aggregate(_ aggregate: Aggregate, _ builtin: Builtin, of base: CheckedExpression, event: Int,
                                    call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?, span: SourceSpan) -> CheckedExpression? {
        guard case .call(let label, .keyPath(let allowed)?) = builtin.shape else { return nil }
        let name = builtin.name
        let usage = "\(name)(\(label.map { "\($0): " } ?? "")\\.field)"
        guard let argument = singleArgument(name, call, label: label, span: span, usage: usage),
              let field = keyPath(argument, event: event, purpose: "\(name)(\(label ?? "_"):)", allowed: allowed),
              let type = builtin.result.type(event: event, field: field.type) else { return nil }
        return CheckedExpression(.aggregate(aggregate, base, field: field.reference), type: type, span: span)
    }

    /// The type a donation collection's member gives whatever its arguments, for the
    /// semantic model when checking its arguments failed; nil for the aggregates and unknown names.
    static func collectionMemberType(_ name: String, event: Int) -> ValueType? {
        switch name {
        case "count": return .int
        case "isEmpty", "contains", "allSatisfy": return .bool
        case "first", "last": return .optional(.donation(event: event))
        case "donatedWithin", "filter", "largestSubset", "smallestSubset": return .donations(event: event)
        default: return nil
        }
    }

    private mutating func mustCall(_ name: String, _ span: SourceSpan, usage: String) -> CheckedExpression? {
        report(.wrongArguments, "'\(name)' is a method; call it, as in '\(usage)'", at: span)
        return nil
    }

    private mutating func wrongCall(_ name: String, _ span: SourceSpan) -> CheckedExpression? {
        report(.wrongArguments, "'\(name)' is a property, not a method", at: span)
        return nil
    }

    /// The one argument of a call, with the expected label.
    private mutating func singleArgument(_ name: String, _ call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?,
                                         label: String?, span: SourceSpan, usage: String) -> ExpressionSyntax? {
        guard let call else {
            _ = mustCall(name, span, usage: usage)
            return nil
        }
        guard call.closure == nil, call.arguments.count == 1 else {
            report(.wrongArguments, "'\(name)' takes one argument, as in '\(usage)'", at: span)
            return nil
        }
        let argument = call.arguments[0]
        guard argument.label == label else {
            let labelSpan = argument.labelSpan ?? SourceSpan.point(argument.value.span.start)
            let edit = TextEdit(span: argument.labelSpan.map { SourceSpan(start: $0.start, end: argument.value.span.start) } ?? labelSpan,
                                newText: label.map { "\($0): " } ?? "")
            report(.wrongArguments, label.map { "'\(name)' expects the argument label '\($0):'" } ?? "'\(name)' takes no argument label",
                   at: argument.labelSpan ?? argument.value.span, notes: [DiagnosticNote("write '\(usage)'")],
                   fixes: [FixIt(label.map { "use the label '\($0):'" } ?? "remove the label", edits: [edit], applicability: .machineApplicable)])
            return nil
        }
        return argument.value
    }

    /// A closure given as a trailing closure or as the (labelled) argument.
    private mutating func closureArgument(_ name: String, _ call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?,
                                          label: String?, span: SourceSpan) -> ClosureSyntax? {
        let usage = label.map { "\(name)(\($0): { … })' or '\(name) { … }" } ?? "\(name) { … }"
        guard let call else {
            report(.wrongArguments, "'\(name)' takes a closure, as in '\(usage)'", at: span)
            return nil
        }
        if let closure = call.closure, call.arguments.isEmpty { return closure }
        if call.closure == nil, call.arguments.count == 1, case .closure(let closure) = call.arguments[0].value.kind,
           call.arguments[0].label == label || call.arguments[0].label == nil && label == nil {
            return closure
        }
        report(.wrongArguments, "'\(name)' takes one closure, as in '\(usage)'", at: span,
               notes: [DiagnosticNote("inside the closure, '$0' is one donation")])
        return nil
    }

    /// `\.field`, a field of the event's donations, of one of the `allowed` types (any when nil).
    private mutating func keyPath(_ syntax: ExpressionSyntax, event: Int, purpose: String,
                                  allowed: [ValueType]?) -> (reference: FieldReference, type: ValueType)? {
        guard case .keyPath(let name, let nameSpan) = syntax.kind else {
            report(.wrongArguments, "'\(purpose)' takes a key path to a donation field, such as '\\.\(events[safe: event]?.fields.first?.name ?? "date")'",
                   at: syntax.span)
            return nil
        }
        guard let field = fieldReference(event: event, name: name, span: nameSpan, code: .unknownKeyPathField) else { return nil }
        model.recordName(nameSpan, .field(event: event, field.reference))
        if let allowed, !allowed.contains(field.type) {
            let names = allowed.map { "'\(spell($0))'" }
            report(.unsuitableKeyPathField, "'\(purpose)' needs a field of type \(Spelling.list(names, "or")); '\(name)' is a '\(spell(field.type))'",
                   at: syntax.span)
            return nil
        }
        return field
    }
}
