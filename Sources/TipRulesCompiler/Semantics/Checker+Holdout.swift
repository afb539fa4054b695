import TipRulesRuntime

/// A tip's `holdout(P, of: ID, group: G)`: P an `Int` constant from 1 to 50, ID a `String`
/// expression (outside `#Rule`, a parameter is named by its name), G a constant `String`, by
/// default the tip's id. The unit's holdout bucket is `bucket(of: ID, group: "holdout:" + G)`.
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
        guard let (id, group) = rolloutArguments(entry.arguments, leading: 1, span: entry.span, in: scope, usage: usage),
              let share else { return nil }
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
                              line: line(of: entry.span))
    }
}
