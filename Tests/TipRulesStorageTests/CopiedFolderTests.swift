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
        forged.record(.donate(event: "visited", fields: ["backyardID": .int(7)]), date: 11)
        let bytes = forged.changes(since: VersionVector([phone.installID: 1]), app: program.app).encoded()
        #expect(throws: TipStoreError.changeSet(.unknownOwnOperation(install: phone.installID, sequence: 2))) {
            try phone.apply(changeSet: bytes)
        }
        #expect(phone.engine.store.donationCount(event: 0) == 1)
    }
}
