import TipRulesRuntime

/// Taking a merged history into the engine (docs/runtime.md, "Syncing a person's devices").
extension TipEngine {
    /// Sets every part of the state that `newOperations` concern to what the merged `history`
    /// decides (`HistoryMerge`), evaluates again what that changed, and returns the status changes
    /// at the engine's clock (moved to the latest operation's date if later), which observers are
    /// given too (`observeStatusChanges(_:)`). Transient parameters, testing
    /// overrides and the UTC offset stay the engine's own. Names the program does not declare
    /// (rules that changed) are kept in the history and skipped here. `now` is the device's
    /// clock (nil: unknown): operations dated after it neither move the last display date nor
    /// the engine's clock.
    @discardableResult
    public mutating func adopt(_ history: SyncHistory, newOperations: [StampedOperation], now: Double? = nil) -> [StatusChange] {
        var byKey: [HistoryKey: [StampedOperation]] = [:]
        for operation in newOperations { byKey[operation.change.key, default: []].append(operation) }
        // Exposures last: their arm is computed from the person's ID, which a parameter may hold.
        for (key, added) in byKey.sorted(by: { !$0.key.isExposure && $1.key.isExposure }) {
            adopt(key, from: history, added: added, now: now)
        }
        // A tip's displays may move the last display date.
        if byKey[.lastDisplayDate] == nil, byKey.keys.contains(where: { if case .tip = $0 { true } else { false } }) {
            adopt(.lastDisplayDate, from: history, added: nil, now: now)
        }
        // The operations' dates are instants the engine is told of, up to the device's clock.
        if let latest = newOperations.map(\.date).max().map({ date in now.map { min($0, date) } ?? date }) {
            clock = max(clock ?? latest, latest)
        }
        return reportMerge()
    }

    /// Sets every synced part of the state to what `history` decides: when a history is first
    /// read, or after a rules update (`now` as in `adopt(_:newOperations:now:)`).
    @discardableResult
    public mutating func adoptAll(_ history: SyncHistory, now: Double? = nil) -> [StatusChange] {
        var keys: [HistoryKey] = program.events.map { .event($0.name) } + program.tips.map { .tip($0.id) }
        keys += program.parameters.filter { !$0.isTransient }.map { .parameter($0.name) }
        keys.append(.lastDisplayDate)
        for key in keys { adopt(key, from: history, added: nil, now: now) }
        // Exposures in date order (then tip and group), as one device records them.
        let exposures = history.keys.compactMap { key -> Exposure? in
            guard case .exposure = key else { return nil }
            return HistoryMerge.exposure(history.operations(for: key), program: program, store: store)
        }
        for exposure in exposures.sorted(by: { ($0.date, $0.tip, $0.group) < ($1.date, $1.tip, $1.group) }) {
            recordExposure(exposure)
        }
        return reportMerge()
    }

    /// Sets one key from the history; `added` (the key's new operations, nil: rebuild) lets
    /// donations that no deletion touches be inserted rather than the event rebuilt.
    private mutating func adopt(_ key: HistoryKey, from history: SyncHistory, added: [StampedOperation]?, now: Double?) {
        let operations = history.operations(for: key)
        switch key {
        case .event(let name):
            guard let event = program.eventIndex(named: name) else { return }
            let info = program.events[event]
            if let added, !history.hasClearing(key) {
                try? store.donate(event: event, contentsOf: added.compactMap { HistoryMerge.donation(of: $0, event: info) })
            } else {
                store.deleteDonations(event: event)
                try? store.donate(event: event, contentsOf: HistoryMerge.donations(operations, event: info))
            }
            donationsChanged(event: event)
        case .tip(let name):
            guard let tip = program.tipIndex(named: name) else { return }
            let state = HistoryMerge.tipState(operations, tip: program.tips[tip])
            guard state != store.tipState(tip) else { return }
            store.setTipState(tip, state)
            tipStateChanged(tip)
        case .parameter(let name):
            guard let index = program.parameterIndex(named: name), !program.parameters[index].isTransient else { return }
            let value = HistoryMerge.parameter(operations, parameter: program.parameters[index])
            guard value != store.parameter(index) else { return }
            try? store.setParameter(index, value)
            parameterChanged(index)
        case .lastDisplayDate:
            let date = HistoryMerge.lastDisplayDate(history, now: now)
            guard date != store.lastDisplayDate else { return }
            store.lastDisplayDate = date
            lastDisplayDateChanged()
        case .exposure:
            if let exposure = HistoryMerge.exposure(operations, program: program, store: store) { recordExposure(exposure) }
        }
    }

    /// The status changes at the engine's clock, given to observers too; none before the engine
    /// was told of any instant.
    private mutating func reportMerge() -> [StatusChange] {
        guard let now = clock else { return [] }
        return statusChanges(at: now)
    }
}
