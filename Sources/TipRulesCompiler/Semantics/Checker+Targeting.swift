import TipRulesRuntime
import TipRulesCalendar

/// Targeting: version literals and members, `bucket`, `rollout`, `Date("…")` literals,
/// `Calendar.current.component(.c, from:)` and `[c, …].contains(value)`.
extension Checker {
    /// The free functions of targeting, as the built-ins table names them.
    static let targetingFunctions: Set<String> = ["bucket", "rollout", "Version"]

    /// A string literal where a `Version` is expected, or `Version("2.3")`: a constant version.
    mutating func versionLiteral(_ text: String, span: SourceSpan) -> CheckedExpression? {
        if case .failure(let error) = SemanticVersion.parse(text) {
            var fixes: [FixIt] = []
            let withoutPrefix = String(text.dropFirst())
            if text.first == "v" || text.first == "V", SemanticVersion(withoutPrefix) != nil {
                fixes.append(.replace(span, with: "\"\(withoutPrefix)\"", "replace with \"\(withoutPrefix)\"", applicability: .machineApplicable))
            }
            report(.invalidVersionLiteral, "\"\(text)\" is not a version: \(error.message)", at: span,
                   notes: [DiagnosticNote("a version is MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD], as in \"2.3\" or \"1.0.0-rc.1\"")],
                   fixes: fixes)
            return nil
        }
        return CheckedExpression(.constant(.version(text)), type: .version, span: span)
    }

    /// `version.major`, `.minor`, `.patch`.
    mutating func versionMember(_ base: CheckedExpression, name: String, nameSpan: SourceSpan, isCall: Bool,
                                span: SourceSpan) -> CheckedExpression? {
        guard let builtin = Builtins.member(name, of: .version), case .versionComponent(let component) = builtin.lowering, !isCall else {
            let names = Builtins.members(of: .version).map(\.name)
            let suggestion = Spelling.closest(to: name, in: names)
            report(.unknownMember, "value of type 'Version' has no member '\(name)'", at: nameSpan,
                   notes: [DiagnosticNote("a version has 'major', 'minor' and 'patch'")],
                   fixes: suggestion.map { [.replace(nameSpan, with: $0, "replace with '\($0)'", applicability: .maybeIncorrect)] } ?? [])
            return nil
        }
        model.recordName(nameSpan, .builtin(name: name, base: .version))
        return CheckedExpression(.versionComponent(component, base), type: .int, span: span)
    }

    /// `Version("2.3")`, `bucket(of:group:)` and `rollout(_:of:group:)`.
    mutating func targetingFunction(_ name: String, arguments: [ArgumentSyntax], span: SourceSpan,
                                    in scope: Scope) -> CheckedExpression? {
        model.recordName(SourceSpan(start: span.start, end: span.start + name.utf8.count), .builtin(name: name, base: nil))
        switch name {
        case "Version":
            guard arguments.count == 1, arguments[0].label == nil, case .stringLiteral(let text) = arguments[0].value.kind else {
                report(.wrongArguments, "a version is written 'Version(\"2.3\")', with a string literal", at: span)
                return nil
            }
            model.recordExpression(arguments[0].value.span, type: .version)
            return versionLiteral(text, span: arguments[0].value.span).map { CheckedExpression($0.kind, type: .version, span: span) }
        case "bucket":
            guard let (id, group) = rolloutArguments(arguments, leading: 0, span: span, in: scope,
                                                   usage: "bucket(of: userID, group: \"holdout\")") else { return nil }
            return CheckedExpression(.bucket(id: id, group: group), type: .int, span: span)
        default:
            guard arguments.first?.label == nil, let shareSyntax = arguments.first?.value,
                  let (id, group) = rolloutArguments(arguments, leading: 1, span: span, in: scope,
                                                   usage: "rollout(25, of: userID, group: \"new-tab\")"),
                  let checkedShare = check(shareSyntax, expecting: .int, in: scope),
                  let share = coerce(checkedShare, to: .int, acceptingSeconds: false) else {
                if arguments.first?.label != nil {
                    report(.wrongArguments, "'rollout' takes the share first, as in 'rollout(25, of: userID)'", at: span)
                }
                return nil
            }
            if case .constant(.int(let percentage)) = ConstantFolder.fold(share).kind, !(0...100).contains(percentage) {
                report(.rolloutShareOutOfRange, "a rollout's share is a percentage from 0 to 100, not \(percentage)", at: share.span,
                       notes: [DiagnosticNote("'rollout(25, of: id)' holds for 25 of every 100 ids")],
                       fixes: [.replace(share.span, with: percentage < 0 ? "0" : "100", "replace with \(percentage < 0 ? 0 : 100)", applicability: .maybeIncorrect)])
                return nil
            }
            return CheckedExpression(.rollout(share: share, id: id, group: group), type: .bool, span: span)
        }
    }

    /// `of: ID` (a `String`) and `group: G` (a constant `String`, by default the scope's
    /// rollout group), after `leading` unlabeled arguments.
    mutating func rolloutArguments(_ arguments: [ArgumentSyntax], leading: Int, span: SourceSpan, in scope: Scope,
                                           usage: String) -> (id: CheckedExpression, group: CheckedExpression)? {
        let rest = arguments.dropFirst(leading)
        let labels = rest.map(\.label)
        guard arguments.count >= leading, labels == ["of", "group"] || labels == ["of"] else {
            report(.wrongArguments, "expected '\(usage)'", at: span,
                   notes: [DiagnosticNote("'group:' may be left out: it is then the tip's id (a widget's name)")])
            return nil
        }
        guard let idSyntax = rest.first?.value, let checkedID = check(idSyntax, expecting: .string, in: scope),
              let id = coerce(checkedID, to: .string, acceptingSeconds: false) else { return nil }
        guard let groupSyntax = rest.dropFirst().first?.value else {
            guard let name = scope.rolloutGroup else {
                report(.wrongArguments, "'group:' is needed outside a tip or widget", at: span)
                return nil
            }
            return (id, CheckedExpression(.constant(.string(name)), type: .string, span: span))
        }
        guard let checkedGroup = check(groupSyntax, expecting: .string, in: scope),
              let group = coerce(checkedGroup, to: .string, acceptingSeconds: false) else { return nil }
        let folded = ConstantFolder.fold(group)
        guard case .constant = folded.kind else {
            report(.nonConstantGroup, "a rollout group must be a constant string", at: group.span,
                   notes: [DiagnosticNote("the same id and group always give the same bucket: name the group, as in group: \"new-tab\"")])
            return nil
        }
        return (id, folded)
    }

    /// `Date("2026-12-01T00:00:00Z")`: a constant date from an RFC 3339 literal.
    mutating func dateLiteral(_ argument: ArgumentSyntax, span: SourceSpan) -> CheckedExpression? {
        guard case .stringLiteral(let text) = argument.value.kind else {
            report(.wrongArguments, "a date is written 'Date(\"2026-12-01T00:00:00Z\")' or 'Date(timeIntervalSince1970: SECONDS)'",
                   at: span)
            return nil
        }
        model.recordExpression(argument.value.span, type: .string)
        do {
            return CheckedExpression(.constant(.date(try RFC3339.parse(text))), type: .date, span: span)
        } catch {
            report(.invalidDateLiteral, "\"\(text)\" is not an RFC 3339 date: \(error.message)", at: argument.value.span,
                   notes: [DiagnosticNote("write a date and time with its offset, as in \"2026-12-01T00:00:00+09:00\" or \"2026-12-01T00:00:00Z\"")])
            return nil
        }
    }

    /// Whether `syntax` is `Calendar.current`.
    func isCurrentCalendar(_ syntax: ExpressionSyntax) -> Bool {
        guard case .member(let base, "current", _, false) = syntax.kind, case .identifier("Calendar") = base.kind else { return false }
        return symbols.lookup("Calendar") == nil
    }

    /// `Calendar.current.component(.hour, from: now)`.
    mutating func calendarComponent(_ arguments: [ArgumentSyntax], nameSpan: SourceSpan, span: SourceSpan,
                                    in scope: Scope) -> CheckedExpression? {
        model.recordName(nameSpan, .builtin(name: "component", base: nil))
        guard arguments.count == 2, arguments[0].label == nil, arguments[1].label == "from",
              case .implicitMember(let name, let componentSpan) = arguments[0].value.kind else {
            report(.wrongArguments, "expected 'Calendar.current.component(.hour, from: now)'", at: span)
            return nil
        }
        guard let builtin = Builtins.member(name, of: .calendarComponent), case .calendarComponent(let component) = builtin.lowering else {
            let names = Builtins.members(of: .calendarComponent).map(\.name)
            let suggestion = Spelling.closest(to: name, in: names)
            report(.unknownCalendarComponent, "'.\(name)' is not a calendar component", at: arguments[0].value.span,
                   notes: [DiagnosticNote("the components are \(names.map { ".\($0)" }.joined(separator: ", "))")],
                   fixes: suggestion.map { [.replace(componentSpan, with: $0, "replace with '.\($0)'", applicability: .maybeIncorrect)] } ?? [])
            return nil
        }
        model.recordName(componentSpan, .builtin(name: Builtins.calendarComponentReferent(name), base: nil))
        guard let checkedDate = check(arguments[1].value, expecting: .date, in: scope),
              let date = coerce(checkedDate, to: .date, acceptingSeconds: false) else { return nil }
        return CheckedExpression(.calendar(component, date), type: .int, span: span)
    }

    /// `FrequencyCap(N, per: DURATION)`: N ≥ 1 and DURATION > 0.
    mutating func frequencyCap(_ entry: CallEntrySyntax) -> FrequencyCap? {
        let usage = "as in 'FrequencyCap(1, per: .day)'"
        guard entry.arguments.count == 2, entry.arguments[0].label == nil, entry.arguments[1].label == "per" else {
            report(.wrongArguments, "'FrequencyCap' takes a count and a window, \(usage)", at: entry.span)
            return nil
        }
        let (countSyntax, windowSyntax) = (entry.arguments[0].value, entry.arguments[1].value)
        guard case .int(let count)? = constant(countSyntax, of: .int, what: "a frequency cap's count"),
              case .duration(let seconds)? = constant(windowSyntax, of: .duration, what: "a frequency cap's window") else { return nil }
        guard count >= 1 else {
            report(.invalidFrequencyCap, "a frequency cap allows at least 1 display, not \(count)", at: countSyntax.span,
                   notes: [DiagnosticNote("to never show the tip, give it a rule that is false; to stop it, use MaxDisplayCount")])
            return nil
        }
        guard seconds > 0 && seconds.isFinite else {
            report(.invalidFrequencyCap, "a frequency cap's window must be longer than 0", at: windowSyntax.span,
                   notes: [DiagnosticNote("the window is a duration, \(usage) or 'per: .weeks(1)'")])
            return nil
        }
        return FrequencyCap(count: count, seconds: seconds)
    }

    /// `[c1, c2, …].contains(value)`.
    mutating func listContains(_ elements: [ExpressionSyntax], arguments: [ArgumentSyntax], listSpan: SourceSpan,
                               span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        guard arguments.count == 1, arguments[0].label == nil else {
            report(.wrongArguments, "'contains' on a list takes one value, as in '[\"ja\", \"ko\"].contains(language)'", at: span)
            return nil
        }
        guard !elements.isEmpty else {
            report(.invalidList, "an empty list contains nothing", at: listSpan,
                   notes: [DiagnosticNote("list the values to match, as in [\"ja\", \"ko\"]")])
            return nil
        }
        // The value gives the list its type, so "2.3" in a list of versions is a version.
        guard let value = check(arguments[0].value, expecting: nil, in: scope) else { return nil }
        guard [.string, .int, .double, .version].contains(value.type) else {
            report(.invalidList, "a list holds 'String', 'Int', 'Double' or 'Version' constants, not '\(spell(value.type))'",
                   at: value.span)
            return nil
        }
        var choices: [CheckedExpression] = []
        for element in elements {
            guard let checked = check(element, expecting: value.type, in: scope),
                  let coerced = coerce(checked, to: value.type, acceptingSeconds: false) else { return nil }
            let folded = ConstantFolder.fold(coerced)
            guard folded.isConstant else {
                report(.invalidList, "a list holds constants; '\(text(element.span))' is computed", at: element.span,
                       notes: [DiagnosticNote("compare computed values with '==' and '||'")])
                return nil
            }
            choices.append(folded)
        }
        return CheckedExpression(.oneOf(value, choices), type: .bool, span: span)
    }
}
