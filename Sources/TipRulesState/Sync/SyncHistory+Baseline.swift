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

/// What a state holds and its history lost, as operations of its install.
extension SyncHistory {
    /// Records what `state` holds and `merged` (the state this history decides) lacks, as this
    /// install's operations, so that a history that lost operations (a damaged journal) holds
    /// what was answered again: each donation `merged` lacks (by date and fields, as often as it
    /// lacks it), a tip's displays beyond `merged`'s (the extra count, time and dates), an
    /// invalidation `merged` lacks, and each persistent parameter whose value differs. Operations
    /// without a date of their own take `date`. Returns the operations recorded.
    @discardableResult
    public mutating func recordDifference(of state: EventStore, from merged: EventStore, date: Double) -> [StampedOperation] {
        let program = state.program
        var recorded: [StampedOperation] = []
        for (index, event) in program.events.enumerated() {
            var held: [Donation: Int] = [:]
            for donation in merged.donations(event: index) { held[donation, default: 0] += 1 }
            for donation in state.donations(event: index) {
                if let count = held[donation], count > 0 {
                    held[donation] = count - 1
                    continue
                }
                let fields = Dictionary(uniqueKeysWithValues: zip(event.fields.map(\.name), donation.fields))
                recorded.append(record(.donate(event: event.name, fields: fields), date: donation.date))
            }
        }
        for (index, tip) in program.tips.enumerated() {
            let (own, theirs) = (state.tipState(index), merged.tipState(index))
            let count = own.displayCount - theirs.displayCount
            if count > 0 {
                let known = Set(theirs.displayDates)
                let dates = own.displayDates.filter { !known.contains($0) }
                recorded.append(record(.displays(tip: tip.id, count: count, duration: max(0, own.displayDuration - theirs.displayDuration),
                                                 dates: dates), date: dates.last ?? date))
            }
            if let reason = own.invalidation, theirs.invalidation == nil {
                recorded.append(record(.invalidate(tip: tip.id, reason: reason), date: date))
            }
        }
        for (index, parameter) in program.parameters.enumerated() where !parameter.isTransient {
            guard let value = state.parameter(index), value != merged.parameter(index) else { continue }
            recorded.append(record(.setParameter(parameter.name, value), date: date))
        }
        return recorded
    }
}
