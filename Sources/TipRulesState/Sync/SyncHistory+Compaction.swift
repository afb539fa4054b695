import TipRulesRuntime

/// Compaction: a history bounded like the state journal (docs/runtime.md, "A bounded history").
extension SyncHistory {
    /// Folds every applied operation into the baseline (`baseline` becomes `vector`), keeping only
    /// those that can still decide something under `program`'s rules at `now` (nil: no pruning).
    /// Whatever operations arrive later, the merged state is the one the whole history decides,
    /// but for donations no rule can see any more:
    ///
    /// - a donation a held deletion had seen goes; the deletion stays (a peer that still holds
    ///   such a donation learns from it that it is deleted);
    /// - the horizon: a donation no rule can see from its install's clock on, whatever comes
    ///   later, goes (`hidden(_:event:clock:)`: older than its event's `maximumAge`, or followed by
    ///   `maximumCount` later donations of its own install). An install's clock is `now` for this
    ///   install's own operations and, for another's, the latest date its own operations show
    ///   (never after `now`): no device's clock prunes the operations of another device;
    /// - of a parameter's values, the last one set of each kind stays (the last of all decides);
    /// - of an exposure, the earliest stays;
    /// - of the recorded last display dates, the latest and the latest up to `now` stay (a device
    ///   holds one; one dated in the future counts once its date comes);
    /// - a tip's operations stay (each may decide the last display date or what a later reset clears);
    /// - each install's last operation stays (`fold(keeping:)`).
    ///
    /// Operations held past a gap stay pending. Returns how many operations were folded away.
    @discardableResult
    public mutating func compact(for program: Program, now: Double?) -> Int {
        var dropped = Set<OperationID>()
        let clocks = now.map { now in latestDates.mapValues { min($0, now) }.merging([install: now]) { _, own in own } }
        for key in Array(keys) {
            let operations = operations(for: key)
            switch key {
            case .event(let name):
                dropped.formUnion(foldedDonations(operations, event: program.eventIndex(named: name), program: program,
                                                  clocks: clocks))
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
            case .lastDisplayDate:
                let latest = operations.max { $0.precedes($1) }
                let latestPast = now.flatMap { now in operations.filter { $0.date <= now }.max { $0.precedes($1) } }
                dropped.formUnion(operations.filter { $0 != latest && $0 != latestPast }.map(OperationID.init))
            case .tip:
                continue
            }
        }
        fold { !dropped.contains(OperationID($0)) }
        return dropped.count
    }

    /// The donation operations of one event that decide nothing any more (see `compact`), with
    /// each install's clock (nil: no pruning).
    private func foldedDonations(_ operations: [StampedOperation], event: Int?, program: Program,
                                 clocks: [InstallID: Double]?) -> [OperationID] {
        let deletions = operations.compactMap { operation -> VersionVector? in
            if case .deleteDonations(_, let seen) = operation.change { return seen }
            return nil
        }
        var dropped: [OperationID] = []
        var standing: [StampedOperation] = []
        for operation in operations {
            guard case .donate = operation.change else { continue }
            if deletions.contains(where: { operation.isCleared(by: $0) }) {
                dropped.append(OperationID(operation))
            } else {
                standing.append(operation)
            }
        }
        guard let clocks, let event else { return dropped }
        let info = program.events[event]
        var byInstall: [InstallID: [StampedOperation]] = [:]
        for operation in standing where HistoryMerge.donation(of: operation, event: info) != nil {
            byInstall[operation.install, default: []].append(operation)
        }
        for (install, donations) in byInstall {
            guard let clock = clocks[install] else { continue }
            let hidden = Set(Self.hidden(donations.map(DonationStamp.init), event: info, clock: clock))
            dropped += donations.filter { hidden.contains($0.sequence) }.map(OperationID.init)
        }
        return dropped
    }
}

extension SyncHistory {
    /// The numbers of the donations of one install (of one event) that no rule can see from
    /// `clock` on, whatever operations come later: older than the event's `maximumAge` at
    /// `clock`, or followed by `maximumCount` later donations of the same install, numbered after
    /// it and dated up to `clock` (a deletion that takes those had seen this one too, so it never
    /// shows again).
    static func hidden(_ donations: [DonationStamp], event: EventInfo, clock: Double) -> [Int] {
        var hidden: [Int] = []
        var later = 0
        var earliestLater: DonationStamp?
        for donation in donations.sorted(by: { $0.sequence > $1.sequence }) {
            let tooOld = event.maximumAge.map { donation.date < clock - $0 } ?? false
            let shadowed = later >= event.maximumCount && earliestLater.map(donation.precedes) == true
            if tooOld || shadowed { hidden.append(donation.sequence) }
            if donation.date <= clock {
                later += 1
                if earliestLater.map({ donation.precedes($0) }) ?? true { earliestLater = donation }
            }
        }
        return hidden
    }
}

/// A donation of one install as the horizon sees it: its number and date, no fields.
struct DonationStamp {
    var sequence: Int
    var date: Double

    init(sequence: Int, date: Double) {
        self.sequence = sequence
        self.date = date
    }

    init(_ operation: StampedOperation) {
        self.init(sequence: operation.sequence, date: operation.date)
    }

    /// Whether it comes first in the merged history (one install's: by date, then number).
    func precedes(_ other: DonationStamp) -> Bool {
        (date, sequence) < (other.date, other.sequence)
    }
}

/// What a parameter's declared type may accept of a value: its kind, and for a string whether
/// it reads as a version (`ValueType.accepts(_:)`); nil for a reset to the default.
struct ValueKind: Hashable {
    var kind: ScalarKind?
    var isVersion: Bool

    init(_ value: ScalarValue?) {
        kind = value?.kind
        if case .string(let text)? = value { isVersion = SemanticVersion(text) != nil } else { isVersion = false }
    }
}
