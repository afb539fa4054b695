import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesTestSupport

/// A folder's identity does not hang on one file or one byte: a lost `FORMAT` file, a damaged
/// version field, leftover temporary files; and every snapshot writer keeps the folder bounded.
struct FolderIdentityTests {
    let program: Program
    let folder = temporaryFolder()

    init() throws {
        program = try compile(storageSource)
    }

    private func donate(_ store: TipStore, at date: Double) throws {
        try store.donate(event: "visited", fields: ["backyardID": .int(Int(date))], at: date)
    }

    /// Two generations: 1, 2 in snapshot 2's state, 3 in journal 2.
    private func twoGenerations() throws {
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        try donate(store, at: 1)
        try store.compact()
        try donate(store, at: 2)
        try store.compact()
        try donate(store, at: 3)
    }

    private func dates(_ store: TipStore) -> [Double] {
        store.engine.store.donations(event: 0).map(\.date)
    }

    @Test func aLostFormatFileIsRecoveredNotASecondHistory() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        try FileManager.default.removeItem(atPath: folder + "/FORMAT")
        #expect(try TipStore.read(folder: folder).recovery.contains(.formatFileMissing))
        #expect(throws: TipStoreError.notAStateFolder(folder: folder, "it already holds a state; choose a new folder")) {
            try TipStore.create(folder: folder, programBytes: program.encoded(), engine: TipEngine(program: program))
        }
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program)
            #expect(store.recovery.contains(.formatFileMissing))
            #expect(dates(store) == [1, 2, 3])
            try donate(store, at: 4)
        }
        #expect(bytes(of: folder + "/FORMAT") == Array("tiprules-state-folder 1\n".utf8))
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(store.recovery.isEmpty)
        #expect(dates(store) == [1, 2, 3, 4])
    }

    @Test(arguments: ["tiprules-state-folder -1\n", "tiprules-state-folder 0\n", "tiprules-state-folder 01\n",
                      "tiprules-state-folder 1x\n", "tiprules-state-folder +1\n", "tiprules-state-folder \n", "",
                      "tiprules-state-folder 1234567890\n", "tiprules-state-folder 1\n\n"])
    func aFormatFileNamingNoKnownPositiveVersionIsRefused(_ format: String) throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        write(Array(format.utf8), to: folder + "/FORMAT")
        #expect(throws: TipStoreError.notAStateFolder(folder: folder, "its FORMAT file does not name a storage version")) {
            try TipStore.open(folder: folder, bundledProgram: program)
        }
    }

    /// The longest version a `FORMAT` file may name: nine digits.
    @Test func aFormatFileOfNineDigitsIsANewerVersion() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        write(Array("tiprules-state-folder 999999999\n".utf8), to: folder + "/FORMAT")
        #expect(throws: TipStoreError.newerStorageVersion(folder: folder, found: 999_999_999, newestRead: 2)) {
            try TipStore.open(folder: folder, bundledProgram: program)
        }
    }

    @Test func aFormatFileWithoutItsLineBreakIsRead() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        write(Array("tiprules-state-folder 1".utf8), to: folder + "/FORMAT")
        #expect(try TipStore.read(folder: folder).recovery.isEmpty)
    }

    @Test func aDamagedVersionFieldOfTheNewestSnapshotFallsBackToTheOneBefore() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        var snapshot = bytes(of: folder + "/snapshot-3.tipstate")
        snapshot[4] = 254
        write(snapshot, to: folder + "/snapshot-3.tipstate")
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(dates(store) == [1, 2, 3])
        #expect(store.recovery.first == .snapshotUnreadable(file: "snapshot-3.tipstate", .newerVersion(254, newestRead: 1)))
    }

    @Test func aDamagedVersionFieldOfAJournalDropsThatJournalOnly() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        var journal = bytes(of: folder + "/journal-3.tipjournal")
        journal[4] = 254
        write(journal, to: folder + "/journal-3.tipjournal")
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(dates(store) == [1, 2])
        guard case .journalTailDropped("journal-3.tipjournal", 0, .newerVersion(254, _)) = store.recovery.first else {
            Issue.record("not reported: \(store.recovery)")
            return
        }
    }

    @Test func aNewerVersionIsStillRefusedWhereNoFormatFileGovernsTheFolder() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        try FileManager.default.removeItem(atPath: folder + "/FORMAT")
        var snapshot = bytes(of: folder + "/snapshot-3.tipstate")
        snapshot[4] = 2
        write(snapshot, to: folder + "/snapshot-3.tipstate")
        #expect(throws: TipStoreError.newerFileFormat(file: "snapshot-3.tipstate", .newerVersion(2, newestRead: 1))) {
            try TipStore.open(folder: folder, bundledProgram: program)
        }
    }

    @Test func leftoverTemporaryFilesAreRemovedAtOpen() throws {
        defer { removeTemporaryFolder(folder) }
        try twoGenerations()
        let leftovers = ["journal-4.tipjournal.tmp", "snapshot-4.tipstate.tmp", "FORMAT.tmp", "install.tmp", "history.tipsync.tmp"]
        for name in leftovers { write([1, 2, 3], to: folder + "/" + name) }
        write([1], to: folder + "/notes.tmp")
        _ = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(files(in: folder) == ["FORMAT", "install", "journal-2.tipjournal", "journal-3.tipjournal", "lock", "notes.tmp",
                                      "snapshot-2.tipstate", "snapshot-3.tipstate"])
    }

    /// Rules updates and recovery write snapshots as compaction does: pruned to what a rule can
    /// see, with two generations kept.
    @Test func everySnapshotWriterPrunesAndKeepsTwoGenerations() throws {
        defer { removeTemporaryFolder(folder) }
        let limited = storageSource.replacingOccurrences(of: "event visited(backyardID: Int)",
                                                         with: "event visited(backyardID: Int) limit(maximumCount: 3)")
        let options = TipStoreOptions(now: { 1_000 })
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: try compile(limited), options: options)
            for release in 4...8 {
                for n in 0..<20 { try donate(store, at: Double(release * 100 + n)) }
                try store.update(toRules: compile(limited.replacingOccurrences(of: "release(3)", with: "release(\(release))")).encoded())
                #expect(try TipStore.read(folder: folder).engine.store.donationCount(event: 0) == 3)
                #expect(files(in: folder).filter { $0.hasPrefix("snapshot-") }.count == 2)
            }
            for n in 0..<20 { try donate(store, at: Double(900 + n)) }
        }
        let journal = folder + "/journal-6.tipjournal"
        write(bytes(of: journal) + [9, 9, 9], to: journal)
        let store = try TipStore.open(folder: folder, bundledProgram: program, options: options)
        #expect(!store.recovery.isEmpty)
        #expect(dates(store) == [917, 918, 919])
        #expect(files(in: folder).filter { $0.hasPrefix("snapshot-") } == ["snapshot-6.tipstate", "snapshot-7.tipstate"])
    }
}
