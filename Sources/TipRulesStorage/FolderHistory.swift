#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesState

/// A state folder's install id and, once it syncs, its merged history (`SyncHistory`), kept
/// beside its snapshots and journal:
///
/// - `install`: the folder's install id (`InstallFile`), written when a writer first opens it;
/// - `history.tipsync`: the history as one change set, written (new, renamed) when the folder
///   first syncs, with the state it had then as its install's first operations
///   (`SyncHistory.recordBaseline(of:date:)`);
/// - `history-journal.tipsync`: change sets appended one after another since: each local
///   operation's, and each received one's new operations as one change set (a received full
///   state whole), flushed before the merge returns. A torn or damaged tail is dropped whole, so
///   a received change set is in the folder entirely or not at all.
///
/// Operations are identified by install and number, so a change set that repeats what the
/// history holds adds nothing. Once a folder syncs, its history decides the synced state: what a
/// damaged state journal lost, the history still holds. Both files are read whole when the
/// folder opens, and kept small by compaction (`compact(program:now:)`): the history folded into
/// its baseline and written as a new `history.tipsync` (renamed over the old one), then the
/// journal emptied, so that opening costs the same after years of use as after a week.
final class FolderHistory {
    static let baseName = "history.tipsync"
    static let journalName = "history-journal.tipsync"

    let folder: String
    /// The folder's install id; a new one when another folder turns out to number operations under
    /// it (`merge`).
    private(set) var install: InstallID
    let files: FolderFiles
    /// The folder's `FORMAT`, raised before a change set of format version 2 is first written.
    let format: FolderFormat
    /// The merged history; nil until the folder first syncs.
    private(set) var history: SyncHistory?
    /// What reading the history recovered from (a damaged journal tail).
    private(set) var notes: [RecoveryNote] = []
    /// Whether opening took back what the state held and the history had lost: the state journal's
    /// records are then written into a new snapshot, so that the next open does not count them again.
    private(set) var tookBack = false
    private var descriptor: Int32 = -1
    /// The end of the journal's last whole change set: where the next is appended.
    private(set) var journalSize = 0
    /// The size of `history.tipsync`.
    private var baseSize = 0
    /// The last local operations appended, and where the journal ended before them.
    private var lastAppend: (operations: [StampedOperation], offset: Int)?

    private var basePath: String { folder + "/" + Self.baseName }
    private var journalPath: String { folder + "/" + Self.journalName }

    private init(folder: String, install: InstallID, files: FolderFiles, format: FolderFormat) {
        self.folder = folder
        self.install = install
        self.files = files
        self.format = format
    }

    deinit {
        if descriptor >= 0 { _ = files.layer.close(descriptor) }
    }

    /// Opens the folder's history for its writer and sets `engine`'s synced state to what the
    /// history decides if the folder syncs (`now`: the device's clock, nil when unknown).
    ///
    /// The folder continues as a **new install** when it cannot vouch that no other folder numbers
    /// operations under its install id, or that it knows every operation it numbered: when it
    /// lives elsewhere than where its id was made (a copy: `InstallFile`), when its install file
    /// cannot be read, or when its history journal lost operations (damaged or missing). What the
    /// state holds and the history lost is then recorded again as the new install's operations.
    /// A history file that cannot be read is refused, with how to recover.
    /// `journaled` are the operations read from the state journal, which the history must hold.
    static func forWriter(folder: String, engine: inout TipEngine, journaled: [TipOperation], files: FolderFiles,
                          format: FolderFormat, now: Double?) throws(TipStoreError) -> FolderHistory {
        let identity = files.layer.identity(of: folder)
        var notes: [RecoveryNote] = []
        let existing: (install: InstallID, identity: FileIdentity?)?
        do { existing = try InstallFile.read(folder: folder, files: files) } catch {
            existing = nil
            notes.append(.newInstall(previous: nil, reason: "its install file cannot be read"))
        }
        var install = existing?.install ?? InstallID.random()
        if let existing, let recorded = existing.identity, let identity, recorded != identity {
            install = InstallID.random()
            notes.append(.newInstall(previous: existing.install, reason: "it is a copy of the folder install \(existing.install) was made in"))
        }
        let journal = (journaled, engine.program)
        var loaded = try load(folder: folder, install: install, files: files, journaled: journal)
        if let lost = loaded, lost.lostOperations, install == existing?.install {
            // Numbers past the loss may have reached other installs already: they are not reused.
            install = InstallID.random()
            notes.append(.newInstall(previous: existing?.install, reason: "its history lost operations"))
            loaded = try load(folder: folder, install: install, files: files, journaled: journal)
        }
        if install != existing?.install || existing?.identity == nil, let identity {
            try InstallFile.write(install, identity: identity, folder: folder, files: files)
        }
        let opened = FolderHistory(folder: folder, install: install, files: files, format: format)
        guard let loaded else {
            opened.notes = notes
            return opened
        }
        opened.history = loaded.history
        (opened.journalSize, opened.baseSize) = (loaded.journalEnd, loaded.baseSize)
        notes += loaded.notes
        if loaded.lostOperations {
            try opened.recover(from: &engine, now: now, notes: &notes)
            opened.tookBack = true
        } else {
            engine.adoptAll(loaded.history, now: now)
        }
        opened.notes = notes
        return opened
    }

    /// After the history journal lost operations: the journal made whole again (cut at its last
    /// good change set, or made when missing), and what `engine`'s state holds and the history
    /// lacks recorded as this install's operations, before the engine takes the merged state.
    private func recover(from engine: inout TipEngine, now: Double?, notes: inout [RecoveryNote]) throws(TipStoreError) {
        guard var current = history else { return }
        if try files.contents(of: journalPath) == nil {
            try files.createDurably([], at: journalPath, folder: folder)
        }
        let recorded = Self.takeBack(into: &current, from: &engine, now: now)
        if !recorded.isEmpty {
            try append(ChangeSet(app: engine.program.app, operations: recorded).encoded(), flush: true)
            notes.append(.historyRecovered(operations: recorded.count))
        } else {
            // Only the cut: the damaged tail goes now, so the next open finds a whole journal.
            try append([], flush: true)
        }
        history = current
    }

    /// What a history that lost operations takes back from the state: `engine` (holding the
    /// folder's state) records in `history`, as its install's operations, what its state holds and
    /// the merged history lacks, then takes the merged state. The writer's open does it and writes
    /// them; a reader does the same in memory, so that it shows what the writer would recover.
    static func takeBack(into history: inout SyncHistory, from engine: inout TipEngine, now: Double?) -> [StampedOperation] {
        let state = engine.store
        engine.adoptAll(history, now: now)
        let recorded = history.recordDifference(of: state, from: engine.store, date: now ?? engine.clock ?? 0)
        engine.adopt(history, newOperations: recorded, now: now)
        return recorded
    }

    /// The folder's history as a reader sees it, without writing, and what reading it recovered
    /// from; nil when the folder does not sync.
    static func read(folder: String, journaled: (operations: [TipOperation], program: Program), files: FolderFiles)
        throws(TipStoreError) -> (history: SyncHistory, notes: [RecoveryNote], lostOperations: Bool)? {
        let install = (try? InstallFile.read(folder: folder, files: files))?.install ?? InstallID.random()
        let loaded = try load(folder: folder, install: install, files: files, journaled: journaled)
        return loaded.map { ($0.history, $0.notes, $0.lostOperations) }
    }

    /// Reads the history files: nil when the folder does not sync (no `history.tipsync`). A
    /// history journal that is damaged (its tail dropped) or missing lost operations, and so did
    /// one that lacks what the state journal recorded (`journaled`: cut at a change set's end);
    /// a history file that cannot be read is refused whole.
    private static func load(folder: String, install: InstallID, files: FolderFiles,
                             journaled: (operations: [TipOperation], program: Program))
        throws(TipStoreError) -> (history: SyncHistory, journalEnd: Int, baseSize: Int, notes: [RecoveryNote], lostOperations: Bool)? {
        let journal = try files.contents(of: folder + "/" + journalName)
        guard let base = try files.contents(of: folder + "/" + baseName) else {
            // The base is written after the journal when the folder first syncs and never removed:
            // a journal that holds change sets without it is a history that lost its start.
            guard ChangeSet.sequence(in: journal ?? []).changeSets.isEmpty else { throw unreadable(folder, "it is missing") }
            return nil
        }
        // `FORMAT` governs the folder's version: a history file naming a newer one is damaged.
        var history = SyncHistory(install: install)
        do {
            let changeSet = try ChangeSet(decoding: base)
            _ = try history.reload(changeSet.operations, baseline: changeSet.baseline)
        } catch {
            throw unreadable(folder, "\(error)")
        }
        var (changeSets, end, damage) = ChangeSet.sequence(in: journal ?? [])
        var offset = 0
        for (changeSet, next) in changeSets {
            // An entry that contradicts what is held cannot be whole: it is damage, as a torn tail is.
            guard (try? history.reload(changeSet.operations, baseline: changeSet.baseline)) != nil else {
                (end, damage) = (offset, .malformed(at: offset, "a change set that contradicts the history"))
                break
            }
            offset = next
        }
        var notes = damage.map { [RecoveryNote.journalTailDropped(file: journalName, offset: end, $0)] } ?? []
        if journal == nil { notes.append(.historyJournalMissing) }
        // Cut at a change set's end, it reads whole: what the state journal recorded shows the loss.
        let missing = notes.isEmpty ? history.lacks(recordsOf: journaled.operations, program: journaled.program) : 0
        if missing > 0 { notes.append(.historyBehindState(operations: missing)) }
        return (history, end, base.count, notes, !notes.isEmpty)
    }

    /// The refusal of a folder whose history file cannot be read, saying how to recover.
    private static func unreadable(_ folder: String, _ why: String) -> TipStoreError {
        .notAStateFolder(folder: folder, "its history file '\(baseName)' cannot be read (\(why)). Its state is whole: to recover, "
            + "move '\(baseName)', '\(journalName)' and '\(InstallFile.name)' out of the folder; it then opens with that state and "
            + "syncs as a new install (the other devices may count again what they hold of its history)")
    }

    // MARK: - Writing

    /// The merged history, started now if the folder did not sync yet: `engine`'s state becomes
    /// this install's first operations (dated `date` where they have none of their own).
    func started(with engine: TipEngine, date: Double) throws(TipStoreError) -> SyncHistory {
        if let history { return history }
        var baseline = SyncHistory(install: install)
        baseline.recordBaseline(of: engine.store, date: date)
        try files.createDurably([], at: journalPath, folder: folder)
        // The base last: its presence says the folder syncs.
        let base = baseline.changes(app: engine.program.app)
        try format.require(FolderFormat.version(writing: base))
        let bytes = base.encoded()
        try files.createDurably(bytes, at: basePath, folder: folder)
        (history, journalSize, baseSize) = (baseline, 0, bytes.count)
        return baseline
    }

    /// Whether the journal has grown past `bound` bytes and past the base: then `compact` keeps
    /// opening as cheap as it was (each compaction writes at most about twice what was appended).
    func needsCompaction(bound: Int) -> Bool {
        history != nil && journalSize > max(bound, baseSize)
    }

    /// Folds the history into its baseline (`SyncHistory.compact(for:now:)`: what decides
    /// nothing any more under `program`'s rules at `now` goes) and commits it: the whole history
    /// written as a new `history.tipsync`, flushed and renamed over the old one (the commit
    /// point), then the journal emptied. A crash before the rename leaves the old files; after
    /// it, the journal's change sets are all in the new base, so reading them again adds nothing.
    func compact(program: Program, now: Double?) throws(TipStoreError) {
        guard var current = history else { return }
        current.compact(for: program, now: now)
        let base = current.changes(app: program.app)
        let bytes = base.encoded()
        // A base the folder could not read back is never written: the journal keeps the history.
        guard bytes.count <= ChangeSet.maximumSize else { return }
        try format.require(FolderFormat.version(writing: base))
        try files.replaceDurably(bytes, at: basePath, folder: folder)
        (history, baseSize, journalSize, lastAppend) = (current, bytes.count, 0, nil)
        // A cut that fails is made by the next append (it cuts to `journalSize` first).
        _ = cutBack()
    }

    /// Records `operation` made on this install: performs it on `engine` and, if the folder
    /// syncs, appends what it recorded to the journal (flushed when `flush`).
    func perform(_ operation: TipOperation, on engine: inout TipEngine, date: Double, flush: Bool) throws(TipStoreError) {
        lastAppend = nil
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
        let offset = journalSize
        do {
            let changeSet = ChangeSet(app: engine.program.app, operations: recorded)
            try format.require(FolderFormat.version(writing: changeSet))
            try append(changeSet.encoded(), flush: flush)
        } catch {
            // Not written: the next operations take these numbers.
            current.forget(recorded)
            throw error
        }
        lastAppend = (recorded, offset)
    }

    /// Takes back the last `perform`'s operations (the state journal could not record the
    /// operation): cut off the journal and forgotten. False when the cut fails: the operations may
    /// be in the folder (in doubt); the next append cuts first.
    func takeBackLast() -> Bool {
        guard let (operations, offset) = lastAppend else { return true }
        lastAppend = nil
        history?.forget(operations)
        journalSize = offset
        return cutBack()
    }

    /// Applies a received change set: refused whole (nothing written, nothing changed) when it
    /// is for another app or contradicts the history; otherwise its new operations are appended
    /// and flushed (the commit), then `engine` takes what the merged history decides.
    /// `bytes`, when given, are the change set's own: written as they are when every operation is new.
    /// `now` is the device's clock (nil: unknown; `TipEngine.adopt(_:newOperations:now:)`).
    /// `folded`, when given, is what `changeSet` was folded from (`SyncHistory.folding`): its
    /// folded-away operations count as applied, and the engine takes them as new operations.
    func merge(_ changeSet: ChangeSet, bytes: [UInt8]? = nil, folded: FoldedChangeSet? = nil, into engine: inout TipEngine,
               date: Double, now: Double?, bound: Int = ChangeSet.maximumSize) throws(TipStoreError) -> MergeReport {
        guard changeSet.app == engine.program.app else {
            throw .changeSet(.foreignApp(expected: engine.program.app, found: changeSet.app))
        }
        let (changeSet, bytes, rekeyed) = try resolvingDuplicates(changeSet, bytes: bytes, engine: engine, date: date)
        let (new, waiting) = try preview(changeSet)
        let current = history ?? SyncHistory(install: install)
        // The baseline as far as it is believed: what the journal records, and reading it back takes.
        let believed = changeSet.baseline.map { current.checkedBaseline($0, listing: changeSet.operations) }
        let baseline = believed.flatMap { vector in current.isNew(baseline: vector, listing: changeSet.operations) ? vector : nil }
        let clipped = changeSet.baseline.map { Self.clippedClaims($0, believed: believed ?? $0) } ?? []
        guard !new.isEmpty || baseline != nil else {
            return MergeReport(applied: 0, waiting: waiting, changes: [], warnings: rekeyed + clipped, clearsOrSets: false)
        }
        let wasSyncing = history != nil
        _ = try started(with: engine, date: date)
        // A full state is kept whole: what it lists under its baseline is all that stays there.
        let kept = baseline == nil ? new : changeSet.operations
        let whole = kept.count == changeSet.operations.count && baseline == changeSet.baseline ? bytes : nil
        let written = ChangeSet(app: changeSet.app, operations: kept, baseline: baseline)
        let record = whole ?? written.encoded()
        try checkSize(adding: kept, baseline: baseline, record: record, program: engine.program, now: now, bound: bound)
        try format.require(FolderFormat.version(writing: written))
        try append(record, flush: true)
        // Written: now in place (the check above refused what `add` would refuse).
        let applied = (try? history?.add(kept, baseline: baseline)) ?? []
        guard let merged = history else { return MergeReport(applied: 0, waiting: 0, changes: [], warnings: [], clearsOrSets: false) }
        // A baseline raised only over folded operations folds away nothing held: they are new ones.
        let onlyNew = baseline == nil || folded.map { !$0.fullState } == true
        let changes = wasSyncing && onlyNew
            ? engine.adopt(merged, newOperations: applied, now: now) : engine.adoptAll(merged, now: now)
        // Operations folded away take something from the state, as a reset does.
        let clearsOrSets = baseline != nil || applied.contains { operation in
            switch operation.change {
            case .resetEligibility, .deleteDonations, .setParameter: true
            default: false
            }
        }
        let warnings = rekeyed + clipped + applied.compactMap { HistoryMerge.unfitExposure($0.change, program: engine.program) }
        return MergeReport(applied: applied.count + (folded?.foldedAway ?? 0), waiting: merged.pendingCount, changes: changes,
                           warnings: warnings, clearsOrSets: clearsOrSets)
    }

    /// Applies received change set bytes, as `merge(_:bytes:into:date:now:bound:)` does. One that
    /// would take the journal past `foldBound` and the base (so that the history is compacted
    /// right after) is folded as it is read (`SyncHistory.folding(_:program:now:)`): it costs memory for
    /// what the history keeps of it, and the journal records that (a change set under a raised
    /// baseline), not every operation; one whose installs' operations are not listed in number
    /// order is refused (`ChangeSetError.unordered`).
    func merge(_ received: ChangeSetBytes, into engine: inout TipEngine, date: Double, now: Double?, bound: Int,
               foldBound: Int) throws(TipStoreError) -> MergeReport {
        let bytes = received.bytes
        if folds(bytes.count, bound: foldBound) {
            let folded: FoldedChangeSet?
            do { folded = try (history ?? SyncHistory(install: install)).folding(received, program: engine.program, now: now) }
            catch { throw .changeSet(error) }
            if let folded { return try merge(folded.changeSet, folded: folded, into: &engine, date: date, now: now, bound: bound) }
        }
        return try merge(received.decoded(), bytes: bytes, into: &engine, date: date, now: now, bound: bound)
    }

    /// Whether a change set of `size` bytes is folded as it is read: it would take the journal
    /// past `bound` and the base.
    func folds(_ size: Int, bound: Int) -> Bool {
        journalSize + size > max(bound, baseSize)
    }

    /// Two folders numbering operations under one install id, as `changeSet` shows them
    /// (`SyncHistory.duplicates(in:baseline:)`): where the two parted must be known (the operations
    /// before are both's, and their first difference decides which gives way), else the change
    /// set is refused, asking for the other's whole history. The operations that give way
    /// continue under the install's successor: this folder's (`move`), or the change set's,
    /// which are merged so. Returns the change set to merge (its bytes when it is unchanged) and
    /// what happened, in sentences.
    private func resolvingDuplicates(_ changeSet: ChangeSet, bytes: [UInt8]?, engine: TipEngine, date: Double)
        throws(TipStoreError) -> (ChangeSet, [UInt8]?, [String]) {
        var (changeSet, bytes, said) = (changeSet, bytes, [String]())
        for duplicate in (history ?? SyncHistory(install: install)).duplicates(in: changeSet.operations, baseline: changeSet.baseline) {
            guard duplicate.parting else { throw .changeSet(.duplicateInstall(install: duplicate.install, sequence: duplicate.sequence)) }
            guard !duplicate.oursGiveWay else {
                said.append(try move(duplicate, engine: engine, date: date))
                continue
            }
            let (moved, common) = (duplicate.install, duplicate.common)
            let successor = InstallID.successor(of: moved, partingAt: duplicate.theirs)
            changeSet.operations = SyncHistory.moving(changeSet.operations, of: moved, after: common, to: successor)
            changeSet.baseline = changeSet.baseline.map { SyncHistory.moving($0, of: moved, after: common, to: successor) }
            bytes = nil
            said.append("another folder (a restore or a copy) numbers operations under install \(moved), which this folder holds "
                + "differently from #\(duplicate.sequence) on: the change set's operations since are merged as install \(successor)'s, "
                + "which that folder continues as once it hears from a folder that holds these")
        }
        return (changeSet, bytes, said)
    }

    /// Moves this folder's operations of `duplicate`'s install since the two folders parted to
    /// its successor (`InstallID.successor(of:partingAt:)`, `SyncHistory.moving(_:after:to:)`); when it is this folder's own install,
    /// the folder continues as the successor. Committed as a compaction is (a new
    /// `history.tipsync` renamed in, the journal emptied), then the new `install` file; a crash
    /// in between leaves the former numbers with every operation held, found again at the next
    /// exchange. Nothing changes in the state. Returns what happened, in a sentence.
    private func move(_ duplicate: SyncHistory.Duplicate, engine: TipEngine, date: Double) throws(TipStoreError) -> String {
        let previous = duplicate.install
        // With none of its own to move, any new id will do.
        let successor = duplicate.ours.map { InstallID.successor(of: previous, partingAt: $0) } ?? InstallID.random()
        let moved = try started(with: engine, date: date).moving(previous, after: duplicate.common, to: successor)
        let base = moved.changes(app: engine.program.app)
        try format.require(FolderFormat.version(writing: base))
        let bytes = base.encoded()
        try files.replaceDurably(bytes, at: basePath, folder: folder)
        (history, baseSize, journalSize, lastAppend) = (moved, bytes.count, 0, nil)
        _ = cutBack()
        guard previous == install else {
            return "another folder (a restore or a copy) numbers operations under install \(previous), which this folder held "
                + "differently from #\(duplicate.sequence) on: those it held continue as install \(successor)'s"
        }
        if let identity = files.layer.identity(of: folder) {
            try InstallFile.write(successor, identity: identity, folder: folder, files: files)
        }
        install = successor
        return "another folder (a restore or a copy) numbers operations under this folder's install id \(previous): this folder "
            + "continues as install \(successor), its \(moved.count(of: successor)) operations since the two parted renumbered"
    }

    /// What of a received baseline was not believed, each said in a sentence.
    private static func clippedClaims(_ claimed: VersionVector, believed: VersionVector) -> [String] {
        claimed.counts.sorted { $0.key < $1.key }.compactMap { install, count in
            guard believed[install] < count else { return nil }
            return "the change set's baseline claims \(count) operations of install \(install) were folded, more than this "
                + "folder holds or the change set carries; taken as \(believed[install])"
        }
    }

    /// Refuses operations after which the history, compacted, would be larger than `bound` bytes
    /// (at most `ChangeSet.maximumSize`, what a folder reads back): a folder never becomes
    /// unopenable through a merge. The files as they are bound the merged history's size; only
    /// past `bound` is it folded and written (in memory) to be measured.
    private func checkSize(adding operations: [StampedOperation], baseline: VersionVector?, record: [UInt8],
                           program: Program, now: Double?, bound: Int) throws(TipStoreError) {
        guard baseSize + journalSize + record.count > bound, var candidate = history else { return }
        _ = try? candidate.add(operations, baseline: baseline)
        candidate.compact(for: program, now: now)
        let size = candidate.changes(app: program.app).encoded().count
        guard size <= bound else { throw .changeSet(.historyTooLarge(bytes: size, bound: bound)) }
    }

    /// The operations of `changeSet` the history does not hold, and how many wait past a gap;
    /// throws what `SyncHistory.add(_:)` would.
    private func preview(_ changeSet: ChangeSet) throws(TipStoreError) -> (new: [StampedOperation], waiting: Int) {
        let current = history ?? SyncHistory(install: install)
        do { try current.check(changeSet.operations, baseline: changeSet.baseline) } catch { throw .changeSet(error) }
        return (changeSet.operations.filter { !current.holds($0) }, current.pendingCount)
    }

    /// Appends one change set's bytes to the journal; a failed write is cut off again.
    private func append(_ bytes: [UInt8], flush: Bool) throws(TipStoreError) {
        if descriptor < 0 {
            descriptor = files.layer.open(journalPath, flags: O_WRONLY | O_CLOEXEC, mode: 0)
            guard descriptor >= 0 else { throw FolderFiles.failure("open", journalPath) }
        }
        // Where the last whole change set ends (a tail a failed cut left is cut now).
        guard files.layer.truncate(descriptor, to: journalSize) == 0, lseek(descriptor, off_t(journalSize), SEEK_SET) >= 0 else {
            throw FolderFiles.failure("cut back", journalPath)
        }
        do {
            try files.writeAll(bytes, to: descriptor, path: journalPath)
            if flush { try files.sync(descriptor, path: journalPath) }
        } catch {
            guard cutBack() else { throw error.inDoubt }
            throw error
        }
        journalSize += bytes.count
    }

    /// Cuts the journal back to `journalSize` and flushes the cut; false when that fails (the
    /// next append cuts first).
    private func cutBack() -> Bool {
        guard descriptor >= 0 else { return true }
        return files.layer.truncate(descriptor, to: journalSize) == 0 && files.layer.sync(descriptor) == 0
    }

    /// Flushes the journal's appended change sets.
    func sync() throws(TipStoreError) {
        if descriptor >= 0 { try files.sync(descriptor, path: journalPath) }
    }
}

/// What applying a change set did: how many operations it brought (0: all were held already),
/// how many wait for operations of their install still missing, and the status changes.
public struct MergeReport: Sendable {
    public var applied: Int
    public var waiting: Int
    public var changes: [StatusChange]
    /// What the merge kept out of the state, each said in a sentence: an exposure of a tip the
    /// rules do not declare, or of a holdout group or share they do not hold.
    public var warnings: [String]
    /// Whether an applied operation resets a tip, deletes donations or sets a parameter.
    var clearsOrSets: Bool
}
