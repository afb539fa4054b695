#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesState

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

    let layout: FolderLayout
    let files: FolderFiles
    /// The install id and the merged history of the person's installs (`TipStore+Sync.swift`).
    let history: FolderHistory
    private let lock: FolderLock
    /// The `.tipc` bytes of the rules in force, as kept in the folder.
    public internal(set) var programBytes: [UInt8]
    /// The newest generation: records go to its journal.
    var generation: Int
    /// The generation of the snapshot the state extends: kept as the fallback of the next one.
    var basis: Int
    var journal: JournalWriter?
    var snapshotSize = 0
    /// Whether the folder holds what the engine does (`TipStore+Commit.swift`).
    var health = Health.settled
    /// The folder's `FORMAT` file, raised before the folder first holds what needs it.
    let format: FolderFormat

    private init(layout: FolderLayout, lock: FolderLock, engine: TipEngine, history: FolderHistory, format: FolderFormat,
                 programBytes: [UInt8], generation: Int, basis: Int, recovery: [RecoveryNote], options: TipStoreOptions) {
        folder = layout.folder
        self.history = history
        self.format = format
        self.layout = layout
        files = FolderFiles(layer: options.fileLayer)
        self.lock = lock
        self.engine = engine
        self.programBytes = programBytes
        self.generation = generation
        self.basis = basis
        self.recovery = recovery
        self.options = options
    }

    /// Opens (or creates) the state folder for writing. A new folder starts with `bundledProgram`;
    /// an existing one with the rules it keeps, unless `bundledMayReplace` and `bundledProgram`
    /// has a higher release and passes `policy` (an app update shipped newer rules), in which
    /// case the state is carried over to it. An app whose rules come from a signed channel passes
    /// `bundledMayReplace: false` while the channel's release governs them
    /// (`ChannelUpdater.governsRules`), so that bundled rules never undo a rollback. Transient parameters start from their defaults (`TipEngine.appLaunched()`).
    /// Leftover temporary files are removed, a missing `FORMAT` file is written again, and a
    /// folder that was recovered from (or takes new rules) gets a new snapshot, older generations
    /// than the one it was read from being removed first. Throws when another writer holds the
    /// folder, when it was written by a newer version, when no snapshot of it can be read, or
    /// when a file operation fails (the folder then holds what it held).
    public static func open(folder: String, bundledProgram: Program, policy: RulesUpdatePolicy = RulesUpdatePolicy(),
                            bundledMayReplace: Bool = true, options: TipStoreOptions = TipStoreOptions()) throws(TipStoreError) -> TipStore {
        let layout = FolderLayout(folder: folder)
        let files = FolderFiles(layer: options.fileLayer)
        try files.makeFolder(folder)
        let lock = try FolderLock(path: layout.lockPath, folder: folder)
        guard let loaded = try FolderLoader.load(layout, files: files) else {
            return try create(layout, lock: lock, engine: TipEngine(program: bundledProgram),
                              programBytes: bundledProgram.encoded(), options: options)
        }
        var engine = loaded.engine
        var programBytes = loaded.programBytes
        var notes = loaded.notes
        let inForce = engine.program
        let takesBundled = bundledMayReplace && (bundledProgram.release ?? 0) > (inForce.release ?? 0)
            && (try? policy.check(bundledProgram, over: inForce)) != nil
        if takesBundled {
            notes += engine.update(to: bundledProgram).map(RecoveryNote.notCarriedOver)
            programBytes = bundledProgram.encoded()
        }
        engine.appLaunched()
        let format = FolderFormat(layout: layout, files: files, version: loaded.storageVersion)
        let history = try FolderHistory.forWriter(folder: folder, engine: &engine, journaled: loaded.journaled, files: files,
                                                  format: format, now: options.now?())
        let store = TipStore(layout: layout, lock: lock, engine: engine, history: history, format: format, programBytes: programBytes,
                             generation: loaded.newestGeneration, basis: loaded.snapshotGeneration,
                             recovery: notes + history.notes, options: options)
        store.snapshotSize = loaded.snapshotSize
        store.removeTemporaries()
        if loaded.formatMissing { try format.create(holding: engine.store) }
        // A folder that holds exposures under the first version (written before it was raised for them).
        try format.require(FolderFormat.version(holding: engine.store))
        if loaded.isClean, !takesBundled, !history.tookBack, let end = loaded.journalEnd {
            store.journal = try JournalWriter(path: layout.journalPath(store.generation), folder: folder, end: end, files: files)
        } else {
            // Recovered (the state or the history), new rules, or no journal yet: start a new generation from this state,
            // after removing the generations older than the one read (so that launches killed
            // right after this snapshot's rename never pile up generations).
            store.removeGenerations(keeping: [loaded.snapshotGeneration])
            try store.writeSnapshot()
        }
        return store
    }

    /// Creates a state folder holding `engine`'s state under the rules `programBytes` (they must
    /// be the engine's program). Refuses a folder that already holds a state, or the files of
    /// one without its `FORMAT` file.
    public static func create(folder: String, programBytes: [UInt8], engine: TipEngine,
                              options: TipStoreOptions = TipStoreOptions()) throws(TipStoreError) -> TipStore {
        let layout = FolderLayout(folder: folder)
        let files = FolderFiles(layer: options.fileLayer)
        try files.makeFolder(folder)
        let lock = try FolderLock(path: layout.lockPath, folder: folder)
        guard try FolderLoader.load(layout, files: files) == nil else {
            throw .notAStateFolder(folder: folder, "it already holds a state; choose a new folder")
        }
        return try create(layout, lock: lock, engine: engine, programBytes: programBytes, options: options)
    }

    /// Writes the first generation, then `FORMAT`, last: a folder without it holds nothing that
    /// was reported durable. When `FORMAT` cannot be written the first generation is removed
    /// again (`inDoubt` when that fails), so that a refused creation leaves no state behind.
    private static func create(_ layout: FolderLayout, lock: FolderLock, engine: TipEngine, programBytes: [UInt8],
                               options: TipStoreOptions) throws(TipStoreError) -> TipStore {
        var engine = engine
        let files = FolderFiles(layer: options.fileLayer)
        let format = FolderFormat(layout: layout, files: files, version: nil)
        let history = try FolderHistory.forWriter(folder: layout.folder, engine: &engine, journaled: [], files: files, format: format,
                                                  now: options.now?())
        let store = TipStore(layout: layout, lock: lock, engine: engine, history: history, format: format, programBytes: programBytes,
                             generation: 0, basis: 0, recovery: [], options: options)
        store.removeTemporaries()
        try store.writeSnapshot(pruning: false)
        do {
            try format.create(holding: engine.store)
        } catch {
            // In doubt, `FORMAT` may be there: the first generation stays with it.
            if case .inDoubt = error { throw error }
            store.journal = nil
            let removed = [layout.snapshotPath(1), layout.journalPath(1)].map { store.files.layer.remove($0) == 0 || errno == ENOENT }
            guard removed.allSatisfy({ $0 }), store.files.layer.syncFolder(layout.folder) == 0 else { throw error.inDoubt }
            throw error
        }
        return store
    }

    // MARK: - Recording

    /// Performs `operation` on the engine and appends it to the journal; with
    /// `.everyOperation` durability it is on disk when the call returns. A refused operation
    /// changes nothing and records nothing, as does one whose record would exceed
    /// `OperationRecord.maximumRecord` (a string value of about a megabyte). When writing it
    /// fails (`TipStoreError.io`) it is not recorded either: the journal is cut back and the
    /// engine read back from the folder, which the next write starts again from with a new
    /// snapshot (docs/runtime.md, "How a change is committed").
    public func record(_ operation: TipOperation) throws(TipStoreError) {
        let record = OperationRecord.encode(operation)
        guard record.count <= OperationRecord.maximumRecord else { throw .operationTooLarge(bytes: record.count) }
        if operation.isTransient(in: engine.program) {
            do { try operation.apply(to: &engine) } catch { throw .refused(error as? EngineError ?? .noSuchEvent("\(error)")) }
            return
        }
        try settle()
        try format.require(FolderFormat.version(recording: operation, program: engine.program))
        // Performed and, once the folder syncs, written to its history first (`TipStore+Sync.swift`).
        do { try history.perform(operation, on: &engine, date: operationDate, flush: options.durability == .everyOperation) } catch {
            if case .refused = error { throw error }
            failed(error, readingBack: true)
            throw error
        }
        do {
            try currentJournal().append(record, flushing: options.durability == .everyOperation)
        } catch {
            // Taken back from the history too; in doubt when that cannot be done.
            let settled = history.takeBackLast() ? error : error.inDoubt
            failed(settled, readingBack: true)
            throw settled
        }
        if let journal, journal.size > max(options.journalBound, snapshotSize / 2) || history.needsCompaction(bound: options.journalBound) {
            try? writeSnapshot()
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

    /// The person closed the tip (TipKit's `invalidate(reason: .tipClosed)`): the tip is
    /// invalidated. It closes a tip, not the store; a store has nothing to close (releasing it
    /// lets go of the folder's lock).
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

    /// Flushes the operations written so far. Needed only with `.onSync` durability, before the
    /// app may lose power (going to the background); with the default `.everyOperation`, every
    /// call has flushed its record before it returned. When the journal cannot be flushed, they
    /// are written as a new snapshot instead; the error is thrown only when that fails too (they
    /// stay in the engine, and the next write tries again).
    public func sync() throws(TipStoreError) {
        try history.sync()
        try settle()
        do {
            try journal?.sync()
        } catch {
            health = .needsSnapshot
            try settle()
        }
    }

    // MARK: - Questions

    /// Every tip, group and widget at `now` (see `TipEngine.evaluate(at:explaining:)`). The
    /// exposures it decides (of the tips with a holdout that display, or in their holdout arm
    /// would display) are recorded, each as an operation; one whose record cannot be written is
    /// recorded at a later decision.
    public func evaluate(at now: Double, explaining: Bool = false) -> EvaluationResult {
        let evaluation = engine.evaluation(at: now, explaining: explaining)
        for exposure in evaluation.exposures { try? record(.expose(exposure)) }
        return evaluation.result
    }

    /// The ids of the tips to show at `now`, one new tip per display-frequency period and one
    /// tip per group (see `TipEngine.tipsToDisplay(at:)`): record a display of each. The
    /// exposures of the tips with a holdout the session shows, or would have presented in their
    /// holdout arm, are recorded, each as an operation; one whose record cannot be written is
    /// recorded at a later session.
    public func tipsToDisplay(at now: Double) -> [String] {
        let presented = engine.presentation(at: now)
        for exposure in presented.exposures { try? record(.expose(exposure)) }
        return presented.tips
    }

    /// Calls `handler` with each status change after every recorded operation, as
    /// `TipEngine.observeStatusChanges(_:)` does (a rules update starts observation again).
    public func observeStatusChanges(_ handler: @escaping (StatusChange) -> Void) -> StatusObservation {
        engine.observeStatusChanges(handler)
    }

    // MARK: - Rules updates and compaction

    /// Applies downloaded rules: verifies them, checks them against `policy` and the rules in
    /// force, carries the state over and writes rules and state in one new snapshot. On any
    /// failure the rules in force stay and the error says why (`inDoubt`: the folder says which
    /// rules are in force, and the store reads it back). Returns what was not carried over.
    @discardableResult
    public func update(toRules bytes: [UInt8], policy: RulesUpdatePolicy = RulesUpdatePolicy())
        throws(TipStoreError) -> [CarryOverProblem] {
        try settle()
        var updated = engine
        let problems: [CarryOverProblem]
        do { problems = try updated.update(toBytes: bytes, policy: policy).problems } catch { throw .rulesUpdate(error) }
        if let synced = history.history { updated.adoptAll(synced, now: options.now?()) }
        do {
            try writeSnapshot(of: updated, rules: bytes)
        } catch {
            // The observers (shared with `updated`) heard of the new rules: they hear every tip again.
            let current = engine
            engine.restore(current)
            failed(error, readingBack: false)
            throw error
        }
        return problems
    }

    /// Writes the whole state as a new snapshot and starts a new journal; the generation before
    /// stays as a fallback and older ones are removed.
    public func compact() throws(TipStoreError) {
        try settle()
        do {
            try writeSnapshot()
        } catch {
            failed(error, readingBack: false)
            throw error
        }
    }

    // MARK: - Readers

    /// The folder's state as of its last durable operation, without taking the writer's lock:
    /// for a widget extension or a support tool while the app may be writing. Never writes.
    public static func read(folder: String, fileLayer: any FileLayer = PosixFileLayer()) throws(TipStoreError) -> StoredState {
        let files = FolderFiles(layer: fileLayer)
        guard var loaded = try FolderLoader.load(FolderLayout(folder: folder), files: files) else {
            throw .notAStateFolder(folder: folder, "it holds no saved state")
        }
        var history = try FolderHistory.read(folder: folder, journaled: (loaded.journaled, loaded.engine.program), files: files)
        let now = TipStoreOptions.systemClock()
        if var read = history {
            // What the writer's open would recover from a history that lost operations, in memory.
            if read.lostOperations {
                _ = FolderHistory.takeBack(into: &read.history, from: &loaded.engine, now: now)
            } else {
                loaded.engine.adoptAll(read.history, now: now)
            }
            history = read
        }
        return StoredState(engine: loaded.engine, programBytes: loaded.programBytes, recovery: loaded.notes + (history?.notes ?? []),
                           history: history?.history, installID: (try? InstallFile.read(folder: folder, files: files))?.install)
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
