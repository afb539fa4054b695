import TipRulesRuntime
import TipRulesState

/// A state folder read back: the engine as of its last good record, and what was recovered from.
struct LoadedFolder {
    var engine: TipEngine
    var programBytes: [UInt8]
    /// The newest generation among the folder's files.
    var newestGeneration: Int
    /// The generation of the snapshot the state was read from.
    var snapshotGeneration: Int
    /// The folder has no `FORMAT` file (it was read from its snapshots): the writer writes it.
    var formatMissing: Bool
    /// The storage version its `FORMAT` file names (nil when it has none).
    var storageVersion: Int?
    /// Whether the newest generation's snapshot was read and its journal, if any, ends cleanly:
    /// then a writer appends to that journal; otherwise it starts a new generation.
    var isClean: Bool
    /// The end of the last good record of the newest generation's journal, if it was read.
    var journalEnd: Int?
    var snapshotSize: Int
    var notes: [RecoveryNote]
    /// The operations replayed from the journals after the snapshot, in order: what the folder's
    /// history must hold too (`SyncHistory.lacks(recordsOf:program:)`).
    var journaled: [TipOperation] = []
}

/// Reads a state folder (`FolderLayout`): the newest readable snapshot, then every journal from
/// its generation on, each up to its last good record. Never writes.
enum FolderLoader {
    /// The folder's state, or nil when there is no state folder there yet (no folder, an empty
    /// one, or one whose creation was cut short before its format file was written).
    static func load(_ layout: FolderLayout, files: FolderFiles) throws(TipStoreError) -> LoadedFolder? {
        // A reader can race with a writer's compaction removing a generation; it reads again.
        let attempts = 8
        for attempt in 1...attempts {
            do {
                return try loadOnce(layout, files: files, isLastAttempt: attempt == attempts)
            } catch {
                guard case .failed(let failure) = error else { continue }
                throw failure
            }
        }
        throw .io("read", path: layout.folder, reason: "its files keep being replaced")
    }

    private enum Failure: Error {
        case vanished(String)
        case failed(TipStoreError)
    }

    /// One reading of the folder. A listing can miss both snapshots of a compaction (the new one
    /// renamed in behind the listing, the old one removed ahead of it): a folder with a format
    /// file always holds a snapshot, so none listed is read again, and reported only when it
    /// stays so (`isLastAttempt`). A folder without its `FORMAT` file but with snapshots or
    /// journals is read from them (never taken for an empty folder, which would start a second
    /// history beside the first); a file of a newer format is then refused, as nothing says the
    /// folder is of this library's version.
    private static func loadOnce(_ layout: FolderLayout, files: FolderFiles, isLastAttempt: Bool) throws(Failure) -> LoadedFolder? {
        let folder = layout.folder
        guard let names = try wrap({ () throws(TipStoreError) in try files.names(in: folder) }) else { return nil }
        let listing = FolderLayout.generations(names)
        let (snapshots, journals) = (listing.snapshots, listing.journals)
        var notes: [RecoveryNote] = []
        let format = try wrap({ () throws(TipStoreError) in try files.contents(of: layout.formatPath) })
        var storageVersion: Int?
        if let format {
            guard let version = FolderLayout.storageVersion(in: format) else {
                throw .failed(.notAStateFolder(folder: folder, "its FORMAT file does not name a storage version"))
            }
            guard version <= FolderLayout.storageVersion else {
                throw .failed(.newerStorageVersion(folder: folder, found: version, newestRead: FolderLayout.storageVersion))
            }
            storageVersion = version
        } else {
            if let foreign = listing.foreign.first {
                throw .failed(.notAStateFolder(folder: folder, "it holds '\(foreign)' and no FORMAT file"))
            }
            guard !snapshots.isEmpty || !journals.isEmpty else { return nil }
            notes.append(.formatFileMissing)
        }
        let governed = format != nil
        if snapshots.isEmpty, !isLastAttempt { throw .vanished("snapshot") }
        let newest = max(snapshots.last ?? 0, journals.last ?? 0)
        for generation in snapshots.reversed() {
            let name = layout.snapshotName(generation)
            guard let bytes = try wrap({ () throws(TipStoreError) in try files.contents(of: layout.snapshotPath(generation)) }) else {
                throw .vanished(name)
            }
            guard let (programBytes, saved) = try readSnapshot(bytes, name: name, governed: governed, notes: &notes) else { continue }
            var loaded = LoadedFolder(engine: saved.engine(), programBytes: programBytes, newestGeneration: newest,
                                      snapshotGeneration: generation, formatMissing: !governed, storageVersion: storageVersion,
                                      isClean: generation == newest && notes.isEmpty, journalEnd: nil,
                                      snapshotSize: bytes.count, notes: notes + saved.problems.map(RecoveryNote.notCarriedOver))
            for journal in journals where journal >= generation {
                try replay(layout, journal, files: files, governed: governed, into: &loaded)
            }
            return loaded
        }
        throw .failed(.noReadableSnapshot(folder: folder, notes))
    }

    /// A snapshot's program bytes and state, or nil (with a note) when it cannot be read. A newer
    /// format version is damage in a folder whose `FORMAT` names this library's version
    /// (`governed`), and refused otherwise.
    private static func readSnapshot(_ bytes: [UInt8], name: String, governed: Bool, notes: inout [RecoveryNote])
        throws(Failure) -> ([UInt8], SavedState)? {
        do {
            let (programBytes, state) = try SnapshotFile.decode(bytes)
            let program: Program
            do {
                program = try Program(bytes: programBytes)
            } catch {
                notes.append(.programUnreadable(file: name, error as? BytecodeError ?? .verificationFailed("\(error)")))
                return nil
            }
            return (programBytes, try StateDecoder.decode(state, for: program))
        } catch .newerVersion(let found, let newest) where !governed {
            throw .failed(.newerFileFormat(file: name, .newerVersion(found, newestRead: newest)))
        } catch {
            notes.append(.snapshotUnreadable(file: name, error))
            return nil
        }
    }

    /// Replays one journal's good records into `loaded`.
    private static func replay(_ layout: FolderLayout, _ generation: Int, files: FolderFiles, governed: Bool,
                               into loaded: inout LoadedFolder) throws(Failure) {
        let name = layout.journalName(generation)
        guard let bytes = try wrap({ () throws(TipStoreError) in try files.contents(of: layout.journalPath(generation)) }) else {
            throw .vanished(name)
        }
        let contents: JournalContents
        do {
            contents = try OperationRecord.read(bytes)
        } catch .newerVersion(let found, let newest) where !governed {
            throw .failed(.newerFileFormat(file: name, .newerVersion(found, newestRead: newest)))
        } catch {
            loaded.notes.append(.journalTailDropped(file: name, offset: 0, error))
            loaded.isClean = false
            return
        }
        for (index, operation) in contents.operations.enumerated() {
            do {
                try operation.apply(to: &loaded.engine)
                loaded.journaled.append(operation)
            } catch {
                loaded.notes.append(.operationSkipped(file: name, index: index, error as? EngineError ?? .noSuchEvent("\(error)")))
            }
        }
        if let damage = contents.damage {
            loaded.notes.append(.journalTailDropped(file: name, offset: contents.end, damage))
            loaded.isClean = false
        }
        if generation == loaded.newestGeneration { loaded.journalEnd = contents.end }
    }

    private static func wrap<Value>(_ body: () throws(TipStoreError) -> Value) throws(Failure) -> Value {
        do { return try body() } catch { throw .failed(error) }
    }
}
