import TipRulesRuntime

/// Operations made on this install, in an engine whose history syncs.
extension TipEngine {
    /// Performs `operation` (as `TipOperation.apply(to:)` does) and records what it did in
    /// `history`, numbered by its install: donations and displays at their own dates, other
    /// operations at `date` (the device's clock), and so does an exposure it records; a reset or
    /// deletion records what the history held.
    /// The state it concerns is then what the merged history decides. Operations that never sync
    /// (transient parameters, testing overrides, the UTC offset, pruning) record nothing.
    /// Returns the operations recorded; throws as `apply(to:)` does, recording nothing.
    @discardableResult
    public mutating func perform(_ operation: TipOperation, recordingIn history: inout SyncHistory,
                                 date: Double) throws -> [StampedOperation] {
        let exposures = store.exposures
        try operation.apply(to: &self)
        guard !operation.isTransient(in: program) else { return [] }
        var changes: [(SyncedChange, Double)] = []
        // Tips by id, as saved state keys them (an operation may name a tip by its name).
        func name(_ tip: String) -> String { program.tipIndex(named: tip).map { program.tips[$0].id } ?? tip }
        switch operation {
        case .donate(let event, let fields, let at):
            changes.append((.donate(event: event, fields: fields), at))
        case .display(let tip, let at, let duration):
            // An invalidation by a display limit is not recorded: the merge decides it from every
            // device's displays.
            // The last display date it moved is decided from every device's displays.
            changes.append((.displays(tip: name(tip), count: 1, duration: duration, dates: [at]), at))
        case .invalidate(let tip, let reason):
            changes.append((.invalidate(tip: name(tip), reason: reason), date))
        case .resetEligibility(let tip):
            changes.append((.resetEligibility(tip: name(tip), seen: history.vector), date))
        case .setParameter(let name, let value):
            changes.append((.setParameter(name, value), date))
        case .resetParameter(let name):
            changes.append((.setParameter(name, nil), date))
        case .deleteDonations(let event):
            changes.append((.deleteDonations(event: event, seen: history.vector), date))
        case .pruneDonations, .setUTCOffset, .setTestingOverrides, .expose:
            break
        }
        // An exposure recorded by the operation (a treatment's first display, or itself).
        for exposure in store.exposures where !exposures.contains(exposure) {
            changes.append((.exposure(tip: exposure.tip, group: exposure.group, percent: exposure.percent, arm: exposure.arm),
                            exposure.date))
        }
        let recorded = changes.map { history.record($0.0, date: $0.1) }
        // The engine did what one device does; the merged history decides the same unless other
        // installs' operations are dated after this one.
        adopt(history, newOperations: recorded.filter { if case .donate = $0.change { false } else { true } }, now: max(date, clock ?? date))
        return recorded
    }
}
