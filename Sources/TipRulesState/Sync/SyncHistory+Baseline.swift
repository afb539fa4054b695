import TipRulesRuntime

/// A state from before its folder synced, as operations of its install.
extension SyncHistory {
    /// Records `store`'s state as this install's operations, so that a folder written before
    /// syncing (or imported from a fixture) brings its history along: each donation at its date;
    /// per tip, its displays as one operation (at its latest display date, else `date`) and its
    /// invalidation; each persistent parameter that differs from its default, and the last
    /// display date. Operations without a date of their own take `date`.
    public mutating func recordBaseline(of store: EventStore, date: Double) {
        let program = store.program
        for (index, parameter) in program.parameters.enumerated() where !parameter.isTransient {
            guard let value = store.parameter(index), value != parameter.defaultValue else { continue }
            record(.setParameter(parameter.name, value), date: date)
        }
        for (index, event) in program.events.enumerated() {
            for donation in store.donations(event: index) {
                let fields = Dictionary(uniqueKeysWithValues: zip(event.fields.map(\.name), donation.fields))
                record(.donate(event: event.name, fields: fields), date: donation.date)
            }
        }
        for (index, tip) in program.tips.enumerated() {
            let state = store.tipState(index)
            if state.displayCount > 0 || state.displayDuration > 0 {
                record(.displays(tip: tip.id, count: state.displayCount, duration: state.displayDuration,
                                 dates: state.displayDates), date: state.displayDates.last ?? date)
            }
            if let reason = state.invalidation { record(.invalidate(tip: tip.id, reason: reason), date: date) }
        }
        if let last = store.lastDisplayDate { record(.lastDisplayDate, date: last) }
        for exposure in store.exposures {
            record(.exposure(tip: exposure.tip, group: exposure.group, percent: exposure.percent, arm: exposure.arm),
                   date: exposure.date)
        }
    }
}
