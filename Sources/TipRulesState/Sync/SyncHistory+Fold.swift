import TipRulesRuntime

/// A large received change set folded as it is read (docs/runtime.md, "A bounded history"): what
/// compaction would drop of what it brings goes as it is read, so a merge holds only what the
/// history keeps, never each operation decoded.
extension SyncHistory {
    /// The change set `received` is to this history once the operations it brings that can
    /// decide nothing are folded away, and how many were: read twice, one operation at a time,
    /// so that it costs memory for what it keeps, not for what it lists. Nil when nothing folds.
    /// Throws `unordered` when an install's operations are not listed in number order once each.
    ///
    /// For each other install, the **window** is its operations numbered right after those this
    /// history holds, listed without a gap and up to its first reset or deletion that has seen
    /// operations the history does not hold yet (it may wait for them): all of them will be
    /// applied. There, what compaction drops under `program`'s rules goes (`compact(for:now:)`):
    /// each last display date but the latest and the latest up to `now` (the device's clock;
    /// nil: none), each parameter value set before a later one of its kind, each exposure but the
    /// earliest, and each donation of a declared event no rule can see from the install's clock
    /// on (`FoldWindow.settle`). The window's last operation stays, and bounds the install's
    /// raised baseline (a compacted history keeps each install's last operation under its
    /// baseline, so the baseline is believed: `checkedBaseline`), and so does its latest (its
    /// clock). Compaction keeps what decides something among those kept, so a history compacted
    /// after merging the folded change set is the one compacted after merging `received`.
    /// Operations of other installs this history already holds as they are go too: they add
    /// nothing. Operations of this install all stay (they show another folder numbering under
    /// its id: `duplicate(in:baseline:)`), and so does any operation that differs from the one
    /// held (the merge refuses it).
    ///
    /// At most `limit` operations are kept: past that, the change set is refused
    /// (`tooManyOperations`) before more are decoded.
    public func folding(_ received: ChangeSetBytes, program: Program, now: Double?,
                        limit: Int = SyncHistory.foldedOperationLimit) throws(ChangeSetError) -> FoldedChangeSet? {
        var windows: [InstallID: FoldWindow] = [:]
        var unordered: StampedOperation?
        received.forEachOperation { operation in
            guard unordered == nil, operation.install != install else { return }
            let applies = known(operation.install, operation.sequence) == nil && hasSeenWhatItClaims(operation)
            // In place: a copy would copy the window's donations at each one.
            if !windows[operation.install, default: FoldWindow(held: count(of: operation.install))]
                .observe(operation, applies: applies, program: program, now: now) { unordered = operation }
        }
        if let unordered { throw .unordered(install: unordered.install, sequence: unordered.sequence) }
        let heldDates = now == nil ? [:] : latestDates
        for install in Array(windows.keys) {
            windows[install]?.settle(program: program, now: now, heldDate: heldDates[install], pendingFree: pendingCount == 0) { event, clock in
                latestDonation(of: install, event: program.events[event], upTo: clock)
            }
        }
        var operations: [StampedOperation] = []
        var foldedAway = 0
        var dropped = false
        var raised = received.baseline?.counts ?? [:]
        var overLimit = false
        func keep(_ operation: StampedOperation) {
            guard operations.count < limit else { return overLimit = true }
            operations.append(operation)
        }
        received.forEachOperation { operation in
            guard !overLimit else { return }
            guard operation.install != install, let window = windows[operation.install] else {
                keep(operation)
                return
            }
            if window.folds(operation) {
                foldedAway += 1
                raised[operation.install] = max(raised[operation.install] ?? 0, window.end)
                return
            }
            switch known(operation.install, operation.sequence) {
            case .kept(let held) where held == operation: dropped = true
            case .foldedAway: dropped = true
            default: keep(operation)
            }
        }
        if overLimit { throw .tooManyOperations(limit: limit) }
        guard foldedAway > 0 || dropped else { return nil }
        let baseline = raised.isEmpty ? nil : VersionVector(raised)
        return FoldedChangeSet(changeSet: ChangeSet(app: received.app, operations: operations, baseline: baseline),
                               foldedAway: foldedAway, fullState: received.baseline != nil)
    }
}

extension SyncHistory {
    /// The most operations a change set read as it comes may leave to keep (about 1 KiB of memory
    /// each once merged): 50,000, above what a year of an app's declared events, displays and
    /// parameters keep, and about three times a 16 MiB change set's size in memory.
    public static let foldedOperationLimit = 50_000
}

/// A received change set with what decides nothing folded (`SyncHistory.folding(_:program:now:)`).
public struct FoldedChangeSet: Sendable {
    /// What is merged: the operations kept, under a baseline raised over those folded away.
    public var changeSet: ChangeSet
    /// How many new operations were folded away: applied, and held as folded.
    public var foldedAway: Int
    /// Whether the received change set was a full state (it had a baseline of its own).
    public var fullState: Bool
}

/// One install's operations in a received change set, as `SyncHistory.folding` reads them.
private struct FoldWindow {
    /// How many of the install's operations the history holds: the window starts after them.
    let held: Int
    /// The window's last operation number (`held` while it is empty).
    private(set) var end: Int
    /// Whether the window still grows: no gap, no operation held or waiting yet.
    private var open = true
    /// Whether an operation is listed past the window (it may be applied with it, after a wait).
    private var listedPast = false
    /// The number of the last operation listed.
    private var last = 0
    /// The window's latest operation: it shows the install's clock, so it stays.
    private var newest: StampedOperation?
    /// What stays of the window by key: its latest last display date and its latest up to the
    /// clock, each parameter's latest value of each kind, each exposure's earliest.
    private var latest: StampedOperation?
    private var latestPast: StampedOperation?
    private var values: [ParameterValueKey: StampedOperation] = [:]
    private var exposures: [HistoryKey: StampedOperation] = [:]
    /// The window's donations of each declared event that fit its fields, then those no rule
    /// can see any more (`settle`).
    private var donations: [Int: [DonationStamp]] = [:]
    private var hidden: Set<Int> = []

    init(held: Int) {
        self.held = held
        end = held
    }

    /// Takes the next listed operation (`applies`: the history does not hold its number, and
    /// holds what it claims to have seen if it is a reset or a deletion); false when it is not
    /// numbered after the last one listed.
    mutating func observe(_ operation: StampedOperation, applies: Bool, program: Program, now: Double?) -> Bool {
        guard operation.sequence > last else { return false }
        last = operation.sequence
        // One the history holds (its last, listed for comparison) leaves the window as it is.
        guard operation.sequence > held else { return true }
        guard open, applies, operation.sequence == end + 1 else {
            open = false
            listedPast = true
            return true
        }
        end = operation.sequence
        if newest.map({ $0.precedes(operation) }) ?? true { newest = operation }
        switch operation.change {
        case .lastDisplayDate:
            if latest.map({ $0.precedes(operation) }) ?? true { latest = operation }
            if let now, operation.date <= now, latestPast.map({ $0.precedes(operation) }) ?? true { latestPast = operation }
        case .setParameter(let name, let value):
            let key = ParameterValueKey(name: name, kind: ValueKind(value))
            if values[key].map({ $0.precedes(operation) }) ?? true { values[key] = operation }
        case .exposure:
            if exposures[operation.change.key].map({ operation.precedes($0) }) ?? true { exposures[operation.change.key] = operation }
        case .donate(let name, _):
            if let event = program.eventIndex(named: name), HistoryMerge.donation(of: operation, event: program.events[event]) != nil {
                donations[event, default: []].append(DonationStamp(operation))
            }
        default:
            break
        }
        return true
    }

    /// Finds the window's donations no rule can see from the install's clock on
    /// (`SyncHistory.hidden`): the clock its operations held (`heldDate`) and the window's show,
    /// never after `now`. Older than the horizon holds whatever comes later; shadowed by later
    /// donations only when nothing numbered after the window is held or listed (`pendingFree`),
    /// so that the window's donations are the install's last. Of those, only one dated after
    /// every donation numbered before it and dated up to the clock (`heldLatest`: the latest the
    /// history holds of the event) goes: no earlier one could then be shadowed without it that is not with it, so
    /// compaction keeps what it would have kept.
    mutating func settle(program: Program, now: Double?, heldDate: Double?, pendingFree: Bool,
                         heldLatest: (Int, Double) -> DonationStamp?) {
        guard let now, let newest else { return }
        let clock = min(now, max(heldDate ?? -.infinity, newest.date))
        for (event, stamps) in donations {
            var info = program.events[event]
            if listedPast || !pendingFree { info.maximumCount = Int.max }
            let candidates = Set(SyncHistory.hidden(stamps, event: info, clock: clock))
            guard !candidates.isEmpty else { continue }
            var latest = heldLatest(event, clock)
            for stamp in stamps where stamp.date <= clock {
                if latest.map({ $0.precedes(stamp) }) ?? true {
                    if candidates.contains(stamp.sequence) { hidden.insert(stamp.sequence) }
                    latest = stamp
                }
            }
        }
        donations = [:]
    }

    /// Whether `operation` is one of the window's that decides nothing.
    func folds(_ operation: StampedOperation) -> Bool {
        guard operation.sequence > held, operation.sequence < end, operation.sequence != newest?.sequence else { return false }
        switch operation.change {
        case .lastDisplayDate:
            return operation.sequence != latest?.sequence && operation.sequence != latestPast?.sequence
        case .setParameter(let name, let value):
            return operation.sequence != values[ParameterValueKey(name: name, kind: ValueKind(value))]?.sequence
        case .exposure:
            return operation.sequence != exposures[operation.change.key]?.sequence
        case .donate:
            return hidden.contains(operation.sequence)
        default:
            return false
        }
    }
}

/// A parameter's values of one kind: the latest set stays (`SyncHistory.compact`).
private struct ParameterValueKey: Hashable {
    var name: String
    var kind: ValueKind
}

extension SyncHistory {
    /// The latest donation of `event` by `install` dated up to `clock` the history holds that
    /// fits its fields.
    fileprivate func latestDonation(of install: InstallID, event: EventInfo, upTo clock: Double) -> DonationStamp? {
        operations(for: .event(event.name))
            .filter { $0.install == install && $0.date <= clock && HistoryMerge.donation(of: $0, event: event) != nil }
            .map(DonationStamp.init)
            .max { $0.precedes($1) }
    }
}
