import TipRulesRuntime

/// Compaction: a history bounded like the state journal (docs/runtime.md, "A bounded history").
extension SyncHistory {
    /// Folds every applied operation into the baseline (`baseline` becomes `vector`), keeping only
    /// those that can still decide something under `program`'s rules at `now` (nil: no pruning).
    /// Whatever operations arrive later, the merged state is the one the whole history decides,
    /// but for donations no rule can see any more:
    ///
    /// - a donation a held deletion had seen goes, and so does a deletion once the history holds
    ///   every operation it had seen (no operation still to come is one of them);
    /// - a donation no rule can see at `now` or later (past its event's `maximumCount` most
    ///   recent or older than its `maximumAge`) goes, as pruning a state does: the horizon;
    /// - of a parameter's values, the last one set of each kind stays (the last of all decides);
    /// - of an exposure, the earliest stays;
    /// - a tip's operations and the recorded last display dates stay (each may decide the last
    ///   display date or what a later reset clears).
    ///
    /// Operations held past a gap stay pending. Returns how many operations were folded away.
    @discardableResult
    public mutating func compact(for program: Program, now: Double?) -> Int {
        var dropped = Set<OperationID>()
        let held = vector
        for key in Array(keys) {
            let operations = operations(for: key)
            switch key {
            case .event(let name):
                dropped.formUnion(foldedDonations(operations, event: program.eventIndex(named: name), program: program,
                                                  held: held, now: now))
            case .parameter:
                var last: [ValueKind: StampedOperation] = [:]
                for operation in operations {
                    guard case .setParameter(_, let value) = operation.change else { continue }
                    let kind = ValueKind(value)
                    if let kept = last[kind], operation.precedes(kept) {
                        dropped.insert(OperationID(operation))
                    } else {
                        if let kept = last[kind] { dropped.insert(OperationID(kept)) }
                        last[kind] = operation
                    }
                }
            case .exposure:
                let earliest = operations.min { $0.precedes($1) }
                dropped.formUnion(operations.filter { $0 != earliest }.map(OperationID.init))
            case .tip, .lastDisplayDate:
                continue
            }
        }
        fold { !dropped.contains(OperationID($0)) }
        return dropped.count
    }

    /// The donation operations of one event that decide nothing any more (see `compact`).
    private func foldedDonations(_ operations: [StampedOperation], event: Int?, program: Program, held: VersionVector,
                                 now: Double?) -> [OperationID] {
        let deletions = operations.compactMap { operation -> VersionVector? in
            if case .deleteDonations(_, let seen) = operation.change { return seen }
            return nil
        }
        var dropped: [OperationID] = []
        var standing: [StampedOperation] = []
        for operation in operations {
            switch operation.change {
            case .donate:
                if deletions.contains(where: { operation.isCleared(by: $0) }) {
                    dropped.append(OperationID(operation))
                } else {
                    standing.append(operation)
                }
            case .deleteDonations(_, let seen):
                if seen.counts.allSatisfy({ $0.value <= held[$0.key] }) { dropped.append(OperationID(operation)) }
            default:
                break
            }
        }
        guard let now, let event else { return dropped }
        // Pruned as the state is: the oldest the event's limits hide from every rule from `now` on.
        let info = program.events[event]
        let fitting = standing.sorted { $0.precedes($1) }.filter { HistoryMerge.donation(of: $0, event: info) != nil }
        var store = EventStore(program: program)
        guard (try? store.donate(event: event, contentsOf: fitting.compactMap { HistoryMerge.donation(of: $0, event: info) })) != nil else {
            return dropped
        }
        let pruned = store.pruneDonations(event: event, now: now)
        return dropped + fitting.prefix(pruned).map(OperationID.init)
    }
}

/// What a parameter's declared type may accept of a value: its kind, and for a string whether
/// it reads as a version (`ValueType.accepts(_:)`); nil for a reset to the default.
private struct ValueKind: Hashable {
    var kind: ScalarKind?
    var isVersion: Bool

    init(_ value: ScalarValue?) {
        kind = value?.kind
        if case .string(let text)? = value { isVersion = SemanticVersion(text) != nil } else { isVersion = false }
    }
}
