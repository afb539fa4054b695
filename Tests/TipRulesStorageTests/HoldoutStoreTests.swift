import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesTestSupport

/// Exposures in a state folder: recorded as operations by the app's own calls, durable across a
/// reopen, written as rows, and merged between a person's devices (the earliest wins).
struct HoldoutStoreTests {
    let program: Program
    let phone = temporaryFolder()
    let tablet = temporaryFolder()
    /// A user in the holdout arm of group "pro-filters" (holdout bucket 10 or less).
    let heldOut = (1...1000).map { "u-\($0)" }.first { RolloutBucket.bucket(of: $0, group: Holdout.salt + "pro-filters") <= 10 } ?? ""

    init() throws {
        program = try compile("""
        configure { app("com.example.search") }
        parameter userID: String = ""
        event opened
        tip ProFiltersTip {
            id: "pro-filters"
            title: "Pro filters"
            holdout(10, of: userID)
            #Rule(Self.opened) { $0.donations.count >= 1 }
        }
        tip SavedSearchTip { title: "Saved search" }
        group Filters { ProFiltersTip, SavedSearchTip }
        """)
    }

    func open(_ folder: String) throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { 5_000 }))
    }

    func heldOutPerson(_ folder: String, sessionAt date: Double) throws -> TipStore {
        let store = try open(folder)
        try store.setParameter("userID", .string(heldOut))
        try store.donate(event: "opened", at: 10)
        #expect(store.tipsToDisplay(at: date) == ["SavedSearchTip"])
        try store.recordDisplay(tip: "SavedSearchTip", at: date)
        return store
    }

    /// The storage version `FORMAT` names.
    func format(_ folder: String) throws -> String {
        try String(contentsOfFile: folder + "/FORMAT", encoding: .utf8)
    }

    /// A folder names storage version 2 before it first holds an exposure (recorded or merged), so
    /// that a library from before exposures refuses it whole, as newer than itself, rather than
    /// reading its `expose` records as damage; a folder without exposures stays at 1. A version
    /// newer than this library's is refused whole, by the writer and by readers.
    @Test func aFolderHoldingExposuresIsRefusedWholeByALibraryOlderThanIt() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        do {
            let store = try open(phone)
            try store.setParameter("userID", .string(heldOut))
            try store.donate(event: "opened", at: 10)
            #expect(try format(phone) == "tiprules-state-folder 1\n")
            _ = store.evaluate(at: 100)
            #expect(store.engine.store.exposures.count == 1)
            #expect(try format(phone) == "tiprules-state-folder 2\n")
            let other = try open(tablet)
            try other.donate(event: "opened", at: 20)
            #expect(try format(tablet) == "tiprules-state-folder 1\n")
            try other.apply(changeSet: try store.changes(since: other.versionVector).encoded())
            #expect(try format(tablet) == "tiprules-state-folder 2\n", "a merged exposure raises it too")
        }
        #expect(try TipStore.read(folder: phone).engine.store.exposures.count == 1)
        // What a library that reads only version 1 does with it, shown one version up.
        try Data("tiprules-state-folder 3\n".utf8).write(to: URL(fileURLWithPath: phone + "/FORMAT"))
        let refusal = TipStoreError.newerStorageVersion(folder: phone, found: 3, newestRead: 2)
        #expect(throws: refusal) { try open(phone) }
        #expect(throws: refusal) { try TipStore.read(folder: phone) }
        #expect(refusal.description.contains("newer"), "\(refusal)")
    }

    @Test func evaluateRecordsBothArmsDurably() throws {
        defer { removeTemporaryFolder(phone) }
        let treated = (1...1000).map { "u-\($0)" }.first { RolloutBucket.bucket(of: $0, group: Holdout.salt + "pro-filters") > 10 } ?? ""
        for (id, arm) in [(heldOut, HoldoutArm.holdout), (treated, .treatment)] {
            removeTemporaryFolder(phone)
            do {
                let store = try open(phone)
                try store.setParameter("userID", .string(id))
                try store.donate(event: "opened", at: 10)
                _ = store.evaluate(at: 100)
            }
            let reread = try TipStore.read(folder: phone)
            #expect(reread.engine.store.exposures == [Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: arm, date: 100)])
        }
    }

    @Test func aSessionRecordsTheHeldOutExposureDurably() throws {
        defer { removeTemporaryFolder(phone) }
        let exposure = Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout, date: 100)
        do {
            let store = try heldOutPerson(phone, sessionAt: 100)
            #expect(store.engine.store.exposures == [exposure])
            try store.close(tip: "SavedSearchTip")
        }
        let reread = try TipStore.read(folder: phone)
        #expect(reread.engine.store.exposures == [exposure])
        let reopened = try open(phone)
        #expect(reopened.engine.store.exposures == [exposure])
        _ = reopened.tipsToDisplay(at: 200)
        #expect(reopened.engine.store.exposures == [exposure], "recorded once")
        // Compaction keeps it in the snapshot.
        try reopened.compact()
        #expect(try TipStore.read(folder: phone).engine.store.exposures == [exposure])

        let rows = reopened.historyRows(user: "u-9")
        #expect(rows.contains(#"{"user":"u-9","exposure":"pro-filters","group":"pro-filters","percent":10,"arm":"holdout","date":"1970-01-01T00:01:40Z"}"#))
        #expect(rows.contains(#"{"user":"u-9","interaction":"SavedSearchTip","kind":"display","date":"1970-01-01T00:01:40Z"}"#))
        #expect(rows.contains(#"{"user":"u-9","interaction":"SavedSearchTip","kind":"tipClosed","date":"1970-01-01T00:01:40Z"}"#))
        #expect(rows.first == #"{"user":"u-9","parameter":"userID","value":"\#(heldOut)"}"#)
    }

    @Test func theEarliestExposureWinsAcrossDevices() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try heldOutPerson(phone, sessionAt: 300)
        let iPad = try heldOutPerson(tablet, sessionAt: 200)
        try iPad.apply(changeSet: try iPhone.changes(since: iPad.versionVector).encoded())
        try iPhone.apply(changeSet: try iPad.changes(since: iPhone.versionVector).encoded())
        let earliest = Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout, date: 200)
        #expect(iPhone.engine.store.exposures == [earliest])
        #expect(iPad.engine.store.exposures == [earliest])
        #expect(try TipStore.read(folder: phone).engine.store.exposures == [earliest])
    }
}
