/// Deciding without results: what an app asks before showing a tip. Nothing is built for
/// people (no `RuleResult`, no explanation, no id), a rule of a common shape is decided without
/// running its instructions (`NativeRule`), and a call costs what its rules read, whatever the
/// program's size. The answers are those of `evaluateRule` and `evaluate`.
extension Evaluator {
    /// Whether rule `rule` of tip `tip` holds at `now`: `evaluateRule(…)?.result` without the
    /// result. False when there is no such rule, when the rule fails to evaluate, and when the
    /// store does not fit the program.
    ///
    /// A `Bool` or `Int` parameter compared with a constant over a store of this program is
    /// decided inline (`IntegerTest`: a load and a range test, no call).
    @inlinable
    public mutating func decideRule(tip: Int, rule: Int, store: EventStore, now: Double) -> Bool {
        if let holds = integerDecision(tip: tip, rule: rule, store: store) { return holds }
        return decideRuleGenerally(tip: tip, rule: rule, store: store, now: now)
    }

    /// The rule's result when it is a `Bool` or `Int` parameter compared with a constant and the
    /// store is of this program; nil otherwise.
    @inlinable @inline(__always)
    func integerDecision(tip: Int, rule: Int, store: EventStore) -> Bool? {
        guard tip >= 0, tip < ruleStarts.count - 1, rule >= 0, rule < ruleStarts[tip + 1] - ruleStarts[tip],
              store.program === program, let test = integerTests[ruleStarts[tip] + rule] else { return nil }
        return test.holds(in: store.parameterValues)
    }

    /// `decideRule(tip:rule:store:now:)` by the rule's native form or its instructions.
    @usableFromInline
    mutating func decideRuleGenerally(tip: Int, rule: Int, store: EventStore, now: Double) -> Bool {
        guard tip >= 0, tip < ruleStarts.count - 1, rule >= 0, rule < ruleStarts[tip + 1] - ruleStarts[tip],
              fits(store) else { return false }
        if let native = natives[ruleStarts[tip] + rule], let decided = native.decide(store, now: now, program: program) {
            return decided.holds
        }
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
        decideTips(store, now: now, fits: fits, into: &decisions, failures: nil)
    }

    /// Every rule, tip and group at the instant `prepare` began (`fits`: whether the store fitted
    /// the program) into `decisions`, shaped already; with `failures`, whether each rule's
    /// evaluation failed (every rule's, when the store does not fit).
    mutating func decideTips(_ store: EventStore, now: Double, fits: Bool, into decisions: inout Decisions,
                             failures: UnsafeMutableBufferPointer<Bool>?) {
        for tip in 0..<ruleStarts.count - 1 {
            var rulesHold = true
            for index in ruleStarts[tip]..<ruleStarts[tip + 1] {
                let result = fits ? decidePrepared(index, tip: tip) : .success(false)
                let holds = result.holds
                decisions.rules[index] = holds
                if let failures {
                    if case .failure = result { failures[index] = true } else { failures[index] = !fits }
                }
                rulesHold = rulesHold && holds
            }
            let holdout = hasHoldouts && fits ? assignment(ofTip: tip) : nil
            decisions.tips[tip] = DisplayPolicy.decision(ofTip: tip, rulesHold: rulesHold, holdout: holdout,
                                                         program: program, store: store, now: now)
        }
        for (index, group) in program.groups.enumerated() {
            decisions.currentTips[index] = DisplayPolicy.currentTip(in: group, program: program,
                                                                    status: { decisions.tips[$0].status },
                                                                    displays: { decisions.tips[$0].display },
                                                                    heldOut: { decisions.tips[$0].pendingReason == .heldOut })
        }
    }

    /// Rule `index` of the list of every rule (a rule of tip `tip`) at the prepared instant:
    /// natively when it can be, else by its instructions, read only then (reading them retains
    /// them).
    @inline(__always)
    private mutating func decidePrepared(_ index: Int, tip: Int) -> Result<Bool, EvaluationFailure> {
        if let native = natives[index], let decided = machine.decide(native) { return decided }
        return machine.decide(rules[tip][index - ruleStarts[tip]], native: nil)
    }
}

extension Evaluator {
    /// Widget `widget`'s relevance score at `now`: `evaluateWidget(…)?.score` without the result
    /// (0 when the score or duration fails or is negative or not finite). 0 when there is no
    /// such widget and when the store does not fit the program. A score and duration of a
    /// common shape (`NativeNumber`) are read straight from the store.
    public mutating func score(ofWidget widget: Int, store: EventStore, now: Double) -> Double {
        guard widgets.indices.contains(widget), fits(store) else { return 0 }
        let code = widgets[widget]
        if let score = code.nativeScore, let duration = code.nativeDuration {
            return Self.score(.success(score.value(store, now: now)), duration: .success(duration.value(store, now: now)))
        }
        machine.prepare(store, now: now)
        defer { machine.finish() }
        let score = machine.number(code.score, native: code.nativeScore)
        return Self.score(score, duration: machine.number(code.duration, native: code.nativeDuration))
    }

    /// The score a widget reports for these results of its score and duration.
    static func score(_ score: Result<UInt64, EvaluationFailure>,
                              duration: Result<UInt64, EvaluationFailure>) -> Double {
        guard case .success(let scoreBits) = score, case .success(let durationBits) = duration else { return 0 }
        let value = SlotEncoding.double(scoreBits), length = SlotEncoding.double(durationBits)
        return value.isFinite && value >= 0 && length.isFinite && length >= 0 ? value : 0
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
