import TipRulesRuntime

/// Expressions: literals, names, `$N`, conversions to an expected type.
extension Checker {
    /// Checks an expression; `expecting` lets literals take their type from context
    /// (as Swift does). Returns nil after reporting an error. Records the type in the model.
    mutating func check(_ syntax: ExpressionSyntax, expecting: ValueType?, in scope: Scope) -> CheckedExpression? {
        let checked = resolve(syntax, expecting: expecting, in: scope)
        if !syntax.isError { model.recordExpression(syntax.span, type: checked?.type ?? recoveredType) }
        recoveredType = nil
        return checked
    }

    private mutating func resolve(_ syntax: ExpressionSyntax, expecting: ValueType?, in scope: Scope) -> CheckedExpression? {
        let span = syntax.span
        switch syntax.kind {
        case .error:
            return nil
        case .integerLiteral(let value):
            return integerLiteral(value, expecting: expecting, span: span)
        case .floatLiteral(let value):
            switch expecting?.unwrapped {
            case .duration?: return CheckedExpression(.constant(.duration(value)), type: .duration, span: span)
            case .int?:
                report(.typeMismatch, "cannot convert a 'Double' literal to expected type 'Int'", at: span,
                       notes: [DiagnosticNote("'Int' holds whole numbers")],
                       fixes: [.replace(span, with: String(Int(exactly: value.rounded(.towardZero)) ?? 0), "use a whole number")])
                return nil
            default: return CheckedExpression(.constant(.double(value)), type: .double, span: span)
            }
        case .stringLiteral(let text):
            if expecting?.unwrapped == .version { return versionLiteral(text, span: span) }
            return CheckedExpression(.constant(.string(text)), type: .string, span: span)
        case .boolLiteral(let flag):
            return CheckedExpression(.constant(.bool(flag)), type: .bool, span: span)
        case .nilLiteral:
            guard let expecting, expecting.isOptional else {
                report(.nilWithoutContext, "'nil' requires a contextual type", at: span,
                       notes: [DiagnosticNote("'nil' is the absence of an optional value, such as 'last?.amount'")])
                return nil
            }
            return CheckedExpression(.constant(.none(expecting)), type: expecting, span: span)
        case .identifier(let name):
            return identifier(name, span: span, in: scope)
        case .anonymousArgument(let index):
            return anonymousArgument(index, span: span, in: scope)
        case .projectedParameter(let name):
            report(.unknownName, "'$\(name)' names a parameter as a rule input; inside an expression use '$0' or '\(name)'",
                   at: span, fixes: [.replace(span, with: name, "replace with '\(name)'")])
            return nil
        case .parenthesized(let inner):
            guard var checked = check(inner, expecting: expecting, in: scope) else { return nil }
            checked.span = span
            return checked
        case .prefix(let op, let operand, let operatorSpan):
            return prefix(op, operand, operatorSpan: operatorSpan, expecting: expecting, span: span, in: scope)
        case .binary(let op, let lhs, let rhs, let operatorSpan):
            return binary(op, lhs, rhs, operatorSpan: operatorSpan, expecting: expecting, span: span, in: scope)
        case .ternary(let condition, let then, let otherwise):
            return ternary(condition, then, otherwise, expecting: expecting, span: span, in: scope)
        case .implicitMember(let name, let nameSpan):
            return implicitMember(name, nameSpan: nameSpan, arguments: nil, expecting: expecting, span: span, in: scope)
        case .member(let base, let name, let nameSpan, let optional):
            if let type = base.identifierText, scope.locals[type] == nil, symbols.lookup("\(type).\(name)") != nil {
                // `VPNTip.isPresented`: the parameter or event that type owns.
                return identifier("\(type).\(name)", span: span, in: scope)
            }
            if let plain = unqualifiedPastedReference(base, name: name, nameSpan: nameSpan, in: scope) {
                return check(plain, expecting: expecting, in: scope)
            }
            return member(base, name: name, nameSpan: nameSpan, optional: optional, call: nil, span: span, in: scope)
        case .call(let callee, let arguments, let closure):
            return call(callee, arguments: arguments, closure: closure, expecting: expecting, span: span, in: scope)
        case .closure:
            report(.wrongArguments, "a closure can only be the argument of 'filter', 'contains(where:)' or 'allSatisfy'", at: span)
            return nil
        case .arrayLiteral:
            report(.invalidList, "a list can only be used with 'contains', as in '[\"ja\", \"ko\"].contains(language)'", at: span)
            return nil
        case .keyPath(let name, _):
            report(.wrongArguments, "a key path such as '\\.\(name)' can only be the argument of 'largestSubset', 'smallestSubset', 'min', 'max' or 'sum'",
                   at: span)
            return nil
        }
    }

    private func integerLiteral(_ value: Int, expecting: ValueType?, span: SourceSpan) -> CheckedExpression {
        switch expecting?.unwrapped {
        case .double?: return CheckedExpression(.constant(.double(Double(value))), type: .double, span: span)
        case .duration?: return CheckedExpression(.constant(.duration(Double(value))), type: .duration, span: span)
        default: return CheckedExpression(.constant(.int(value)), type: .int, span: span)
        }
    }

    /// The names every scope knows, for "did you mean".
    private func valueNames(in scope: Scope) -> [String] {
        symbols.names { symbol in
            if case .parameter = symbol { return true }
            if case .event = symbol { return true }
            return false
        } + scope.locals.keys.sorted() + ["now"]
    }

    private mutating func identifier(_ written: String, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        if let local = scope.locals[written] {
            model.recordName(span, .local(declaredAt: local.declaration))
            return CheckedExpression(.local(local.index), type: local.type, span: span)
        }
        let name = ownMember(written, of: scope.owner)
        if let referent = symbols.referent(name) { model.recordName(span, referent) }
        if scope.unusable.contains(name) || unusableNames.contains(name) { return nil }
        switch symbols.lookup(name) {
        case .parameter(let index)?:
            guard index < parameters.count else { return nil }
            return CheckedExpression(.parameter(index), type: parameters[index].type.valueType, span: span)
        case .event(let index)?:
            return CheckedExpression(.donations(event: index), type: .event(index), span: span)
        case let symbol?:
            report(.unknownName, "'\(name)' is a \(symbol.kindName), not a value", at: span,
                   notes: [DiagnosticNote("expressions can use parameters, events, 'now' and widget 'let' names")])
            return nil
        case nil:
            break
        }
        switch name {
        case "now":
            model.recordName(span, .builtin(name: name, base: nil))
            return CheckedExpression(.now, type: .date, span: span)
        case "Self", "Date", "Duration", "Int", "Double", "String", "Bool", "Tips", "Version", "Calendar":
            report(.unknownName, "'\(name)' is not a value here", at: span)
            return nil
        default:
            let suggestion = Spelling.closest(to: name, in: valueNames(in: scope))
            report(.unknownName, "cannot find '\(name)' in scope", at: span,
                   notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
                   fixes: suggestion.map { [.replace(span, with: $0, "replace with '\($0)'")] } ?? [])
            return nil
        }
    }

    private mutating func anonymousArgument(_ index: Int?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        if let event = scope.closureEvents.last {
            guard index == 0 else {
                report(.inputIndexOutOfRange, "a closure here has one argument, '$0'", at: span,
                       fixes: [.replace(span, with: "$0", "replace with '$0'")])
                return nil
            }
            model.recordName(span, .closureArgument(event: event))
            return CheckedExpression(.element(depth: scope.closureEvents.count - 1), type: .donation(event: event), span: span)
        }
        guard let inputs = scope.inputs else {
            report(.anonymousArgumentOutsideClosure, "anonymous argument '\(text(span))' is only available inside '#Rule' and closures",
                   at: span, notes: [DiagnosticNote("outside a rule, name a parameter or an event directly")])
            return nil
        }
        guard let index, index >= 0, index < inputs.count else {
            report(.inputIndexOutOfRange, "'\(text(span))' has no input: this rule has \(inputs.count) input\(inputs.count == 1 ? "" : "s") ($0\(inputs.count > 1 ? "…$\(inputs.count - 1)" : ""))",
                   at: span, notes: [DiagnosticNote("'#Rule(a, b) { … }' binds $0 to a and $1 to b")])
            return nil
        }
        model.recordName(span, .ruleInput(index: index, inputs[index]))
        switch inputs[index] {
        case .parameter(let parameter):
            guard parameter < parameters.count else { return nil }
            return CheckedExpression(.parameter(parameter), type: parameters[parameter].type.valueType, span: span)
        case .event(let event):
            return CheckedExpression(.donations(event: event), type: .event(event), span: span)
        }
    }

    /// Makes `expression` fit `type`: wraps into an optional, turns seconds into a
    /// `Duration` (where `acceptingSeconds`) and an `Int` score into a `Double`. Reports a mismatch otherwise.
    mutating func coerce(_ expression: CheckedExpression, to type: ValueType, acceptingSeconds: Bool) -> CheckedExpression? {
        let actual = expression.type
        if actual == type { return expression }
        if case .optional(let wrapped) = type, actual == wrapped {
            return CheckedExpression(.wrap(expression), type: type, span: expression.span)
        }
        if acceptingSeconds && type == .duration && actual.isNumeric {
            return CheckedExpression(.convert(actual == .int ? .intToDuration : .doubleToDuration, expression), type: .duration, span: expression.span)
        }
        if acceptingSeconds && type == .double && actual == .int {
            return CheckedExpression(.convert(.intToDouble, expression), type: .double, span: expression.span)
        }
        if case .event = actual {
            reportEventNotAValue(expression.span)
            return nil
        }
        var fixes: [FixIt] = []
        if type == .double && actual == .int { fixes.append(wrapFix(expression.span, in: "Double")) }
        if type == .int && actual == .double { fixes.append(wrapFix(expression.span, in: "Int")) }
        report(.typeMismatch, "cannot convert value of type '\(spell(actual))' to expected type '\(spell(type))'",
               at: expression.span, fixes: fixes)
        return nil
    }

    /// An event where a value is expected; `countable` offers `.donations.count` (for numbers) rather than `.donations`.
    mutating func reportEventNotAValue(_ span: SourceSpan, countable: Bool = false) {
        let suffix = countable ? ".donations.count" : ".donations"
        report(.eventNotAValue, "an event is not a value; its donations are '\(text(span)).donations'", at: span,
               fixes: [FixIt("use '\(suffix)'", edits: [TextEdit(span: .point(span.end), newText: suffix)])])
    }

    /// A fix-it that wraps a span in a conversion: `Double(…)`.
    func wrapFix(_ span: SourceSpan, in conversion: String) -> FixIt {
        FixIt("convert with '\(conversion)(…)'", edits: [TextEdit(span: .point(span.start), newText: "\(conversion)("),
                                                       TextEdit(span: .point(span.end), newText: ")")])
    }

    /// Checks an expression that must be a `Bool` (conditions, `!`, `&&`, `||`).
    mutating func condition(_ syntax: ExpressionSyntax, in scope: Scope, role: String) -> CheckedExpression? {
        guard let checked = check(syntax, expecting: .bool, in: scope) else { return nil }
        guard checked.type == .bool else {
            if case .event = checked.type { reportEventNotAValue(checked.span); return nil }
            report(.conditionNotBool, "\(role) must be a 'Bool', not '\(spell(checked.type))'", at: syntax.span,
                   fixes: checked.type.isOptional ? [FixIt("compare with nil", edits: [TextEdit(span: .point(syntax.span.end), newText: " != nil")])] : [])
            return nil
        }
        return checked
    }
}
