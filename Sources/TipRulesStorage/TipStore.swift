import TipRulesRuntime

/// A `TipEngine` whose state lives in a folder and survives crashes, app updates and rules
/// updates: every operation is appended to a journal (a few dozen bytes, flushed before the call
/// returns), snapshots are written to a new file and renamed, and the rules in force are kept
/// beside the state so that the next launch starts with them. One writer per folder (a lock);
/// readers use `TipStore.read(folder:)`.
///
/// ```swift
/// let store = try TipStore.open(folder: stateURL.path, bundledProgram: bundled)
/// try store.donate(event: "enteredBackyardDetailView", fields: ["backyardID": .int(7)], at: now)
/// for tip in store.tipsToDisplay(at: now) { try store.recordDisplay(tip: tip, at: now) }
/// ```
public final class TipStore {
    /// The folder the state lives in.
    public let folder: String
    /// The engine as of the last recorded operation.
    public internal(set) var engine: TipEngine
    /// What opening the folder recovered from (a dropped journal tail, an older snapshot) or
    /// could not carry over to the rules in force; empty after a clean open.
    public let recovery: [RecoveryNote]
    public let options: TipStoreOptions

    /// The install id and the merged history of the person's installs (`TipStore+Sync.swift`).
    let history: FolderHistory
    private let layout: FolderLayout
    private let lock: FolderLock
    /// The `.tipc` bytes of the rules in force, as kept in the folder.
    public private(set) var programBytes: [UInt8]
    private var generation: Int
    private var journal: JournalWriter?
    private var snapshotSize = 0
    /// The engine holds an operation that could not be written: the next operation writes a snapshot.
    private var behindDisk = false

    private init(layout: FolderLayout, lock: FolderLock, engine: TipEngine, history: FolderHistory, programBytes: [UInt8],
                 generation: Int, recovery: [RecoveryNote], options: TipStoreOptions) {
        folder = layout.folder
        self.history = history
        self.layout = layout
        self.lock = lock
        self.engine = engine
        self.programBytes = programBytes
        self.generation = generation
        self.recovery = recovery
        self.options = options
    }

    /// Opens (or creates) the state folder for writing. A new folder starts with `bundledProgram`;
    /// an existing one with the rules it keeps, unless `bundledProgram` has a higher release and
    /// passes `policy` (an app update shipped newer rules), in which case the state is carried
    /// over to it. Transient parameters start from their defaults (`TipEngine.appLaunched()`).
    /// Throws when another writer holds the folder, when it was written by a newer version, or
    /// when no snapshot of it can be read.
    public static func open(folder: String, bundledProgram: Program, policy: RulesUpdatePolicy = RulesUpdatePolicy(),
                            options: TipStoreOptions = TipStoreOptions()) throws(TipStoreError) -> TipStore {
        let layout = FolderLayout(folder: folder)
        try PosixFile.makeFolder(folder)
        let lock = try FolderLock(path: layout.lockPath, folder: folder)
        guard let loaded = try FolderLoader.load(layout) else {
            return try create(layout, lock: lock, engine: TipEngine(program: bundledProgram),
                              programBytes: bundledProgram.encoded(), options: options)
        }
        var engine = loaded.engine
        var programBytes = loaded.programBytes
        var notes = loaded.notes
        let inForce = engine.program
        let takesBundled = (bundledProgram.release ?? 0) > (inForce.release ?? 0)
            && (try? policy.check(bundledProgram, over: inForce)) != nil
        if takesBundled {
            notes += engine.update(to: bundledProgram).map(RecoveryNote.notCarriedOver)
            programBytes = bundledProgram.encoded()
        }
        engine.appLaunched()
        let history = try openHistory(folder: folder, engine: &engine)
        let store = TipStore(layout: layout, lock: lock, engine: engine, history: history, programBytes: programBytes,
                             generation: loaded.newestGeneration, recovery: notes + history.notes, options: options)
        store.snapshotSize = loaded.snapshotSize
        if loaded.isClean, !takesBundled, let end = loaded.journalEnd {
            store.journal = try JournalWriter(path: layout.journalPath(store.generation), folder: folder, end: end)
        } else {
            // Recovered, new rules, or no journal yet: start a new generation from this state.
            try store.writeSnapshot(pruning: false)
        }
        return store
    }

    /// Creates a state folder holding `engine`'s state under the rules `programBytes` (they must
    /// be the engine's program). Refuses a folder that already holds a state.
    public static func create(folder: String, programBytes: [UInt8], engine: TipEngine,
                              options: TipStoreOptions = TipStoreOptions()) throws(TipStoreError) -> TipStore {
        let layout = FolderLayout(folder: folder)
        try PosixFile.makeFolder(folder)
        let lock = try FolderLock(path: layout.lockPath, folder: folder)
        guard try FolderLoader.load(layout) == nil else {
            throw .notAStateFolder(folder: folder, "it already holds a state; choose a new folder")
        }
        return try create(layout, lock: lock, engine: engine, programBytes: programBytes, options: options)
    }

    private static func create(_ layout: FolderLayout, lock: FolderLock, engine: TipEngine, programBytes: [UInt8],
                               options: TipStoreOptions) throws(TipStoreError) -> TipStore {
        var engine = engine
        let history = try openHistory(folder: layout.folder, engine: &engine)
        let store = TipStore(layout: layout, lock: lock, engine: engine, history: history, programBytes: programBytes,
                             generation: 0, recovery: [], options: options)
        try store.writeSnapshot(pruning: false)
        // Written last: a folder without it holds nothing that was reported durable.
        try PosixFile.writeDurably(FolderLayout.formatFile, to: layout.formatPath, folder: layout.folder)
        return store
    }

    // MARK: - Recording

    /// Performs `operation` on the engine and appends it to the journal; with
    /// `.everyOperation` durability it is on disk when the call returns. A refused operation
    /// changes nothing and records nothing, as does one whose record would exceed
    /// `OperationRecord.maximumRecord` (a string value of about a megabyte). After an I/O error the engine holds the operation,
    /// which the next successful operation makes durable.
    public func record(_ operation: TipOperation) throws(TipStoreError) {
        let record = OperationRecord.encode(operation)
        guard record.count <= OperationRecord.maximumRecord else { throw .operationTooLarge(bytes: record.count) }
        do { try history.perform(operation, on: &engine, date: operationDate, flush: options.durability == .everyOperation) } catch {
            if case .refused = error { throw error }
            behindDisk = true
            throw error
        }
        guard !operation.isTransient(in: engine.program) else { return }
        if behindDisk {
            try writeSnapshot(pruning: false)
            behindDisk = false
            return
        }
        do {
            let journal = try currentJournal()
            try journal.append(record)
            if options.durability == .everyOperation { try journal.sync() }
        } catch {
            behindDisk = true
            throw error
        }
        if let journal, journal.size > max(options.journalBound, snapshotSize / 2) {
            try? writeSnapshot(pruning: true)
        }
    }

    /// Records a donation (`TipEngine.donate(event:fields:at:)`).
    public func donate(event: String, fields: [String: ScalarValue] = [:], at date: Double) throws(TipStoreError) {
        try record(.donate(event: event, fields: fields, date: date))
    }

    /// Records that a tip was on screen (`TipEngine.recordDisplay(tip:at:duration:)`).
    public func recordDisplay(tip: String, at date: Double, duration: Double = 0) throws(TipStoreError) {
        try record(.display(tip: tip, date: date, duration: duration))
    }

    /// The person closed the tip.
    public func close(tip: String) throws(TipStoreError) {
        try record(.invalidate(tip: tip, reason: .tipClosed))
    }

    /// The person performed the tip's action.
    public func performAction(tip: String) throws(TipStoreError) {
        try record(.invalidate(tip: tip, reason: .actionPerformed))
    }

    /// Sets a parameter; a transient one is not recorded (a launch resets it).
    public func setParameter(_ name: String, _ value: ScalarValue) throws(TipStoreError) {
        try record(.setParameter(name, value))
    }

    /// Flushes the operations written so far (for `.onSync` durability).
    public func sync() throws(TipStoreError) {
        try history.sync()
        try journal?.sync()
    }

    // MARK: - Questions

    /// Every tip, group and widget at `now` (see `TipEngine.evaluate(at:explaining:)`).
    public func evaluate(at now: Double, explaining: Bool = false) -> EvaluationResult {
        engine.evaluate(at: now, explaining: explaining)
    }

    /// The ids of the tips that display at `now`.
    public func tipsToDisplay(at now: Double) -> [String] {
        engine.tipsToDisplay(at: now)
    }

    /// Calls `handler` with each status change after every recorded operation, as
    /// `TipEngine.observeStatusChanges(_:)` does (a rules update starts observation again).
    public func observeStatusChanges(_ handler: @escaping (StatusChange) -> Void) -> StatusObservation {
        engine.observeStatusChanges(handler)
    }

    // MARK: - Rules updates and compaction

    /// Applies downloaded rules: verifies them, checks them against `policy` and the rules in
    /// force, carries the state over and writes rules and state in one new snapshot. On any
    /// failure the rules in force stay and the error says why. Returns what was not carried over.
    @discardableResult
    public func update(toRules bytes: [UInt8], policy: RulesUpdatePolicy = RulesUpdatePolicy())
        throws(TipStoreError) -> [CarryOverProblem] {
        var updated = engine
        let problems: [CarryOverProblem]
        do { problems = try updated.update(toBytes: bytes, policy: policy).problems } catch { throw .rulesUpdate(error) }
        if let synced = history.history { updated.adoptAll(synced) }
        let previous = (engine, programBytes)
        (engine, programBytes) = (updated, bytes)
        do {
            try writeSnapshot(pruning: false)
        } catch {
            (engine, programBytes) = previous
            throw error
        }
        return problems
    }

    /// Writes the whole state as a new snapshot and starts a new journal; the generation before
    /// stays as a fallback and older ones are removed.
    public func compact() throws(TipStoreError) {
        try writeSnapshot(pruning: true)
    }

    /// The commit point is the snapshot's rename: after it the new generation is in force even if
    /// starting its journal fails (the next operation tries again).
    private func writeSnapshot(pruning: Bool) throws(TipStoreError) {
        if pruning, let now = options.now { engine.pruneHistory(at: now()) }
        let bytes = SnapshotFile.encode(program: programBytes, state: engine.savedState())
        let next = generation + 1
        try PosixFile.writeDurably(bytes, to: layout.snapshotPath(next), folder: folder)
        generation = next
        snapshotSize = bytes.count
        journal = nil
        _ = try? currentJournal()
        removeGenerations(before: next - 1)
    }

    /// The journal of the current generation, created if it is not there yet.
    private func currentJournal() throws(TipStoreError) -> JournalWriter {
        if let journal { return journal }
        let created = try JournalWriter(path: layout.journalPath(generation), folder: folder, end: nil)
        journal = created
        return created
    }

    private func removeGenerations(before oldest: Int) {
        guard let names = try? PosixFile.names(in: folder) else { return }
        let (snapshots, journals, _) = FolderLayout.generations(names)
        for generation in snapshots where generation < oldest { PosixFile.remove(layout.snapshotPath(generation)) }
        for generation in journals where generation < oldest { PosixFile.remove(layout.journalPath(generation)) }
        try? PosixFile.syncFolder(folder)
    }

    // MARK: - Readers

    /// The folder's state as of its last durable operation, without taking the writer's lock:
    /// for a widget extension or a support tool while the app may be writing. Never writes.
    public static func read(folder: String) throws(TipStoreError) -> StoredState {
        guard var loaded = try FolderLoader.load(FolderLayout(folder: folder)) else {
            throw .notAStateFolder(folder: folder, "it holds no saved state")
        }
        let history = try FolderHistory.read(folder: folder)
        if let history { loaded.engine.adoptAll(history.history) }
        return StoredState(engine: loaded.engine, programBytes: loaded.programBytes, recovery: loaded.notes + (history?.notes ?? []),
                           history: history?.history, installID: try? InstallFile.read(folder: folder))
    }
}

/// A state folder as a reader sees it.
public struct StoredState {
    /// An engine over the folder's rules and state.
    public var engine: TipEngine
    /// The `.tipc` bytes of the rules in force.
    public var programBytes: [UInt8]
    /// What was recovered from.
    public var recovery: [RecoveryNote]
    /// The merged history of the person's installs; nil for a folder that has not synced yet.
    public var history: SyncHistory?
    /// The folder's install id; nil before a writer first opened it.
    public var installID: InstallID?
}
