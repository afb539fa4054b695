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
        guard prepare(store, now: now) else { return giveUp(&cache) }
        defer { machine.finish() }
        var changedTips: [Int] = []
        while let position = cache.ruleEntries.takeNextStale() {
            let address = cache.inputs.ruleAddresses[position]
            let before = machine.workUsed
            let result = evaluate(tip: address.tip, rule: address.rule, explaining: true)
            let validity = cache.inputs.rules[position].validity(at: now, store: store)
            if cache.record(rule: position, result, validity: validity, work: machine.workUsed - before),
               changedTips.last != address.tip {
                changedTips.append(address.tip)
            }
        }
        while widgets, let widget = cache.widgetEntries.takeNextStale() {
            let before = machine.workUsed
            let result = evaluateWidget(widget)
            cache.record(widget: widget, result, validity: cache.inputs.widgets[widget].validity(at: now, store: store),
                         work: machine.workUsed - before)
        }
        guard machine.workUsed <= Machine.workBudget, cache.withinBudget(widgets: widgets) else { return giveUp(&cache) }
        return changedTips
    }

    private func giveUp(_ cache: inout ResultCache) -> [Int]? {
        cache.markAllStale()
        return nil
    }
}
