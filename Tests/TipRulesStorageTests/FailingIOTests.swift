import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesTestSupport

/// The failures of a state folder's I/O that once lost answered operations, one by one: a
/// failed flush of the folder during a rules update, a full disk.
struct FailingIOTests {
    let program: Program
    let newer: Program
    let folder = temporaryFolder()

    init() throws {
        program = try compile(storageSource)
        newer = try compile(storageSource.replacingOccurrences(of: "release(3)", with: "release(4)"))
    }

    private func donate(_ store: TipStore, at date: Double) throws {
        try store.donate(event: "visited", fields: ["backyardID": .int(Int(date))], at: date)
    }

    private func relaunched() throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program)
    }

    @Test func aRulesUpdateWhoseFolderFlushFailsIsRefusedAndTheOperationsAfterItKept() throws {
        defer { removeTemporaryFolder(folder) }
        let layer = FaultInjector(failing: .syncFolder, at: .max, times: 1, code: EIO)
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(fileLayer: layer))
            layer.failNext()
            #expect(throws: TipStoreError.io("flush to disk", path: folder, reason: String(cString: strerror(EIO)))) {
                try store.update(toRules: newer.encoded())
            }
            #expect(store.engine.program.release == 3)
            for date in [1.0, 2, 3] { try donate(store, at: date) }
        }
        let store = try relaunched()
        #expect(store.engine.program.release == 3)
        #expect(store.engine.store.donations(event: 0).map(\.date) == [1, 2, 3])
    }

    @Test func operationsRefusedOnAFullDiskAreNeverRecordedLater() throws {
        defer { removeTemporaryFolder(folder) }
        let layer = FaultInjector(failing: .write, at: .max, times: .max, code: ENOSPC)
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(fileLayer: layer))
            try donate(store, at: 1)
            layer.failNext()
            for date in [10.0, 11, 12, 13, 14] {
                #expect(throws: TipStoreError.self) { try donate(store, at: date) }
                #expect(store.engine.store.donations(event: 0).map(\.date) == [1], "the engine shows a refused operation")
            }
            layer.healed = true
            try donate(store, at: 20)
            try store.compact()
            try donate(store, at: 21)
        }
        #expect(try relaunched().engine.store.donations(event: 0).map(\.date) == [1, 20, 21])
    }

    @Test func aFailedFlushOfTheJournalRefusesTheOperationAndTheNextWriteStartsANewGeneration() throws {
        defer { removeTemporaryFolder(folder) }
        let layer = FaultInjector(failing: .sync, at: .max, times: 1, code: EIO)
        do {
            let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(fileLayer: layer))
            layer.failNext()
            #expect(throws: TipStoreError.self) { try donate(store, at: 10) }
            try donate(store, at: 11)
        }
        // The journal whose flush failed is never appended to again.
        #expect(files(in: folder).contains("snapshot-2.tipstate"))
        #expect(try relaunched().engine.store.donations(event: 0).map(\.date) == [11])
    }

    @Test func observersHearThatARefusedOperationIsUndone() throws {
        defer { removeTemporaryFolder(folder) }
        let layer = FaultInjector(failing: .sync, at: .max, times: 1, code: EIO)
        let store = try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(fileLayer: layer))
        try donate(store, at: 10)
        var displayed: [String: Bool] = [:]
        let observation = store.observeStatusChanges { displayed[$0.tip] = $0.newDisplay }
        layer.failNext()
        #expect(throws: TipStoreError.self) { try donate(store, at: 20) }
        observation.cancel()
        #expect(displayed["Favorite"] == false, "Favorite shows only after two visits; the second was refused")
        #expect(store.tipsToDisplay(at: 30) == ["Welcome"])
    }

    @Test func readingBackKeepsWhatTheEngineNeverSaves() throws {
        defer { removeTemporaryFolder(folder) }
        let withTransient = try compile(storageSource.replacingOccurrences(
            of: "parameter isLoggedIn: Bool = false", with: "parameter isLoggedIn: Bool = false\ntransient parameter onboarding: Bool = false"))
        let layer = FaultInjector(failing: .sync, at: .max, times: 1, code: EIO)
        let store = try TipStore.open(folder: folder, bundledProgram: withTransient, options: TipStoreOptions(fileLayer: layer))
        try store.setParameter("isLoggedIn", .bool(true))
        try store.setParameter("onboarding", .bool(true))
        layer.failNext()
        #expect(throws: TipStoreError.self) { try donate(store, at: 10) }
        #expect(store.engine.store.parameter(0) == .bool(true), "read back from the folder")
        #expect(store.engine.store.parameter(1) == .bool(true), "a transient parameter, kept from the engine")
        #expect(store.engine.store.donationCount(event: 0) == 0)
    }
}
