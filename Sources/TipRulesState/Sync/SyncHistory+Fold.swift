import TipRulesRuntime

/// A large received change set folded as it is read (docs/runtime.md, "A bounded history"): the
/// last display dates it brings decide nothing but through the latest, so a merge holds only
/// what compaction would keep of them, never each one decoded.
extension SyncHistory {
    /// The change set `received` is to this history once the last display dates it brings that
    /// can decide nothing are folded away, and how many were: read twice, one operation at a
    /// time, so that it costs memory for what it keeps, not for what it lists. Nil when nothing
    /// folds, or when an install's operations are not listed in number order once each (then the
    /// change set is merged as it is).
    ///
    /// For each other install, the **window** is its operations numbered right after those this
    /// history holds, listed without a gap and up to its first reset or deletion that has seen
    /// operations the history does not hold yet (it may wait for them): all of them will be
    /// applied. Of the last display dates there, each goes but the latest, the latest up to
    /// `now` (the device's clock; nil: none) and the window's last operation, which then bounds
    /// the install's raised baseline (a
    /// compacted history keeps each install's last operation under its baseline, so the baseline
    /// is believed: `checkedBaseline`). Compaction keeps what decides something among those kept
    /// (the latest date of each install too, its clock), so a history compacted after merging
    /// the folded change set is the one compacted after merging `received`. Operations of other
    /// installs this history already holds as they are go too: they add nothing. Operations of
    /// this install all stay (they show another folder numbering under its id:
    /// `duplicate(in:baseline:)`), and so does any operation that differs from the one held (the
    /// merge refuses it).
    public func folding(_ received: ChangeSetBytes, now: Double?) -> FoldedChangeSet? {
        var windows: [InstallID: FoldWindow] = [:]
        var inOrder = true
        received.forEachOperation { operation in
            guard inOrder, operation.install != install else { return }
            var window = windows[operation.install] ?? FoldWindow(held: count(of: operation.install))
            let applies = known(operation.install, operation.sequence) == nil && hasSeenWhatItClaims(operation)
            inOrder = window.observe(operation, applies: applies, now: now)
            windows[operation.install] = window
        }
        guard inOrder else { return nil }
        var operations: [StampedOperation] = []
        var foldedAway = 0
        var dropped = false
        var raised = received.baseline?.counts ?? [:]
        received.forEachOperation { operation in
            guard operation.install != install, let window = windows[operation.install] else {
                operations.append(operation)
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
            default: operations.append(operation)
            }
        }
        guard foldedAway > 0 || dropped else { return nil }
        let baseline = raised.isEmpty ? nil : VersionVector(raised)
        return FoldedChangeSet(changeSet: ChangeSet(app: received.app, operations: operations, baseline: baseline),
                               foldedAway: foldedAway, fullState: received.baseline != nil)
    }
}

/// A received change set with its last display dates folded (`SyncHistory.folding(_:now:)`).
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
    /// The number of the last operation listed.
    private var last = 0
    /// The window's latest last display date, and its latest up to the clock.
    private var latest: StampedOperation?
    private var latestPast: StampedOperation?

    init(held: Int) {
        self.held = held
        end = held
    }

    /// Takes the next listed operation (`applies`: the history does not hold its number, and
    /// holds what it claims to have seen if it is a reset or a deletion); false when it is not
    /// numbered after the last one listed. Those numbered up to `held` leave the window open.
    mutating func observe(_ operation: StampedOperation, applies: Bool, now: Double?) -> Bool {
        guard operation.sequence > last else { return false }
        last = operation.sequence
        // One the history holds (a change set carries the one at the peer's count): the merge
        // compares it, and the window starts after it.
        guard operation.sequence > held else { return true }
        guard open, applies, operation.sequence == end + 1 else {
            open = false
            return true
        }
        end = operation.sequence
        guard case .lastDisplayDate = operation.change else { return true }
        if latest.map({ $0.precedes(operation) }) ?? true { latest = operation }
        if let now, operation.date <= now, latestPast.map({ $0.precedes(operation) }) ?? true { latestPast = operation }
        return true
    }

    /// Whether `operation` is a last display date of the window that decides nothing.
    func folds(_ operation: StampedOperation) -> Bool {
        guard case .lastDisplayDate = operation.change, operation.sequence > held, operation.sequence < end else { return false }
        return operation.sequence != latest?.sequence && operation.sequence != latestPast?.sequence
    }
}
