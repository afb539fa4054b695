/// The incremental engine: after an operation, only the rules that read what changed are
/// evaluated again, and only the tips whose rule results or state changed are decided again;
/// rules and decisions that read the time are evaluated again when the instant their result
/// may change is reached. Every other result is the one cached. The answers are those of a full
/// evaluation (docs/runtime.md, "Incremental evaluation").
extension TipEngine {
    /// What a report said of a tip.
    typealias Observed = (status: TipStatus, pendingReason: PendingReason?, display: Bool)

    // MARK: - What changed

    /// A parameter's value changed.
    package mutating func parameterChanged(_ index: Int) {
        results.parameterChanged(index)
    }

    /// An event's donations changed (donated, deleted or pruned).
    package mutating func donationsChanged(event: Int) {
        results.donationsChanged(event: event)
    }

    /// A tip's state changed (displays, invalidation, reset).
    package mutating func tipStateChanged(_ tip: Int) {
        decisions.markStale(tip)
    }

    /// When the last new tip appeared changed: the display frequency of every tip may differ.
    package mutating func lastDisplayDateChanged() {
        decisions.markAllStale()
    }

    /// The program changed: nothing cached holds.
    mutating func programChanged() {
        results = ResultCache(program: program)
        decisions = TipDecisions(count: program.tips.count)
    }

    // MARK: - Answers

    /// Every tip, group and widget at `now` from the cached results, evaluated again where stale;
    /// nil when the engine must evaluate in full.
    mutating func evaluateIncrementally(at now: Double, explaining: Bool) -> EvaluationResult? {
        guard refreshResults(at: now, widgets: true) else { return nil }
        let rules = explaining ? results.rules : results.rules.map { tip in
            tip.map { RuleResult(index: $0.index, line: $0.line, result: $0.result, error: $0.error) }
        }
        let decided = DisplayPolicy(program: program, store: store, now: now, explaining: explaining)
            .decide(rules: rules, holdouts: evaluator.holdoutAssignments(store: store, now: now))
        return EvaluationResult(now: now, tips: decided.tips, groups: decided.groups, widgets: results.widgets)
    }

    /// Every widget's relevance at `now`, as `evaluate(at:)` reports it, evaluating again only the
    /// widgets (and rules) that are stale; no tip is decided.
    public mutating func widgets(at now: Double) -> [WidgetResult] {
        guard refreshResults(at: now, widgets: true) else { return evaluator.evaluate(store, now: now).widgets }
        return results.widgets
    }

    /// The tips to show at `now` (`DisplayPolicy.tipsToShow`), from the cached decisions, and the
    /// held-out tips the session would have presented (`DisplayPolicy.heldOutTipsPresented`).
    mutating func session(at now: Double) -> (shown: [Int], heldOut: [Int]) {
        let policy = DisplayPolicy(program: program, store: store, now: now, explaining: false)
        let standings = standings(at: now)
        let shown = policy.tipsToShow(status: { standings[$0].status }, displays: { standings[$0].displays },
                                      heldOut: { standings[$0].heldOutBucket != nil })
        let heldOut = evaluator.hasHoldouts ? policy.heldOutTipsPresented { standings[$0] } : []
        return (shown, heldOut)
    }

    /// Every tip's decision at `now`, from the cached decisions where the engine keeps them.
    mutating func standings(at now: Double) -> [DisplayPolicy.Standing] {
        if refreshDecisions(at: now) { return decisions.standings }
        return evaluator.evaluate(store, now: now).tips.map { tip in
            var standing = DisplayPolicy.Standing(status: tip.status, reason: tip.reason, pendingReason: tip.pendingReason,
                                                  pendingUntil: tip.pendingUntil)
            if tip.pendingReason == .heldOut { standing.heldOutBucket = 0 }
            return standing
        }
    }

    /// The status changes since the last report among the tips decided again (every tip at the
    /// first report), each with its explained result; nil when the engine must evaluate in full.
    mutating func incrementalStatusChanges(at now: Double) -> [StatusChange]? {
        guard refreshDecisions(at: now) else { return nil }
        let decided = decisions.takeDecided()
        let first = observed == nil
        if first { observed = [] }
        var changed: [(tip: Int, old: Observed?)] = []
        for tip in first ? Array(program.tips.indices) : decided {
            let standing = decisions.standings[tip]
            let new = (status: standing.status, pendingReason: standing.pendingReason, display: standing.displays)
            let old = first ? nil : observed?[tip]
            if let old, old == new { continue }
            changed.append((tip, old))
            if first { observed?.append(new) } else { observed?[tip] = new }
        }
        guard !changed.isEmpty else { return [] }
        let tips = DisplayPolicy(program: program, store: store, now: now, explaining: true)
            .decide(rules: results.rules, holdouts: evaluator.holdoutAssignments(store: store, now: now)).tips
        return changed.compactMap { tip, old in Self.change(of: tips[tip], from: old) }
    }

    // MARK: - Refreshing

    /// Brings the rule results and the tip decisions up to `now`; false when the engine must
    /// evaluate in full.
    private mutating func refreshDecisions(at now: Double) -> Bool {
        guard refreshResults(at: now, widgets: false) else { return false }
        let holdouts = evaluator.hasHoldouts ? evaluator.holdoutAssignments(store: store, now: now) : nil
        decisions.refresh(program: program, store: store, now: now, rules: results.rules, holdouts: holdouts)
        return true
    }

    /// Brings the rule results (with `widgets`, the widgets' too) up to `now`, marking stale the
    /// decisions of the tips whose rule results changed; false when the engine must evaluate in
    /// full (then every decision is stale).
    private mutating func refreshResults(at now: Double, widgets: Bool) -> Bool {
        guard let changed = evaluator.refresh(&results, store: store, now: now, widgets: widgets) else {
            decisions.markAllStale()
            return false
        }
        for tip in changed { decisions.markStale(tip) }
        return true
    }
}
