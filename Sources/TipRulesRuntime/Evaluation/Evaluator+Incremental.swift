/// Incremental evaluation: bringing a `ResultCache` up to an instant by evaluating only what is
/// stale in it.
extension Evaluator {
    /// Evaluates at `now`, explained, the rules of `cache` that are stale or do not hold at `now`
    /// (with `widgets`, the widgets too) and keeps every other result. Returns the tips whose rule
    /// results changed truth value; nil when the cache cannot stand for a full evaluation (the
    /// store has other parameter or event types, or a full evaluation would run out of its work
    /// budget, so that a result would depend on the rules evaluated before it): then every entry
    /// is stale and the caller evaluates in full.
    mutating func refresh(_ cache: inout ResultCache, store: EventStore, now: Double, widgets: Bool) -> [Int]? {
        cache.ruleEntries.expire(at: now)
        cache.widgetEntries.expire(at: now)
        guard cache.ruleEntries.hasStale || (widgets && cache.widgetEntries.hasStale) else {
            return cache.withinBudget(widgets: widgets) ? [] : giveUp(&cache)
        }
        guard fits(store) else { return giveUp(&cache) }
        // The machine takes the store only for a rule that must run (or explain why it is
        // false): a donation read by a native rule that holds binds nothing.
        machine.beginEvaluation()
        var bound = false
        defer { if bound { machine.finish() } }
        var changedTips: [Int] = []
        while let position = cache.ruleEntries.takeNextStale() {
            let address = cache.inputs.ruleAddresses[position]
            let before = machine.workUsed
            let result: RuleResult
            if let held = holdingNatively(tip: address.tip, rule: address.rule, store: store, now: now) {
                result = held
            } else {
                machine.workUsed = before
                if !bound {
                    machine.bind(store, now: now)
                    bound = true
                }
                result = evaluate(tip: address.tip, rule: address.rule, explaining: true)
            }
            let validity = cache.inputs.ruleValidity(position, at: now, store: store)
            if cache.record(rule: position, result, validity: validity, work: machine.workUsed - before),
               changedTips.last != address.tip {
                changedTips.append(address.tip)
            }
        }
        // Behind `if`: the widgets' arrays are made unique before their loop, which an empty
        // array (a program without widgets) never is, and copied again at every refresh.
        if widgets {
            while let widget = cache.widgetEntries.takeNextStale() {
                if !bound {
                    machine.bind(store, now: now)
                    bound = true
                }
                let before = machine.workUsed
                let result = evaluateWidget(widget)
                cache.record(widget: widget, result, validity: cache.inputs.widgets[widget].validity(at: now, store: store),
                             work: machine.workUsed - before)
            }
        }
        guard machine.workUsed <= Machine.workBudget, cache.withinBudget(widgets: widgets) else { return giveUp(&cache) }
        return changedTips
    }

    /// The result of a rule with a native form that holds at `now`, decided from `store`
    /// directly (the rows it sees by this program's donation limits), its work charged to the
    /// evaluation; nil when it has no native form, when its instructions must decide it, or when
    /// it does not hold (its explanation needs the machine).
    private mutating func holdingNatively(tip: Int, rule: Int, store: EventStore, now: Double) -> RuleResult? {
        guard let native = natives[ruleStarts[tip] + rule] else { return nil }
        var visible = 0..<0
        if let event = native.event {
            let limits = program.events[event]
            visible = store.donations[event].visibleRows(now: now, maximumCount: limits.maximumCount, maximumAge: limits.maximumAge)
        }
        let decided = native.decide(parameters: store.parameterValues, donations: store.donations, visible: visible,
                                    now: now, program: program, work: &machine.workUsed)
        guard case .success(true)? = decided else { return nil }
        return RuleResult(index: rule, line: program.tips[tip].rules[rule].line, result: true)
    }

    private func giveUp(_ cache: inout ResultCache) -> [Int]? {
        cache.markAllStale()
        return nil
    }
}
