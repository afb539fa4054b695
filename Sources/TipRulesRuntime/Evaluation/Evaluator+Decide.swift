/// Deciding without results: what an app asks before showing a tip. Nothing is built for
/// people (no `RuleResult`, no explanation, no id), a rule of a common shape is decided without
/// running its instructions (`NativeRule`), and a call costs what its rules read, whatever the
/// program's size. The answers are those of `evaluateRule` and `evaluate`.
extension Evaluator {
    /// Whether rule `rule` of tip `tip` holds at `now`: `evaluateRule(…)?.result` without the
    /// result. False when there is no such rule, when the rule fails to evaluate, and when the
    /// store does not fit the program.
    public mutating func decideRule(tip: Int, rule: Int, store: EventStore, now: Double) -> Bool {
        guard tip >= 0, tip + 1 < ruleStarts.count, rule >= 0, rule < ruleStarts[tip + 1] - ruleStarts[tip],
              fits(store) else { return false }
        if let native = natives[ruleStarts[tip] + rule] { return native.decide(store, now: now, program: program).holds }
        machine.prepare(store, now: now)
        defer { machine.finish() }
        return machine.decide(rules[tip][rule], native: nil).holds
    }

    /// Every rule's result, every tip's status and display and every group's current tip at
    /// `now`, written into `decisions`: what `evaluate(_:now:)` decides, without the results.
    /// Reuse `decisions` between calls: then deciding allocates nothing. When the store does not
    /// fit the program, every rule is false.
    public mutating func decide(_ store: EventStore, now: Double, into decisions: inout Decisions) {
        decisions.shape(ruleStarts: ruleStarts, groupCount: program.groups.count)
        let fits = prepare(store, now: now)
        defer { if fits { machine.finish() } }
        let policy = DisplayPolicy(program: program, store: store, now: now, explaining: false)
        var index = 0
        for tip in rules.indices {
            var rulesHold = true
            for rule in rules[tip] {
                let holds = fits && machine.decide(rule, native: natives[index]).holds
                decisions.rules[index] = holds
                rulesHold = rulesHold && holds
                index += 1
            }
            decisions.tips[tip] = policy.decision(ofTip: tip, rulesHold: rulesHold)
        }
        for (index, group) in program.groups.enumerated() {
            decisions.currentTips[index] = policy.currentTip(in: group, status: { decisions.tips[$0].status },
                                                             displays: { decisions.tips[$0].display })
        }
    }
}

extension Result<Bool, EvaluationFailure> {
    /// Whether a rule decided true (a failure is false).
    @inline(__always)
    var holds: Bool {
        if case .success(true) = self { return true }
        return false
    }
}
