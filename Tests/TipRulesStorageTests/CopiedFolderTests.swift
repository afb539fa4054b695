import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// A state folder copied by a backup restore or a device migration: the copy is detected when a
/// writer opens it (it lives elsewhere than where its install id was made) and continues as a new
/// install, so the original and the copy never number operations under one id and still merge
/// into one history with every answered operation.
struct CopiedFolderTests {
    let program: Program
    let original = temporaryFolder()
    let copy = temporaryFolder()

    init() throws {
        program = try compile(storageSource)
    }

    func open(_ folder: String) throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { 5_000 }))
    }

    @Test func aCopiedFolderIsANewInstallAndBothCopiesMergeWithNothingLost() throws {
        defer { removeTemporaryFolder(original); removeTemporaryFolder(copy) }
        let install: InstallID
        do {
            let phone = try open(original)
            try phone.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            _ = try phone.changes()
            try phone.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
            install = phone.installID
        }
        try copyFolder(original, to: copy)
        let restoredID: InstallID
        do {
            let phone = try open(original)
            let restored = try open(copy)
            #expect(phone.installID == install, "the original keeps its install id")
            #expect(restored.installID != install, "the copy is a new install")
            #expect(restored.recovery.contains(.newInstall(previous: install, reason: "it is a copy of the folder install \(install) was made in")))
            // Both go on recording, answered ok.
            for visit in 0..<4 {
                try phone.donate(event: "visited", fields: ["backyardID": .int(10 + visit)], at: 100 + Double(visit))
                try restored.donate(event: "visited", fields: ["backyardID": .int(20 + visit)], at: 200 + Double(visit))
            }
            for (sender, receiver) in [(phone, restored), (restored, phone), (phone, restored)] {
                let report = try receiver.apply(changeSet: try sender.changes(since: receiver.versionVector).encoded())
                #expect(report.waiting == 0, "no operation waits for earlier ones")
            }
            #expect(phone.versionVector == restored.versionVector)
            restoredID = restored.installID
        }
        for folder in [original, copy] {
            do {
                let reopened = try open(folder)
                #expect(reopened.engine.store.donationCount(event: 0) == 10, "\(folder): 2 before the copy, 4 on each since")
                try reopened.donate(event: "visited", fields: ["backyardID": .int(99)], at: 300)
            }
            #expect(try TipStore.read(folder: folder).engine.store.donationCount(event: 0) == 11, "the next write cuts nothing")
        }
        #expect(try open(copy).installID == restoredID, "detected once: the copy's new id is kept")
    }

    @Test func aChangeSetHoldingOperationsThisInstallNeverMadeIsRefused() throws {
        defer { removeTemporaryFolder(original); removeTemporaryFolder(copy) }
        let phone = try open(original)
        try phone.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
        var forged = SyncHistory(install: phone.installID)
        forged.record(.donate(event: "visited", fields: ["backyardID": .int(1)]), date: 10)
        let second = forged.record(.donate(event: "visited", fields: ["backyardID": .int(7)]), date: 11)
        let bytes = ChangeSet(app: program.app, operations: [second]).encoded()
        // It does not show where the two parted: refused, asking for the other's whole history.
        #expect(throws: TipStoreError.changeSet(.duplicateInstall(install: phone.installID, sequence: 2))) {
            try phone.apply(changeSet: bytes)
        }
        #expect(phone.engine.store.donationCount(event: 0) == 1)
    }

    /// A backup written back into the same folder (the inode kept, so the install file cannot
    /// tell): the restored folder numbers new operations under the id whose later operations the
    /// tablet already holds. The first exchange finds it by the operations, the restored folder
    /// continues under a new id from where the two parted, and nothing either answered is lost.
    /// The phone's three visits, a backup of its folder, two visits after it that the tablet
    /// receives, then the backup written back into the same folder (the inode kept); returns the
    /// phone's install id.
    func restoreInPlace(from backup: String) throws -> InstallID {
        let install: InstallID
        do {
            let phone = try open(original)
            for visit in 0..<3 { try phone.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 10 + Double(visit)) }
            _ = try phone.changes()
            install = phone.installID
        }
        try copyFolder(original, to: backup)
        do {
            let phone = try open(original)
            let tablet = try open(copy)
            for visit in 3..<5 { try phone.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 100 + Double(visit)) }
            try exchange(from: phone, to: tablet)
        }
        // The restore: the folder's files replaced by the backup's, in the same folder.
        for name in files(in: original) { try FileManager.default.removeItem(atPath: original + "/" + name) }
        for name in files(in: backup) where name != "lock" {
            try FileManager.default.copyItem(atPath: backup + "/" + name, toPath: original + "/" + name)
        }
        return install
    }

    @Test func aRestoreThatKeepsTheInodeIsFoundByItsOperationsAndBothContinue() throws {
        let backup = temporaryFolder()
        defer { removeTemporaryFolder(original); removeTemporaryFolder(copy); removeTemporaryFolder(backup) }
        let install = try restoreInPlace(from: backup)
        do {
            let phone = try open(original)
            let tablet = try open(copy)
            #expect(phone.installID == install, "nothing tells the restore from the folder")
            try phone.donate(event: "visited", fields: ["backyardID": .int(9)], at: 200)
            // What the tablet sends does not show where the two parted; its whole history does.
            do {
                try exchange(from: tablet, to: phone)
                Issue.record("merged without finding the duplicate")
            } catch {
                guard case TipStoreError.changeSet(.duplicateInstall(install, _))? = error as? TipStoreError else { throw error }
            }
            let report = try phone.apply(changeSet: try tablet.changes().encoded())
            #expect(phone.installID != install, "the restored folder continues under a new id")
            #expect(report.warnings.contains { $0.contains("continues as install \(phone.installID)") }, "\(report.warnings)")
            try exchange(from: phone, to: tablet)
            try exchange(from: tablet, to: phone)
            #expect(phone.versionVector == tablet.versionVector)
            for store in [phone, tablet] {
                #expect(store.engine.store.donationCount(event: 0) == 6, "3 before the backup, 2 after it, 1 after the restore")
            }
        }
        for folder in [original, copy] {
            #expect(try open(folder).engine.store.donationCount(event: 0) == 6, "\(folder) reopened")
        }
    }

    /// Sends what `receiver` lacks from `sender`; when that does not show where two folders under
    /// one install id parted, the sender's whole history, as `tiprulec state merge` does.
    @discardableResult
    func merge(from sender: TipStore, to receiver: TipStore) throws -> MergeReport {
        do {
            return try exchange(from: sender, to: receiver)
        } catch TipStoreError.changeSet(.duplicateInstall) {
            return try receiver.apply(changeSet: try sender.changes().encoded())
        }
    }

    /// The restore of `aRestoreThatKeepsTheInode…`, but the restored folder then makes exactly as
    /// many operations as the original had made since the backup: the vectors are equal, and the
    /// first exchange still finds it (each change set carries the operation at the peer's count).
    /// The later operation at the first difference gives way: the restored folder's (its clock
    /// right), or — its clock behind — the original's, which only the tablet holds: the tablet
    /// moves them to the successor id, and nothing is lost either way.
    @Test(arguments: [200.0, 50.0])
    func aRestoreThatMadeAsManyOperationsIsFoundAndNothingIsLost(restoredAt date: Double) throws {
        let backup = temporaryFolder()
        defer { removeTemporaryFolder(original); removeTemporaryFolder(copy); removeTemporaryFolder(backup) }
        let install = try restoreInPlace(from: backup)
        let phone = try open(original)
        let tablet = try open(copy)
        #expect(phone.installID == install)
        for visit in 7..<9 { try phone.donate(event: "visited", fields: ["backyardID": .int(visit)], at: date + Double(visit)) }
        #expect(phone.versionVector[install] == tablet.versionVector[install], "as many operations each: the vectors cannot tell")
        var warnings: [String] = []
        for (sender, receiver) in [(tablet, phone), (phone, tablet), (tablet, phone)] {
            warnings += try merge(from: sender, to: receiver).warnings
        }
        #expect(phone.versionVector == tablet.versionVector)
        #expect((phone.installID != install) == (date > 105), "the restored folder continues under a new id when it gives way")
        #expect(warnings.contains { $0.contains("which this folder held differently") } == (date < 105), "\(warnings)")
        for store in [phone, tablet] {
            #expect(store.engine.store.donationCount(event: 0) == 7, "3 before the backup, 2 after it, 2 after the restore")
        }
        for folder in [original, copy] {
            #expect(try TipStore.read(folder: folder).engine.store.donationCount(event: 0) == 7, "\(folder) read again")
        }
    }
}
