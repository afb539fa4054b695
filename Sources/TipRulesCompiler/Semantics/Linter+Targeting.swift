import TipRulesRuntime

/// Lint of the targeting constructs (TR0710–TR0714): rollouts that do not roll out, caps that
/// never cap, schedules that never start, priority groups without priorities, a rollout that
/// names a holdout's group.
extension Linter {
    /// A rollout whose share is the constant 0 (never holds) or 100 (holds for every id).
    mutating func lintRolloutShare(_ share: CheckedExpression) {
        guard case .constant(.int(let percentage)) = share.kind, percentage == 0 || percentage == 100 else { return }
        let meaning = percentage == 0 ? "holds for no one" : "holds for every non-empty id"
        diagnostics.append(Diagnostic(.constantRolloutShare, "a rollout of \(percentage) % \(meaning)", at: share.span,
                                      notes: [DiagnosticNote(percentage == 0
                                          ? "the rule is always false: the tip never displays; start the rollout with a share above 0"
                                          : "the rollout is complete: compare the id with \"\" instead, or remove the rule")]))
    }

    /// A `bucket` or `rollout` (`expression`) whose `group:` names, explicitly, a holdout's group:
    /// the holdout draws with its own salt, so the two are independent draws, whatever the
    /// author meant by naming the same group.
    mutating func lintHoldoutGroup(_ group: CheckedExpression, of expression: CheckedExpression) {
        // A group left out is the call's own span: only a written `group:` is linted.
        guard group.span != expression.span, case .constant(.string(let name)) = group.kind,
              let tip = program.tips.firstIndex(where: { $0.holdout?.group == name }) else { return }
        let what = if case .rollout = expression.kind { "rollout" } else { "bucket" }
        let note = "a holdout draws with its own salt (the bucket of \"holdout:\(name)\"): this \(what) neither picks nor avoids the people it holds out"
        let holdout = tipSyntaxes.indices.contains(tip) ? tipSyntaxes[tip].holdouts.first?.span : nil
        diagnostics.append(Diagnostic(.holdoutGroupShared,
                                      "group \"\(name)\" is also the holdout group of tip '\(program.tips[tip].name)': the two are independent draws",
                                      at: group.span,
                                      notes: [holdout.map { DiagnosticNote(note, at: $0) } ?? DiagnosticNote(note)]))
    }

    /// A `FrequencyCap(N, …)` with N at least the tip's `MaxDisplayCount`: the tip is invalidated
    /// before the cap can hold it back.
    mutating func lintFrequencyCaps(_ written: TipSyntax, _ tip: TipSymbol) {
        guard let limit = tip.options.maxDisplayCount else { return }
        let entries = written.options.flatMap(\.entries).filter { $0.name.text == TipOption.frequencyCap.name }
        for (entry, cap) in zip(entries, tip.options.frequencyCaps) where cap.count >= limit {
            diagnostics.append(Diagnostic(.unreachableFrequencyCap,
                                          "'FrequencyCap(\(cap.count), …)' never holds tip '\(tip.name)' back: 'MaxDisplayCount(\(limit))' invalidates it first",
                                          at: entry.span,
                                          notes: [DiagnosticNote("a cap of \(cap.count) needs \(cap.count) displays in its window; after \(limit) the tip is invalidated")]))
        }
    }

    /// `now >= A && now < B` (or `>`, `<=`) with constant dates and B not after A: never true.
    mutating func lintSchedule(_ start: CheckedExpression, _ end: CheckedExpression, span: SourceSpan) {
        guard let from = Self.bound(of: start, lower: true), let to = Self.bound(of: end, lower: false), to <= from else { return }
        diagnostics.append(Diagnostic(.emptySchedule, "this schedule ends (\(ValueFormatting.date(to))) before it starts (\(ValueFormatting.date(from)))",
                                      at: span,
                                      notes: [DiagnosticNote("no instant is both at or after the start and before the end: the rule is always false; swap the dates")]))
    }

    /// The constant date `now` is compared with: `now >= DATE` / `now > DATE` for a lower bound,
    /// `now < DATE` / `now <= DATE` for an upper one.
    private static func bound(of comparison: CheckedExpression, lower: Bool) -> Double? {
        guard case .binary(.compare(let operation, .date), let left, let right) = comparison.kind, left.kind == .now,
              case .constant(.date(let date)) = right.kind else { return nil }
        let fits = lower ? [.greater, .greaterOrEqual].contains(operation) : [.less, .lessOrEqual].contains(operation)
        return fits ? date : nil
    }

    /// A `.priority` group whose members all have the same priority: it is `.firstAvailable`.
    mutating func lintPriorityGroups() {
        let groupSyntaxes = syntax.declarations.compactMap { if case .group(let group) = $0 { return group } else { return nil } }
        for (written, group) in zip(groupSyntaxes, program.groups) where group.byPriority && group.members.count > 1 {
            let priorities = Set(group.members.map { program.tips[$0].options.priority })
            guard priorities.count == 1, let priority = priorities.first, let kind = written.kind else { continue }
            diagnostics.append(Diagnostic(.samePriorities, "every member of group '\(group.name)' has priority \(priority)",
                                          at: kind.span,
                                          notes: [DiagnosticNote("with equal priorities the first available member wins, as in '.firstAvailable'; give the members 'Priority(n)' options")]))
        }
    }
}
