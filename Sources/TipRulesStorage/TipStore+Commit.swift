import TipRulesRuntime
import TipRulesState

/// Whether the folder holds what the engine does, after the failures of the last writes.
enum Health {
    /// The folder holds what the engine does, and the journal may be appended to.
    case settled
    /// The folder holds what the engine does, but the journal may not be appended to (a
    /// flush failed): the next write writes a snapshot first.
    case needsSnapshot
    /// The engine may hold what the folder does not, or the reverse: the next write reads the
    /// folder back first, then writes a snapshot.
    case needsReadingBack
}

/// How a change is committed (docs/runtime.md, "How a change is committed"): every change to a
/// state folder is one of two kinds, and each has one commit point.
///
/// - **A record** (an operation) is appended to the newest generation's journal and flushed:
///   it counts once the flush returns. A record whose write or flush fails is cut off again
///   and the operation is refused (`TipStoreError.io`); the engine, which held it, is read back
///   from the folder, and the next write starts a new generation (a snapshot), so that a
///   journal whose flush failed is never appended to again.
/// - **A snapshot** (compaction, a rules update, a recovery at open, a new folder, reading back
///   after a failure) is written whole to a temporary file, flushed, renamed to
///   `snapshot-G.tipstate` for the next generation G, and the folder flushed: it counts once
///   the folder's flush returns (`FolderFiles.createDurably`). A failure before that point
///   removes the new file, and the engine and rules stay as they were. Only then does the
///   engine take the new state, the generation before stay as the fallback, the older ones get
///   removed, and G's journal get created (a failure there is retried by the next record).
///
/// When a failure cannot be undone (the cut or the removal fails too), the change is in doubt
/// (`TipStoreError.inDoubt`): the store reads the folder back before anything else, whatever
/// it holds, and writes a new snapshot of it. Until it has read the folder back the store
/// refuses every write (with the error of reading it), and `engine` may show the change.
/// A change built on these (an updater applying a release, a change set applied as one) is one
/// snapshot written through `writeSnapshot(of:rules:)`, atomic by its rename: it calls
/// `settle()` first and `failed(_:readingBack: false)` with the error, as
/// `update(toRules:policy:)` does.
extension TipStore {
    /// Writes `state` (the engine by default) and `rules` (those in force by default) as the
    /// next generation's snapshot, first pruning the donations no rule can see again
    /// (`TipStoreOptions.now`, unless `pruning` is false: a new folder keeps what it was given),
    /// and commits it: only after its rename and the folder's flush does the store take it.
    /// A synced folder's history is compacted first, with the same rules and clock
    /// (`FolderHistory.compact`), so that what the snapshot prunes the history drops too; that
    /// is housekeeping with its own commit, and when it fails the next snapshot tries again.
    func writeSnapshot(of state: TipEngine? = nil, rules: [UInt8]? = nil, pruning: Bool = true) throws(TipStoreError) {
        var next = state ?? engine
        let now = options.now?()
        if pruning, let now { next.pruneHistory(at: now) }
        if pruning { try? history.compact(program: next.program, now: now) }
        let rules = rules ?? programBytes
        try format.require(FolderFormat.version(holding: next.store))
        let bytes = SnapshotFile.encode(program: rules, state: next.savedState())
        let written = generation + 1
        do {
            try files.createDurably(bytes, at: layout.snapshotPath(written), folder: folder)
        } catch {
            if case .inDoubt = error { health = .needsReadingBack }
            throw error
        }
        (engine, programBytes, generation, snapshotSize) = (next, rules, written, bytes.count)
        journal = nil
        health = .settled
        removeGenerations(keeping: [basis, written])
        basis = written
        do {
            _ = try currentJournal()
        } catch {
            if case .inDoubt = error { health = .needsSnapshot }
        }
    }

    /// The journal of the current generation, created if it is not there yet.
    func currentJournal() throws(TipStoreError) -> JournalWriter {
        if let journal { return journal }
        let created = try JournalWriter(path: layout.journalPath(generation), folder: folder, end: nil, files: files)
        journal = created
        return created
    }

    /// After a write that failed: the engine may be ahead of the folder (`readingBack`: it holds
    /// the refused operation) or the failure is in doubt; the folder is read back at once where
    /// it can be, so that `engine` shows what the folder holds.
    func failed(_ error: TipStoreError, readingBack: Bool) {
        if case .inDoubt = error { health = .needsReadingBack }
        if readingBack { health = .needsReadingBack }
        try? settle()
    }

    /// Brings the folder and the engine together before a write: reads the folder back, then
    /// writes a new snapshot of it, as `health` asks.
    func settle() throws(TipStoreError) {
        if health == .needsReadingBack {
            guard let loaded = try FolderLoader.load(layout, files: files) else {
                throw .noReadableSnapshot(folder: folder, [])
            }
            engine.restore(loaded.engine)
            if let synced = history.history { engine.adoptAll(synced, now: options.now?()) }
            (programBytes, generation, basis, snapshotSize) = (loaded.programBytes, loaded.newestGeneration,
                                                                loaded.snapshotGeneration, loaded.snapshotSize)
            journal = nil
            health = .needsSnapshot
        }
        if health == .needsSnapshot { try writeSnapshot() }
    }

    /// Removes every snapshot but those of `kept`, and the journals older than the oldest of them.
    /// The removals are not flushed on their own: a generation a power loss brings back is an
    /// older one, read around and removed again (the next file created flushes them anyway).
    func removeGenerations(keeping kept: Set<Int>) {
        guard let oldest = kept.min(), let names = try? files.names(in: folder) else { return }
        let listing = FolderLayout.generations(names)
        for generation in listing.snapshots where !kept.contains(generation) { files.remove(layout.snapshotPath(generation)) }
        for generation in listing.journals where generation < oldest { files.remove(layout.journalPath(generation)) }
    }

    /// Removes the temporary files a writer stopped midway left (the writer's files only).
    func removeTemporaries() {
        guard let names = try? files.names(in: folder) else { return }
        for name in FolderLayout.generations(names).temporaries where FolderLayout.isOwnTemporary(name) {
            files.remove(folder + "/" + name)
        }
    }
}
