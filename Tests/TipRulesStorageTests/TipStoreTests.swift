import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// A state folder (`TipStore`): reopening, the lock, readers, rules updates, recovery.
struct TipStoreTests {
    let program: Program
    let folder = temporaryFolder()

    init() throws {
        program = try compile(storageSource)
    }

    @Test func aReopenedFolderHoldsEveryOperation() throws {
        defer { removeTemporaryFolder(folder) }
        var expected: [UInt8] = []
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program)
            try store.setParameter("isLoggedIn", .bool(true))
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            try store.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
            #expect(store.tipsToDisplay(at: 30) == ["Favorite", "Welcome"])
            try store.recordDisplay(tip: "Favorite", at: 30, duration: 4)
            try store.close(tip: "Welcome")
            expected = store.engine.savedState()
            #expect(throws: TipStoreError.refused(.noSuchEvent("nope"))) { try store.donate(event: "nope", at: 1) }
        }
        let reopened = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(reopened.recovery.isEmpty)
        #expect(reopened.engine.savedState() == expected)
        #expect(files(in: folder) == ["FORMAT", "install", "journal-1.tipjournal", "lock", "snapshot-1.tipstate"])
    }

    @Test func aSecondWriterIsRefusedAndReadersSeeTheLastOperation() throws {
        defer { removeTemporaryFolder(folder) }
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(throws: TipStoreError.locked(folder: folder)) { try TipStore.open(folder: folder, bundledProgram: program) }
        try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
        let read = try TipStore.read(folder: folder)
        #expect(read.engine.savedState() == store.engine.savedState())
        #expect(read.programBytes == program.encoded())
    }

    @Test func compactionKeepsTheStateAndTwoGenerations() throws {
        defer { removeTemporaryFolder(folder) }
        let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(journalBound: 200))
        for n in 0..<100 { try store.donate(event: "visited", fields: ["backyardID": .int(n)], at: Double(n)) }
        let snapshots = files(in: folder).filter { $0.hasPrefix("snapshot-") }
        #expect(snapshots.count == 2)
        #expect(try TipStore.read(folder: folder).engine.savedState() == store.engine.savedState())
    }

    @Test func aCorruptSnapshotFallsBackToThePreviousOne() throws {
        defer { removeTemporaryFolder(folder) }
        let expected: [UInt8]
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program)
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            try store.compact()
            try store.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
            expected = store.engine.savedState()
        }
        var snapshot = bytes(of: folder + "/snapshot-2.tipstate")
        snapshot[snapshot.count / 2] ^= 1
        write(snapshot, to: folder + "/snapshot-2.tipstate")
        let reopened = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(reopened.engine.savedState() == expected)
        guard case .snapshotUnreadable(let file, _) = reopened.recovery.first else {
            Issue.record("no recovery note: \(reopened.recovery)")
            return
        }
        #expect(file == "snapshot-2.tipstate")
    }

    @Test func aTornJournalTailIsDroppedAndReported() throws {
        defer { removeTemporaryFolder(folder) }
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program)
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            try store.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
        }
        let journal = bytes(of: folder + "/journal-1.tipjournal")
        write(Array(journal.dropLast(3)), to: folder + "/journal-1.tipjournal")
        let reopened = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(reopened.engine.store.donations(event: 0).map(\.date) == [10])
        guard case .journalTailDropped(let file, _, _) = reopened.recovery.first else {
            Issue.record("no recovery note: \(reopened.recovery)")
            return
        }
        #expect(file == "journal-1.tipjournal")
        try reopened.donate(event: "visited", fields: ["backyardID": .int(3)], at: 30)
        #expect(try TipStore.read(folder: folder).engine.store.donations(event: 0).map(\.date) == [10, 30])
    }

    /// A listing that shows no snapshot is read again (a compaction's rename and removal can
    /// both pass a listing by); a folder that really holds none is still refused, whole.
    @Test func aFolderWithoutASnapshotIsRefusedAfterReadingAgain() throws {
        defer { removeTemporaryFolder(folder) }
        _ = try TipStore.open(folder: folder, bundledProgram: program)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        for name in names where name.hasPrefix("snapshot-") {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        #expect(throws: TipStoreError.noReadableSnapshot(folder: folder, [])) { try TipStore.read(folder: folder) }
    }

    @Test func aFolderOfANewerStorageVersionIsAClearError() throws {
        defer { removeTemporaryFolder(folder) }
        _ = try TipStore.open(folder: folder, bundledProgram: program)
        write(Array("tiprules-state-folder 3\n".utf8), to: folder + "/FORMAT")
        #expect(throws: TipStoreError.newerStorageVersion(folder: folder, found: 3, newestRead: 2)) {
            try TipStore.open(folder: folder, bundledProgram: program)
        }
    }

    @Test func generationNumbersThatCouldOverflowAreNotTheFolders() throws {
        defer { removeTemporaryFolder(folder) }
        _ = try TipStore.open(folder: folder, bundledProgram: program)
        write([0], to: folder + "/snapshot-9223372036854775807.tipstate")
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        try store.compact()
        #expect(files(in: folder).contains("snapshot-2.tipstate"))
    }

    @Test func observersHearOfRecordedOperations() throws {
        defer { removeTemporaryFolder(folder) }
        let store = try TipStore.open(folder: folder, bundledProgram: program)
        var changes: [String] = []
        let observation = store.observeStatusChanges { changes.append("\($0.tip) \($0.newDisplay)") }
        try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
        try store.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
        observation.cancel()
        #expect(changes == ["Favorite false", "Welcome true", "Favorite true"])
    }

    @Test func aFolderOfOtherFilesIsNotTakenOver() throws {
        defer { removeTemporaryFolder(folder) }
        write([1, 2, 3], to: folder + "/notes.txt")
        #expect(throws: TipStoreError.self) { try TipStore.open(folder: folder, bundledProgram: program) }
        #expect(files(in: folder) == ["lock", "notes.txt"])
    }

    @Test func aRulesUpdateIsPersistedAndABadOneChangesNothing() throws {
        defer { removeTemporaryFolder(folder) }
        let newer = try compile(storageSource.replacingOccurrences(of: "release(3)", with: "release(4)")
            .replacingOccurrences(of: "tip Welcome { title: \"w\" }", with: "tip Hello { title: \"h\" }"))
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program)
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            #expect(throws: TipStoreError.rulesUpdate(.olderRelease(inForce: 3, offered: 2))) {
                try store.update(toRules: compile(storageSource.replacingOccurrences(of: "release(3)", with: "release(2)")).encoded())
            }
            #expect(throws: TipStoreError.self) { try store.update(toRules: Array(newer.encoded().dropLast())) }
            #expect(store.engine.program.release == 3)
            #expect(try store.update(toRules: newer.encoded()) == [.tipRemoved("Welcome")])
            try store.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
        }
        let reopened = try TipStore.open(folder: folder, bundledProgram: program)
        #expect(reopened.engine.program.release == 4)
        #expect(reopened.programBytes == newer.encoded())
        #expect(reopened.engine.store.donations(event: 0).count == 2)
    }

    @Test func aBundledProgramOfAHigherReleaseIsTakenOverAtOpen() throws {
        defer { removeTemporaryFolder(folder) }
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program)
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
        }
        let shipped = try compile(storageSource.replacingOccurrences(of: "release(3)", with: "release(5)"))
        let reopened = try TipStore.open(folder: folder, bundledProgram: shipped)
        #expect(reopened.engine.program.release == 5)
        #expect(reopened.engine.store.donationCount(event: 0) == 1)
        #expect(try TipStore.read(folder: folder).engine.program.release == 5)
    }

    @Test func compactionPrunesWhatNoRuleCanSeeSoTheHistoryIsBounded() throws {
        defer { removeTemporaryFolder(folder) }
        let limited = try compile(storageSource.replacingOccurrences(of: "event visited(backyardID: Int)",
                                                                     with: "event visited(backyardID: Int) limit(maximumCount: 3)"))
        let store = try TipStore.open(folder: folder, bundledProgram: limited, options: TipStoreOptions(now: { 1_000 }))
        for n in 0..<20 { try store.donate(event: "visited", fields: ["backyardID": .int(n)], at: Double(n)) }
        try store.compact()
        #expect(store.engine.store.donations(event: 0).map(\.date) == [17, 18, 19])
        #expect(try TipStore.read(folder: folder).engine.store.donationCount(event: 0) == 3)
    }

    @Test func anOperationTooLargeForARecordIsRefusedWhole() throws {
        defer { removeTemporaryFolder(folder) }
        let named = try compile(storageSource.replacingOccurrences(of: "parameter isLoggedIn: Bool = false",
                                                                   with: "parameter isLoggedIn: Bool = false\nparameter nickname: String = \"\""))
        let store = try TipStore.open(folder: folder, bundledProgram: named)
        let huge = String(repeating: "x", count: OperationRecord.maximumPayload)
        do {
            try store.setParameter("nickname", .string(huge))
            Issue.record("a record larger than the journal accepts was written")
        } catch {
            guard case .operationTooLarge(let bytes) = error else { throw error }
            #expect(bytes > OperationRecord.maximumRecord)
        }
        #expect(store.engine.store.parameter(1) == .string(""))
        try store.setParameter("nickname", .string("Sam"))
        #expect(try TipStore.read(folder: folder).engine.store.parameter(1) == .string("Sam"))
    }
}
