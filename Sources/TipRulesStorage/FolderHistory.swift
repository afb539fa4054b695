#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime

/// A state folder's merged history (`SyncHistory`), kept beside its snapshots and journal:
///
/// - `install`: the folder's install id (`InstallFile`), written once;
/// - `history.tipsync`: the history as one change set, replaced whole (written new, renamed);
/// - `history-journal.tipsync`: change sets appended one after another since: each local
///   operation's, and each received one's new operations as one change set, flushed before the
///   merge returns. A torn or damaged tail is dropped whole, so a received change set is in the
///   folder entirely or not at all.
///
/// Operations are identified by install and number, so the journal may repeat what the base
/// holds (after a crash during compaction) without effect. A folder's operations from before
/// it had an install id (an older folder, an imported fixture) become its install's first ones
/// (`SyncHistory.recordBaseline(of:date:)`).
final class FolderHistory {
    static let baseName = "history.tipsync"
    static let journalName = "history-journal.tipsync"
    /// The journal is folded into the base once it is larger than this and than half the base.
    static let journalBound = 1 << 20

    let folder: String
    private(set) var history: SyncHistory
    private var descriptor: Int32 = -1
    private var journalSize: Int
    private var baseSize: Int

    private var basePath: String { folder + "/" + Self.baseName }
    private var journalPath: String { folder + "/" + Self.journalName }

    private init(folder: String, history: SyncHistory, journalSize: Int, baseSize: Int) {
        self.folder = folder
        self.history = history
        self.journalSize = journalSize
        self.baseSize = baseSize
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens the folder's history for its writer and sets `engine`'s synced state to what it
    /// decides; a folder without an install id gets one, with its state as its first operations
    /// (dated `date` where they have no date of their own).
    static func forWriter(folder: String, engine: inout TipEngine, date: Double) throws(TipStoreError) -> FolderHistory {
        let opened: FolderHistory
        if let loaded = try load(folder: folder) {
            opened = FolderHistory(folder: folder, history: loaded.history, journalSize: loaded.journalEnd, baseSize: loaded.baseSize)
            if loaded.journalDamaged { try opened.truncateJournal() }
        } else {
            var history = SyncHistory(install: InstallID.random())
            history.recordBaseline(of: engine.store, date: date)
            let base = history.changes(app: engine.program.app).encoded()
            try PosixFile.writeDurably(base, to: folder + "/" + baseName, folder: folder)
            try PosixFile.writeDurably([], to: folder + "/" + journalName, folder: folder)
            // Written last: the base and journal it names are whole.
            try InstallFile.write(history.install, folder: folder)
            opened = FolderHistory(folder: folder, history: history, journalSize: 0, baseSize: base.count)
        }
        engine.adoptAll(opened.history)
        return opened
    }

    /// The folder's history as a reader sees it, without writing; nil when the folder has no
    /// install id yet.
    static func read(folder: String) throws(TipStoreError) -> SyncHistory? {
        try load(folder: folder)?.history
    }

    private static func load(folder: String)
        throws(TipStoreError) -> (history: SyncHistory, journalEnd: Int, journalDamaged: Bool, baseSize: Int)? {
        guard let install = try InstallFile.read(folder: folder) else { return nil }
        // The journal first: a compaction that replaces the base after this read folds the
        // journal read into it, so nothing is missed.
        let journal = try PosixFile.contents(of: folder + "/" + journalName) ?? []
        guard let base = try PosixFile.contents(of: folder + "/" + baseName) else {
            throw .notAStateFolder(folder: folder, "its history file '\(baseName)' is missing")
        }
        var history = SyncHistory(install: install)
        do {
            _ = try history.add(try ChangeSet(decoding: base).operations)
        } catch .format(.newerVersion(let found, let newest)) {
            throw .newerFileFormat(file: baseName, .newerVersion(found, newestRead: newest))
        } catch {
            throw .notAStateFolder(folder: folder, "its history file '\(baseName)' cannot be read: \(error)")
        }
        let (changeSets, end, damage) = ChangeSet.sequence(in: journal)
        if case .newerVersion(let found, let newest) = damage {
            throw .newerFileFormat(file: journalName, .newerVersion(found, newestRead: newest))
        }
        for changeSet in changeSets {
            // A journal entry the base contradicts cannot be: it is damage, as a torn tail is.
            guard (try? history.add(changeSet.operations)) != nil else { break }
        }
        return (history, end, damage != nil, base.count)
    }

    // MARK: - Writing

    /// Records `operation` made on this install: performs it on `engine` and appends what it
    /// recorded to the journal (flushed when `flush`).
    func perform(_ operation: TipOperation, on engine: inout TipEngine, date: Double, flush: Bool) throws(TipStoreError) {
        var next = history
        let recorded: [StampedOperation]
        do { recorded = try engine.perform(operation, recordingIn: &next, date: date) } catch {
            throw .refused(error as? EngineError ?? .noSuchEvent("\(error)"))
        }
        if !recorded.isEmpty { try append(ChangeSet(app: engine.program.app, operations: recorded), flush: flush) }
        // Only once written: an operation that could not be is numbered again by the next one.
        history = next
    }

    /// Applies a received change set: refused whole (nothing written, nothing changed) when it
    /// is for another app or contradicts the history; otherwise its new operations are appended
    /// and flushed (the commit), then `engine` takes what the merged history decides.
    func merge(_ changeSet: ChangeSet, into engine: inout TipEngine) throws(TipStoreError) -> MergeReport {
        guard changeSet.app == engine.program.app else {
            throw .changeSet(.foreignApp(expected: engine.program.app, found: changeSet.app))
        }
        let new = changeSet.operations.filter { !history.holds($0) }
        var next = history
        let applied: [StampedOperation]
        do { applied = try next.add(changeSet.operations) } catch { throw .changeSet(error) }
        guard !new.isEmpty else { return MergeReport(applied: 0, waiting: history.pendingCount, changes: []) }
        try append(ChangeSet(app: changeSet.app, operations: new), flush: true)
        history = next
        let changes = engine.adopt(history, newOperations: applied)
        if journalSize > max(Self.journalBound, baseSize / 2) { try? compact(app: engine.program.app) }
        return MergeReport(applied: applied.count, waiting: history.pendingCount, changes: changes)
    }

    /// Appends one change set to the journal; a failed write is cut off again.
    private func append(_ changeSet: ChangeSet, flush: Bool) throws(TipStoreError) {
        let bytes = changeSet.encoded()
        if descriptor < 0 {
            descriptor = open(journalPath, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0, lseek(descriptor, off_t(journalSize), SEEK_SET) >= 0 else {
                throw PosixFile.failure("open", journalPath)
            }
        }
        do {
            try PosixFile.writeAll(bytes, to: descriptor, path: journalPath)
            if flush { try PosixFile.sync(descriptor, path: journalPath) }
            journalSize += bytes.count
        } catch {
            ftruncate(descriptor, off_t(journalSize))
            lseek(descriptor, off_t(journalSize), SEEK_SET)
            throw error
        }
    }

    /// Flushes the journal's appended change sets.
    func sync() throws(TipStoreError) {
        if descriptor >= 0 { try PosixFile.sync(descriptor, path: journalPath) }
    }

    /// Cuts a damaged tail off the journal.
    private func truncateJournal() throws(TipStoreError) {
        guard truncate(journalPath, off_t(journalSize)) == 0 else { throw PosixFile.failure("cut the damaged tail of", journalPath) }
    }

    /// Writes the whole history as the new base and starts an empty journal.
    func compact(app: String?) throws(TipStoreError) {
        let base = history.changes(app: app).encoded()
        try PosixFile.writeDurably(base, to: basePath, folder: folder)
        baseSize = base.count
        try PosixFile.writeDurably([], to: journalPath, folder: folder)
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        journalSize = 0
    }
}

/// What applying a change set did: how many operations it brought (0: all were held already),
/// how many wait for operations of their install still missing, and the status changes.
public struct MergeReport: Sendable {
    public var applied: Int
    public var waiting: Int
    public var changes: [StatusChange]
}
