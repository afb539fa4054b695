import TipRulesRuntime
import TipRulesState

/// Syncing a person's installs (docs/runtime.md, "Syncing a person's devices"): the folder's
/// install id and merged history, the change set a peer lacks, and applying a received one.
///
/// ```swift
/// let outgoing = store.changes(since: peerVector).encoded()   // send it
/// let report = try store.apply(changeSet: receivedBytes)       // all of it or none
/// ```
extension TipStore {
    /// This folder's install id, made when a writer first opened it.
    public var installID: InstallID { history.install }

    /// How many operations of each install the folder holds: what a peer needs to know to send
    /// only what is missing (empty before the folder first syncs).
    public var versionVector: VersionVector { history.history?.vector ?? VersionVector() }

    /// The merged history the folder holds; nil before the folder first syncs.
    public var syncHistory: SyncHistory? { history.history }

    /// The change set a peer that holds `seen` lacks (everything for an empty vector). The first
    /// call starts the folder's history: its state so far becomes its install's first operations.
    public func changes(since seen: VersionVector = VersionVector()) throws(TipStoreError) -> ChangeSet {
        try settle()
        return try history.started(with: engine, date: operationDate).changes(since: seen, app: engine.program.app)
    }

    /// Applies received change set bytes: refused as a whole when damaged, truncated, of a newer
    /// format, for another app, or contradicting the history (nothing changes); otherwise the
    /// folder holds all of its new operations, durably, when the call returns, and the engine
    /// decides as the merged history does. Observers are told what changed. Applying the same
    /// change set again, or change sets in another order, ends in the same state.
    @discardableResult
    public func apply(changeSet bytes: [UInt8]) throws(TipStoreError) -> MergeReport {
        // A change set merged whole is decoded once, as it is checked.
        guard history.folds(bytes.count, bound: options.journalBound) else {
            let changeSet: ChangeSet
            do { changeSet = try ChangeSet(decoding: bytes) } catch { throw .changeSet(error) }
            return try merge { engine, date, now throws(TipStoreError) in
                try history.merge(changeSet, bytes: bytes, into: &engine, date: date, now: now, bound: options.historyBound)
            }
        }
        let received: ChangeSetBytes
        do { received = try ChangeSetBytes(bytes) } catch { throw .changeSet(error) }
        return try apply(received)
    }

    /// Applies change set bytes already checked, as `apply(changeSet:)` does. A large one (past
    /// the journal's bound) is merged as it is read, what compaction would drop of it folded
    /// away as it comes (`SyncHistory.folding(_:program:now:)`): it costs memory for what it
    /// keeps, not for each operation it lists.
    @discardableResult
    public func apply(_ received: ChangeSetBytes) throws(TipStoreError) -> MergeReport {
        try merge { engine, date, now throws(TipStoreError) in
            try history.merge(received, into: &engine, date: date, now: now, bound: options.historyBound,
                              foldBound: options.journalBound)
        }
    }

    /// Applies a decoded change set, as `apply(changeSet:)` does.
    @discardableResult
    public func apply(_ changeSet: ChangeSet) throws(TipStoreError) -> MergeReport {
        try merge { engine, date, now throws(TipStoreError) in
            try history.merge(changeSet, into: &engine, date: date, now: now, bound: options.historyBound)
        }
    }

    /// Applies a change set through `body`: the history's merge into the engine, with the date of
    /// operations that carry none (`operationDate`) and the device's clock.
    private func merge(_ body: (inout TipEngine, Double, Double?) throws(TipStoreError) -> MergeReport)
        throws(TipStoreError) -> MergeReport {
        try settle()
        let report: MergeReport
        do {
            report = try body(&engine, operationDate, options.now?())
        } catch {
            if case .changeSet = error { throw error }
            failed(error, readingBack: false)
            throw error
        }
        // A reset, a deletion or a parameter another install set takes something from the state,
        // which the state journal does not record: a snapshot keeps the state no older than the
        // history in that, so that what a damaged history lost can be taken back from the state
        // (`FolderHistory.forWriter`); a full state (operations folded away) takes from it too. The
        // merge itself is committed; a failed snapshot is retried.
        // A history that grew past its bound is compacted with the snapshot.
        if report.clearsOrSets || history.needsCompaction(bound: options.journalBound) {
            do { try writeSnapshot() } catch { failed(error, readingBack: false) }
        }
        return report
    }

    /// The date of an operation that carries none (a close, a parameter) and of a folder's
    /// operations from before it synced: the device's clock, else the latest instant the engine
    /// was told of.
    var operationDate: Double {
        options.now?() ?? engine.clock ?? 0
    }
}
