import TipRulesRuntime

/// Members, methods and calls: donation collections, donations, strings, dates,
/// durations (`.days(5)`), conversions (`Double(x)`) and the first beta's spellings.
extension Checker {
    /// The durations by name (`hours`, `hour` …) with their seconds, from the built-ins table.
    static let durationUnits = Builtins.seconds(of: .implicit)
    static let collectionMembers = Builtins.members(of: .donations).map(\.name)
    static let stringMembers = Builtins.members(of: .string).map(\.name)

    /// `.days(5)`, `.hour`, `.now` (and `Duration.seconds(3)`, `Date.now`).
    mutating func implicitMember(_ name: String, nameSpan: SourceSpan, arguments: [ArgumentSyntax]?,
                                 expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        if name == "now" && arguments == nil {
            model.recordName(nameSpan, .builtin(name: name, base: nil))
            return CheckedExpression(.now, type: .date, span: span)
        }
        if let unit = Self.durationUnits[name] {
            model.recordName(nameSpan, .builtin(name: name, base: nil))
            let plural = name.hasSuffix("s")
            guard let arguments else {
                if plural {
                    report(.wrongArguments, "'.\(name)' needs a number, as in '.\(name)(2)'", at: span,
                           fixes: [FixIt("insert '(1)'", edits: [TextEdit(span: .point(span.end), newText: "(1)")], applicability: .maybeIncorrect)])
                    return nil
                }
                return CheckedExpression(.constant(.duration(unit)), type: .duration, span: span)
            }
            guard plural, arguments.count == 1, arguments[0].label == nil else {
                report(.wrongArguments, plural ? "'.\(name)' takes one number, as in '.\(name)(2)'" : "'.\(name)' is a duration itself; write '.\(name)s(n)' for several",
                       at: span)
                return nil
            }
            guard let amount = check(arguments[0].value, expecting: nil, in: scope) else { return nil }
            let seconds: CheckedExpression
            switch amount.type {
            case .int: seconds = CheckedExpression(.convert(.intToDuration, amount), type: .duration, span: amount.span)
            case .double: seconds = CheckedExpression(.convert(.doubleToDuration, amount), type: .duration, span: amount.span)
            default:
                report(.typeMismatch, "'.\(name)' takes a number, not '\(spell(amount.type))'", at: amount.span)
                return nil
            }
            let scaled = unit == 1 ? seconds
                : CheckedExpression(.binary(.multiplyDuration, seconds, CheckedExpression(.constant(.int(Int(unit))), type: .int, span: span)),
                                    type: .duration, span: span)
            return ConstantFolder.fold(CheckedExpression(scaled.kind, type: .duration, span: span))
        }
        // With an amount, only the plural units take one; without, the singular units and `.now`.
        let known = Self.durationUnits.keys.filter { $0.hasSuffix("s") == (arguments != nil) }.sorted() + (arguments == nil ? ["now"] : [])
        let suggestion = Spelling.closest(to: name, in: known)
        let context = expecting.map { "type '\(spell($0))' has no member '\(name)'" } ?? "unknown member '.\(name)'"
        report(.unknownMember, context, at: span,
               notes: [DiagnosticNote("implicit members here are durations such as '.days(3)' or '.hour', and '.now'")],
               fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '.\($0)'", applicability: .maybeIncorrect)] } ?? [])
        return nil
    }

    /// `base.name` or `base?.name`; `call` carries the arguments when the member is called.
    mutating func member(_ baseSyntax: ExpressionSyntax, name: String, nameSpan: SourceSpan, optional: Bool,
                         call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?, span: SourceSpan,
                         in scope: Scope) -> CheckedExpression? {
        // Type names: `Date.now`, `Duration.days(2)`, and `Self.x` for a rule input.
        if case .identifier(let typeName) = baseSyntax.kind, scope.locals[typeName] == nil, symbols.lookup(typeName) == nil {
            switch typeName {
            case "Date" where name == "now" && call == nil:
                model.recordName(nameSpan, .builtin(name: name, base: nil))
                return CheckedExpression(.now, type: .date, span: span)
            case "Duration":
                return implicitMember(name, nameSpan: nameSpan, arguments: call?.arguments, expecting: .duration, span: span, in: scope)
            case "Self":
                return check(ExpressionSyntax(.identifier(name), span: nameSpan), expecting: nil, in: scope)
            default:
                break
            }
        }
        guard let base = check(baseSyntax, expecting: nil, in: scope) else { return nil }
        // `a?.b.c` continues the chain started by `?.`: the member applies inside it.
        if case .optionalChain(let chainBase, let depth, let body) = base.kind, !optional, !isParenthesized(baseSyntax) {
            // Inside the chain the base is the unwrapped value, as Swift types it.
            model.recordExpression(baseSyntax.span, type: body.type)
            var inner = scope
            inner.chainDepth = depth + 1
            guard let extended = memberOf(body, name: name, nameSpan: nameSpan, call: call, span: span, in: inner) else { return nil }
            return chain(chainBase, depth: depth, body: extended, span: span)
        }
        if optional {
            guard case .optional(let wrapped) = base.type else {
                let questionSpan = SourceSpan(start: nameSpan.start - 2, end: nameSpan.start - 1)
                report(.chainOnNonOptional, "cannot use optional chaining on non-optional value of type '\(spell(base.type))'",
                       at: questionSpan, fixes: [.replace(questionSpan, with: "", "remove '?'", applicability: .machineApplicable)])
                return nil
            }
            let depth = scope.chainDepth
            var inner = scope
            inner.chainDepth = depth + 1
            let unwrapped = CheckedExpression(.chained(depth: depth), type: wrapped, span: base.span)
            guard let body = memberOf(unwrapped, name: name, nameSpan: nameSpan, call: call, span: span, in: inner) else { return nil }
            return chain(base, depth: depth, body: body, span: span)
        }
        if base.type.isOptional {
            let dotSpan = SourceSpan(start: nameSpan.start - 1, end: nameSpan.start)
            report(.optionalNotUnwrapped, "value of optional type '\(spell(base.type))' must be unwrapped to refer to member '\(name)'",
                   at: base.span, notes: [DiagnosticNote("chain with '?.' to get an optional result, then give a default with '??'")],
                   fixes: [FixIt("chain with '?.'", edits: [TextEdit(span: dotSpan, newText: "?.")], applicability: .machineApplicable)])
            return nil
        }
        return memberOf(base, name: name, nameSpan: nameSpan, call: call, span: span, in: scope)
    }

    private func isParenthesized(_ syntax: ExpressionSyntax) -> Bool {
        if case .parenthesized = syntax.kind { return true }
        return false
    }

    private func chain(_ base: CheckedExpression, depth: Int, body: CheckedExpression, span: SourceSpan) -> CheckedExpression {
        CheckedExpression(.optionalChain(base: base, depth: depth, body: body), type: .optional(body.type.unwrapped), span: span)
    }

    /// A member of a non-optional value.
    private mutating func memberOf(_ base: CheckedExpression, name: String, nameSpan: SourceSpan,
                                   call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?, span: SourceSpan,
                                   in scope: Scope) -> CheckedExpression? {
        switch base.type {
        case .event(let event):
            return eventMember(base, event: event, name: name, nameSpan: nameSpan, call: call, span: span)
        case .donations(let event):
            let member = collectionMember(base, event: event, name: name, nameSpan: nameSpan, call: call, span: span, in: scope)
            if member == nil { recoveredType = Self.collectionMemberType(name, event: event) }
            return member
        case .donation(let event):
            if let call {
                _ = call
                report(.unknownMember, "'\(name)' is a field of the donation, not a method", at: nameSpan)
                return nil
            }
            return donationField(base, event: event, name: name, nameSpan: nameSpan, span: span)
        case .version:
            return versionMember(base, name: name, nameSpan: nameSpan, isCall: call != nil, span: span)
        case .string:
            if Self.stringMembers.contains(name) { model.recordName(nameSpan, .builtin(name: name, base: .string)) }
            return stringMember(base, name: name, nameSpan: nameSpan, call: call, span: span, in: scope)
        case .date where name == "addingTimeInterval":
            model.recordName(nameSpan, .builtin(name: name, base: .date))
            guard let call, call.closure == nil, call.arguments.count == 1, call.arguments[0].label == nil,
                  let seconds = check(call.arguments[0].value, expecting: .double, in: scope) else {
                if call == nil || !(call?.arguments.count == 1) {
                    report(.wrongArguments, "'addingTimeInterval' takes a number of seconds, as in 'addingTimeInterval(-3600)'", at: span)
                }
                return nil
            }
            guard seconds.type == .double else {
                report(.typeMismatch, "'addingTimeInterval' takes a 'Double' number of seconds, not '\(spell(seconds.type))'",
                       at: seconds.span, fixes: seconds.type == .int ? [wrapFix(seconds.span, in: "Double")] : [])
                return nil
            }
            let duration = CheckedExpression(.convert(.doubleToDuration, seconds), type: .duration, span: seconds.span)
            return CheckedExpression(.binary(.addDuration, base, duration), type: .date, span: span)
        default:
            let members: [String]
            switch base.type {
            case .date: members = ["addingTimeInterval"]
            default: members = []
            }
            let suggestion = Spelling.closest(to: name, in: members)
            report(.unknownMember, "value of type '\(spell(base.type))' has no member '\(name)'", at: nameSpan,
                   notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
                   fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
            return nil
        }
    }

    private mutating func eventMember(_ base: CheckedExpression, event: Int, name: String, nameSpan: SourceSpan,
                                      call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?, span: SourceSpan) -> CheckedExpression? {
        let donations = CheckedExpression(.donations(event: event), type: .donations(event: event), span: base.span.union(nameSpan))
        if name == "donations" && call == nil {
            model.recordName(nameSpan, .builtin(name: name, base: .event(event)))
            return donations
        }
        if name == "count" && call == nil {
            report(.betaEventCount, "'count' on an event was replaced by 'donations.count'", at: nameSpan,
                   notes: [DiagnosticNote("this is the spelling of TipKit's first beta")],
                   fixes: [.replace(nameSpan, with: "donations.count", "replace with 'donations.count'", applicability: .machineApplicable)])
            return CheckedExpression(.count(donations), type: .int, span: span)
        }
        let suggestion = Spelling.closest(to: name, in: ["donations"]) ?? (Self.collectionMembers.contains(name) ? "donations.\(name)" : nil)
        report(.unknownMember, "event '\(eventNames[safe: event] ?? "")' has no member '\(name)'", at: nameSpan,
               notes: [DiagnosticNote("an event's donations are '.donations'")],
               fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
        return nil
    }

    private mutating func donationField(_ base: CheckedExpression, event: Int, name: String, nameSpan: SourceSpan,
                                        span: SourceSpan) -> CheckedExpression? {
        guard let field = fieldReference(event: event, name: name, span: nameSpan) else { return nil }
        model.recordName(nameSpan, .field(event: event, field.reference))
        return CheckedExpression(.field(base, field.reference), type: field.type, span: span)
    }

    /// Resolves a donation field name (`date` or a declared field), reporting an unknown one.
    func fieldLookup(event: Int, name: String) -> (reference: FieldReference, type: ValueType)? {
        if name == "date" { return (.date, .date) }
        guard event >= 0, event < events.count,
              let index = events[event].fields.firstIndex(where: { $0.name == name }) else { return nil }
        return (.declared(index), events[event].fields[index].type.valueType)
    }

    mutating func fieldReference(event: Int, name: String, span: SourceSpan,
                                 code: DiagnosticCode = .unknownMember) -> (reference: FieldReference, type: ValueType)? {
        if let found = fieldLookup(event: event, name: name) { return found }
        let fields = ["date"] + (events[safe: event]?.fields.map(\.name) ?? [])
        let suggestion = Spelling.closest(to: name, in: fields)
        report(code, "donations of '\(eventNames[safe: event] ?? "")' have no field '\(name)'", at: span,
               notes: [DiagnosticNote("the fields are \(fields.map { "'\($0)'" }.joined(separator: ", "))")]
                   + (suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? []),
               fixes: suggestion.map { [.replace(span, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
        return nil
    }

    /// A string member, as the built-ins table describes it.
    private mutating func stringMember(_ base: CheckedExpression, name: String, nameSpan: SourceSpan,
                                       call: (arguments: [ArgumentSyntax], closure: ClosureSyntax?)?, span: SourceSpan,
                                       in scope: Scope) -> CheckedExpression? {
        let builtin = Builtins.member(name, of: .string)
        if let builtin, case .string(let operation, _) = builtin.lowering, let type = builtin.result.type(event: nil, field: nil) {
            switch (builtin.shape, call) {
            case (.property, nil),
                 (.call(_, nil), _?) where call?.arguments.isEmpty == true && call?.closure == nil:
                return CheckedExpression(.string(operation, base, argument: nil), type: type, span: span)
            case (.call(_, .value(let argumentType?)?), let call?):
                guard call.arguments.count == 1, call.arguments[0].label == nil, call.closure == nil else {
                    report(.wrongArguments, "'\(name)' takes one string, as in '\(name)(\"pro\")'", at: span)
                    return nil
                }
                guard let argument = check(call.arguments[0].value, expecting: argumentType, in: scope),
                      let text = coerce(argument, to: argumentType, acceptingSeconds: false) else { return nil }
                return CheckedExpression(.string(operation, base, argument: text), type: type, span: span)
            default:
                break
            }
        }
        let suggestion = Spelling.closest(to: name, in: Self.stringMembers)
        let isMethod = builtin.map { $0.shape != .property } ?? false
        var fixes = suggestion.map { [FixIt.replace(nameSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? []
        let takesNoArgument = builtin?.shape == .call(label: nil, nil)
        if takesNoArgument && call == nil {
            fixes = [FixIt("call it", edits: [TextEdit(span: .point(nameSpan.end), newText: "()")], applicability: .machineApplicable)]
        }
        report(isMethod ? .wrongArguments : .unknownMember,
               isMethod ? "'\(name)' must be called, as in '\(name)(\(takesNoArgument ? "" : "\"…\""))'"
                        : "value of type 'String' has no member '\(name)'",
               at: nameSpan, notes: isMethod ? [] : suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
               fixes: fixes)
        return nil
    }

    /// `callee(arguments) { closure }`.
    mutating func call(_ callee: ExpressionSyntax, arguments: [ArgumentSyntax], closure: ClosureSyntax?,
                       expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        switch callee.kind {
        case .implicitMember(let name, let nameSpan):
            return implicitMember(name, nameSpan: nameSpan, arguments: arguments, expecting: expecting, span: span, in: scope)
        case .member(let base, "component", let nameSpan, false) where isCurrentCalendar(base) && closure == nil:
            return calendarComponent(arguments, nameSpan: nameSpan, span: span, in: scope)
        case .member(let base, "contains", _, false) where closure == nil:
            if case .arrayLiteral(let elements) = base.kind {
                return listContains(elements, arguments: arguments, listSpan: base.span, span: span, in: scope)
            }
            return member(base, name: "contains", nameSpan: callee.memberNameSpan, optional: false, call: (arguments, closure),
                          span: span, in: scope)
        case .member(let base, let name, let nameSpan, let optional):
            return member(base, name: name, nameSpan: nameSpan, optional: optional, call: (arguments, closure), span: span, in: scope)
        case .identifier(let name) where Self.targetingFunctions.contains(name) && symbols.lookup(name) == nil && closure == nil:
            return targetingFunction(name, arguments: arguments, span: span, in: scope)
        case .identifier(let name) where ["Double", "Int", "Date"].contains(name) && symbols.lookup(name) == nil:
            return conversion(name, arguments: arguments, span: span, in: scope)
        default:
            report(.unknownFunction, "cannot call '\(text(callee.span))'", at: callee.span,
                   notes: [DiagnosticNote("the functions are Double(…), Int(…), Date(…), Version(…), bucket(of:group:), rollout(_:of:group:) and Calendar.current.component(_:from:); methods are called on a value")])
            return nil
        }
    }

    /// `Double(x)`, `Int(x)`, `Date(timeIntervalSince1970: seconds)`.
    private mutating func conversion(_ name: String, arguments: [ArgumentSyntax], span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        model.recordName(SourceSpan(start: span.start, end: span.start + name.utf8.count), .builtin(name: name, base: nil))
        if name == "Date" {
            if arguments.count == 1, arguments[0].label == nil { return dateLiteral(arguments[0], span: span) }
            guard arguments.count == 1, arguments[0].label == "timeIntervalSince1970" else {
                report(.wrongArguments, "a date is written 'Date(timeIntervalSince1970: SECONDS)'", at: span)
                return nil
            }
            guard let seconds = check(arguments[0].value, expecting: .double, in: scope),
                  let number = coerce(seconds, to: .double, acceptingSeconds: false) else { return nil }
            let epoch = CheckedExpression(.constant(.date(0)), type: .date, span: span)
            let offset = CheckedExpression(.convert(.doubleToDuration, number), type: .duration, span: number.span)
            return ConstantFolder.fold(CheckedExpression(.binary(.addDuration, epoch, offset), type: .date, span: span))
        }
        guard arguments.count == 1, arguments[0].label == nil else {
            report(.wrongArguments, "'\(name)(…)' converts one number", at: span)
            return nil
        }
        let target: ValueType = name == "Double" ? .double : .int
        guard let value = check(arguments[0].value, expecting: literalNumber(arguments[0].value) == .integer ? target : nil, in: scope) else { return nil }
        switch (target, value.type) {
        case (.double, .double), (.int, .int):
            var same = value
            same.span = span
            return same
        case (.double, .int): return CheckedExpression(.convert(.intToDouble, value), type: .double, span: span)
        case (.int, .double): return CheckedExpression(.convert(.doubleToInt, value), type: .int, span: span)
        default:
            report(.typeMismatch, "'\(name)(…)' converts a number, not '\(spell(value.type))'", at: value.span)
            return nil
        }
    }
}

extension Array {
    /// The element at `index`, or nil when out of bounds.
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}
