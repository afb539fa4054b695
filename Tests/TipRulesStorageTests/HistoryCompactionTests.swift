import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesState

/// A synced folder's history bounded by compaction (`FolderHistory.compact`): what decides
/// nothing any more folded into the baseline, a peer behind the baseline given the full state,
/// and the bytes of a history that was never compacted still read.
struct HistoryCompactionTests {
    static let now = 10_000.0
    let program: Program
    let phone = temporaryFolder()
    let tablet = temporaryFolder()

    init() throws {
        program = try compile(storageSource.replacingOccurrences(of: "event visited(backyardID: Int)",
                                                                 with: "event visited(backyardID: Int) limit(maximumCount: 3)"))
    }

    func open(_ folder: String) throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { Self.now }))
    }

    @Test func compactionFoldsWhatDecidesNothingAndTheFolderOpensTheSame() throws {
        defer { removeTemporaryFolder(phone) }
        let vector: VersionVector
        do {
            let store = try open(phone)
            _ = try store.changes()
            for n in 0..<300 { try store.donate(event: "visited", fields: ["backyardID": .int(n)], at: Double(n)) }
            for n in 0..<50 { try store.setParameter("isLoggedIn", .bool(n % 2 == 0)) }
            try store.recordDisplay(tip: "Welcome", at: 400)
            vector = store.versionVector
            try store.compact()
            let history = try #require(store.syncHistory)
            #expect(history.baseline == vector && history.vector == vector, "everything held is folded")
            // The 3 donations a rule can still see, the last parameter value, the display.
            #expect(history.operationCount == 5)
            #expect(bytes(of: phone + "/history-journal.tipsync").isEmpty)
        }
        let reader = try TipStore.read(folder: phone)
        #expect(reader.history?.operationCount == 5)
        let reopened = try open(phone)
        for state in [reader.engine, reopened.engine] {
            #expect(state.store.donations(event: 0).map(\.date) == [297, 298, 299])
            #expect(state.store.parameter(0) == .bool(false))
            #expect(state.store.tipState(1).displayCount == 1)
        }
        // Numbering goes on past the baseline.
        try reopened.donate(event: "visited", fields: ["backyardID": .int(300)], at: 300)
        #expect(reopened.versionVector[reopened.installID] == vector[reopened.installID] + 1)
    }

    @Test func aPeerBehindTheBaselineGetsTheFullStateAndBothHoldWhatOneDeviceWould() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try open(phone)
        let iPad = try open(tablet)
        try iPhone.donate(event: "visited", fields: ["backyardID": .int(1)], at: 1)
        try iPad.donate(event: "visited", fields: ["backyardID": .int(2)], at: 2)
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        // The tablet goes offline: it shows a tip, deletes the donations it had seen, sets a parameter.
        try iPad.donate(event: "visited", fields: ["backyardID": .int(100)], at: 50)
        try iPad.recordDisplay(tip: "Welcome", at: 60)
        try iPad.record(.deleteDonations(event: "visited"))
        try iPad.setParameter("isLoggedIn", .bool(true))
        // The phone goes on, and compacts past what the tablet holds of it.
        for n in 0..<40 { try iPhone.donate(event: "visited", fields: ["backyardID": .int(n)], at: 100 + Double(n)) }
        try iPhone.recordDisplay(tip: "Welcome", at: 200)
        try iPhone.recordDisplay(tip: "Welcome", at: 210)
        try iPhone.record(.resetEligibility(tip: "Welcome"))
        try iPhone.record(.deleteDonations(event: "visited"))
        for n in 0..<5 { try iPhone.donate(event: "visited", fields: ["backyardID": .int(n)], at: 300 + Double(n)) }
        // One device that saw every operation, never compacted.
        var everything = SyncHistory(install: InstallID.random())
        _ = try everything.add(try iPhone.changes().operations)
        _ = try everything.add(try iPad.changes().operations)
        var oneDevice = TipEngine(program: program)
        oneDevice.adoptAll(everything, now: Self.now)

        try iPhone.compact()
        let compacted = try #require(iPhone.syncHistory)
        #expect(compacted.operationCount < 12, "\(compacted.operationCount) operations kept")
        let full = try iPhone.changes(since: iPad.versionVector)
        #expect(full.baseline == compacted.baseline, "the tablet lacks folded operations: it gets the full state")
        #expect(try iPhone.changes(since: iPhone.versionVector).baseline == nil)
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        for engine in [iPhone.engine, iPad.engine, try TipStore.read(folder: phone).engine, try TipStore.read(folder: tablet).engine] {
            #expect(Self.decided(engine) == Self.decided(oneDevice))
        }
        #expect(iPhone.versionVector == iPad.versionVector)
        // The full state again changes nothing, byte for byte.
        let journal = bytes(of: tablet + "/history-journal.tipsync")
        #expect(try iPad.apply(changeSet: full.encoded()).applied == 0)
        #expect(bytes(of: tablet + "/history-journal.tipsync") == journal)
    }

    @Test func aHistoryNeverCompactedIsWrittenAndReadAsBefore() throws {
        defer { removeTemporaryFolder(phone) }
        let store = try open(phone)
        try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 1)
        let single = try store.changes()
        #expect(single.baseline == nil)
        #expect(Array(single.encoded()[4..<6]) == [1, 0], "a change set without a baseline is format version 1")
        #expect(Array(bytes(of: phone + "/history.tipsync")[4..<6]) == [1, 0])
        try store.compact()
        let full = try store.changes()
        #expect(Array(full.encoded()[4..<6]) == [2, 0], "a full state is format version 2")
        #expect(try ChangeSet(decoding: full.encoded()) == full)
        #expect(full.baseline == store.versionVector)
    }

    /// What an engine decides of the synced state: every donation a rule can still see, the tips'
    /// states, the parameter and the last display date.
    static func decided(_ engine: TipEngine) -> [String] {
        var pruned = engine
        pruned.pruneHistory(at: now)
        let store = pruned.store
        return ["\(store.donations(event: 0))", "\(store.tipState(0))", "\(store.tipState(1))", "\(String(describing: store.parameter(0)))",
                "\(String(describing: store.lastDisplayDate))"]
    }
}
