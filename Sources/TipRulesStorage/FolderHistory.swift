#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime

/// A state folder's install id and, once it syncs, its merged history (`SyncHistory`), kept
/// beside its snapshots and journal:
///
/// - `install`: the folder's install id (`InstallFile`), written when a writer first opens it;
/// - `history.tipsync`: the history as one change set, replaced whole (written new, renamed);
///   written when the folder first syncs, with the state it had then as its install's first
///   operations (`SyncHistory.recordBaseline(of:date:)`);
/// - `history-journal.tipsync`: change sets appended one after another since: each local
///   operation's, and each received one's new operations as one change set, flushed before the
///   merge returns. A torn or damaged tail is dropped whole, so a received change set is in the
///   folder entirely or not at all.
///
/// Operations are identified by install and number, so the journal may repeat what the base
/// holds (after a crash during compaction) without effect. Once a folder syncs, its history
/// decides the synced state: what a damaged state journal lost, the history still holds.
final class FolderHistory {
    static let baseName = "history.tipsync"
    static let journalName = "history-journal.tipsync"
    /// The journal is folded into the base once it is larger than this and than half the base.
    static let journalBound = 1 << 20

    let folder: String
    let install: InstallID
    /// The merged history; nil until the folder first syncs.
    private(set) var history: SyncHistory?
    /// What reading the history recovered from (a damaged journal tail).
    private(set) var notes: [RecoveryNote] = []
    private var descriptor: Int32 = -1
    private var journalSize = 0
    private var baseSize = 0

    private var basePath: String { folder + "/" + Self.baseName }
    private var journalPath: String { folder + "/" + Self.journalName }

    private init(folder: String, install: InstallID) {
        self.folder = folder
        self.install = install
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens the folder's history for its writer, giving a folder without an install id one, and
    /// sets `engine`'s synced state to what the history decides if the folder syncs.
    static func forWriter(folder: String, engine: inout TipEngine) throws(TipStoreError) -> FolderHistory {
        let install: InstallID
        if let existing = try? InstallFile.read(folder: folder) {
            install = existing
        } else {
            // No install id, or an unreadable one in a folder that never synced: a new one.
            guard try PosixFile.contents(of: folder + "/" + baseName) == nil else {
                throw .notAStateFolder(folder: folder, "its install file does not hold an install id")
            }
            install = InstallID.random()
            try InstallFile.write(install, folder: folder)
        }
        let opened = FolderHistory(folder: folder, install: install)
        if let loaded = try load(folder: folder, install: install) {
            opened.history = loaded.history
            opened.journalSize = loaded.journalEnd
            opened.baseSize = loaded.baseSize
            opened.notes = loaded.notes
            if !loaded.notes.isEmpty { try opened.truncateJournal() }
            engine.adoptAll(loaded.history)
        }
        return opened
    }

    /// The folder's history as a reader sees it, without writing, and what reading it recovered
    /// from; nil when the folder does not sync.
    static func read(folder: String) throws(TipStoreError) -> (history: SyncHistory, notes: [RecoveryNote])? {
        guard try PosixFile.contents(of: folder + "/" + baseName) != nil, let install = try InstallFile.read(folder: folder) else {
            return nil
        }
        return try load(folder: folder, install: install).map { ($0.history, $0.notes) }
    }

    private static func load(folder: String, install: InstallID)
        throws(TipStoreError) -> (history: SyncHistory, journalEnd: Int, baseSize: Int, notes: [RecoveryNote])? {
        // The journal first: a compaction that replaces the base after this read folds the
        // journal read into it, so nothing is missed.
        let journal = try PosixFile.contents(of: folder + "/" + journalName) ?? []
        guard let base = try PosixFile.contents(of: folder + "/" + baseName) else { return nil }
        var history = SyncHistory(install: install)
        do {
            _ = try history.add(try ChangeSet(decoding: base).operations)
        } catch .format(.newerVersion(let found, let newest)) {
            throw .newerFileFormat(file: baseName, .newerVersion(found, newestRead: newest))
        } catch {
            throw .notAStateFolder(folder: folder, "its history file '\(baseName)' cannot be read: \(error)")
        }
        var (changeSets, end, damage) = ChangeSet.sequence(in: journal)
        if case .newerVersion(let found, let newest) = damage {
            throw .newerFileFormat(file: journalName, .newerVersion(found, newestRead: newest))
        }
        var notes: [RecoveryNote] = []
        var offset = 0
        for (changeSet, next) in changeSets {
            // An entry that contradicts what is held cannot be whole: it is damage, as a torn tail is.
            guard (try? history.add(changeSet.operations)) != nil else {
                (end, damage) = (offset, .malformed(at: offset, "a change set that contradicts the history"))
                break
            }
            offset = next
        }
        if let damage { notes.append(.journalTailDropped(file: journalName, offset: end, damage)) }
        return (history, end, base.count, notes)
    }

    // MARK: - Writing

    /// The merged history, started now if the folder did not sync yet: `engine`'s state becomes
    /// this install's first operations (dated `date` where they have none of their own).
    func started(with engine: TipEngine, date: Double) throws(TipStoreError) -> SyncHistory {
        if let history { return history }
        var baseline = SyncHistory(install: install)
        baseline.recordBaseline(of: engine.store, date: date)
        let base = baseline.changes(app: engine.program.app).encoded()
        try PosixFile.writeDurably([], to: journalPath, folder: folder)
        // The base last: its presence says the folder syncs.
        try PosixFile.writeDurably(base, to: basePath, folder: folder)
        (history, baseSize, journalSize) = (baseline, base.count, 0)
        return baseline
    }

    /// Records `operation` made on this install: performs it on `engine` and, if the folder
    /// syncs, appends what it recorded to the journal (flushed when `flush`).
    func perform(_ operation: TipOperation, on engine: inout TipEngine, date: Double, flush: Bool) throws(TipStoreError) {
        guard var current = history else {
            do { try operation.apply(to: &engine) } catch { throw .refused(error as? EngineError ?? .noSuchEvent("\(error)")) }
            return
        }
        // The one reference while the operation appends to it (a shared one would copy its arrays).
        history = nil
        defer { history = current }
        let recorded: [StampedOperation]
        do { recorded = try engine.perform(operation, recordingIn: &current, date: date) } catch {
            throw .refused(error as? EngineError ?? .noSuchEvent("\(error)"))
        }
        guard !recorded.isEmpty else { return }
        do {
            try append(ChangeSet(app: engine.program.app, operations: recorded), flush: flush)
        } catch {
            // Not written: the next operations take these numbers.
            current.forget(recorded)
            throw error
        }
    }

    /// Applies a received change set: refused whole (nothing written, nothing changed) when it
    /// is for another app or contradicts the history; otherwise its new operations are appended
    /// and flushed (the commit), then `engine` takes what the merged history decides.
    func merge(_ changeSet: ChangeSet, into engine: inout TipEngine, date: Double) throws(TipStoreError) -> MergeReport {
        guard changeSet.app == engine.program.app else {
            throw .changeSet(.foreignApp(expected: engine.program.app, found: changeSet.app))
        }
        let (new, waiting) = try preview(changeSet)
        guard !new.isEmpty else { return MergeReport(applied: 0, waiting: waiting, changes: []) }
        let wasSyncing = history != nil
        _ = try started(with: engine, date: date)
        try append(ChangeSet(app: changeSet.app, operations: new), flush: true)
        // Written: now in place (the check above refused what `add` would refuse).
        let applied = (try? history?.add(new)) ?? []
        guard let merged = history else { return MergeReport(applied: 0, waiting: 0, changes: []) }
        let changes = wasSyncing ? engine.adopt(merged, newOperations: applied) : engine.adoptAll(merged)
        if journalSize > max(Self.journalBound, baseSize / 2) { try? compact(app: engine.program.app) }
        return MergeReport(applied: applied.count, waiting: merged.pendingCount, changes: changes)
    }

    /// The operations of `changeSet` the history does not hold, and how many wait past a gap;
    /// throws what `SyncHistory.add(_:)` would.
    private func preview(_ changeSet: ChangeSet) throws(TipStoreError) -> (new: [StampedOperation], waiting: Int) {
        let current = history ?? SyncHistory(install: install)
        do { try current.check(changeSet.operations) } catch { throw .changeSet(error) }
        return (changeSet.operations.filter { !current.holds($0) }, current.pendingCount)
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
    private func compact(app: String?) throws(TipStoreError) {
        guard let history else { return }
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
