import TipRulesRuntime

/// A tip's `holdout(P, of: ID, group: G)`: P an `Int` constant from 1 to 50, ID a `String`
/// expression (outside `#Rule`, a parameter is named by its name), G a constant `String`, by
/// default the tip's id, and the goal events it measures (`goal: filterApplied`, or a list, the
/// primary first). The unit's holdout bucket is `bucket(of: ID, group: "holdout:" + G)`.
extension Checker {
    /// The tip's holdout, from its `holdout(…)` entries (at most one: TR0431).
    mutating func checkHoldouts(_ entries: [CallEntrySyntax], tipID: String, owner: String) -> CheckedHoldout? {
        for extra in entries.dropFirst() {
            report(.duplicateHoldout, "a tip has at most one 'holdout(…)'", at: extra.span,
                   notes: [DiagnosticNote("the first 'holdout(…)' is here", at: entries[0].span)])
        }
        guard let entry = entries.first else { return nil }
        let usage = "holdout(10, of: userID, group: \"pro-filters\")"
        let scope = Scope(rolloutGroup: tipID, owner: owner)
        guard entry.arguments.first?.label == nil, let shareSyntax = entry.arguments.first?.value else {
            report(.wrongArguments, "'holdout' takes the share first, as in '\(usage)'", at: entry.span)
            return nil
        }
        let share = check(shareSyntax, expecting: .int, in: scope).flatMap { coerce($0, to: .int, acceptingSeconds: false) }
        // `goal:` comes last; the arguments before it are those of a rollout.
        let goalArgument = entry.arguments.last.flatMap { $0.label == "goal" ? $0 : nil }
        let goals = goalArgument.map { checkGoals($0.value, in: scope) } ?? []
        let arguments = goalArgument == nil ? entry.arguments : Array(entry.arguments.dropLast())
        guard let (id, group) = rolloutArguments(arguments, leading: 1, span: entry.span, in: scope, usage: usage),
              let share, let goals else { return nil }
        guard case .constant(.int(let percent)) = ConstantFolder.fold(share).kind, Holdout.percentRange.contains(percent) else {
            report(.holdoutShareOutOfRange, "a holdout's share is a constant whole percentage from 1 to 50", at: share.span,
                   notes: [DiagnosticNote("'holdout(10, of: userID)' holds out 10 of every 100 ids; the others are the treatment")])
            return nil
        }
        guard case .constant(.string(let groupName)) = group.kind else { return nil }
        let span = entry.span
        let isEmpty = CheckedExpression(.string(.isEmpty, id, argument: nil), type: .bool, span: span)
        // Its own salt: the draw is independent of every `bucket` and `rollout`, even of the same group.
        let salted = CheckedExpression(.constant(.string(Holdout.salt + groupName)), type: .string, span: group.span)
        let bucket = CheckedExpression(.convert(.intToDouble, CheckedExpression(.bucket(id: id, group: salted), type: .int, span: span)),
                                       type: .double, span: span)
        let none = CheckedExpression(.constant(.double(0)), type: .double, span: span)
        return CheckedHoldout(percent: percent, group: groupName,
                              bucket: CheckedExpression(.conditional(isEmpty, none, bucket), type: .double, span: span),
                              line: line(of: entry.span), goals: goals)
    }

    /// `goal: EVENT` or `goal: [EVENT, …]`: the events the experiment measures, by index, the
    /// primary first; nil (reported) when one is not an event or is named twice.
    private mutating func checkGoals(_ syntax: ExpressionSyntax, in scope: Scope) -> [Int]? {
        var elements = [syntax]
        if case .arrayLiteral(let list) = syntax.kind, !list.isEmpty { elements = list }
        var goals: [Int] = []
        for element in elements {
            guard let checked = check(element, expecting: nil, in: scope) else { return nil }
            guard case .donations(let event) = checked.kind else {
                report(.wrongArguments, "a holdout's goal is an event the tip should bring about, as in 'goal: filterApplied'",
                       at: element.span, notes: [DiagnosticNote("several goals are a list, the primary first: 'goal: [filterApplied, searchSaved]'")])
                return nil
            }
            guard !goals.contains(event) else {
                report(.wrongArguments, "this goal is named twice", at: element.span)
                return nil
            }
            goals.append(event)
        }
        return goals
    }
}
