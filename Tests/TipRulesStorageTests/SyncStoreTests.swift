import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// Two state folders of one person (`TipStore+Sync`): the example scenarios, and change sets
/// that are damaged, truncated, replayed, for another app or of a newer format, refused whole.
struct SyncStoreTests {
    let program: Program
    let phone = temporaryFolder()
    let tablet = temporaryFolder()

    init() throws {
        program = try compile(storageSource)
    }

    func open(_ folder: String) throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { 5_000 }))
    }

    @Test func aTipClosedOnOneDeviceIsClosedOnTheOther() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try open(phone)
        let iPad = try open(tablet)
        try iPhone.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
        try iPhone.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
        try exchange(from: iPhone, to: iPad)
        #expect(iPad.tipsToDisplay(at: 30).contains("Favorite"))
        var heard: [StatusChange] = []
        let observation = iPad.observeStatusChanges { heard.append($0) }
        defer { observation.cancel() }
        try iPhone.close(tip: "Favorite")
        let report = try exchange(from: iPhone, to: iPad)
        #expect(report.applied == 1)
        #expect(!iPad.tipsToDisplay(at: 40).contains("Favorite"))
        #expect(iPad.evaluate(at: 40).tips[0].reason == .tipClosed)
        #expect(heard.contains { $0.tip == "Favorite" && $0.newStatus == .invalidated }, "the observer hears of the merge")
        #expect(report.changes.contains { $0.tip == "Favorite" && $0.newStatus == .invalidated })
    }

    @Test func donationsSplitAcrossDevicesReachAThresholdTogether() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try open(phone)
        let iPad = try open(tablet)
        try iPhone.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
        try iPad.donate(event: "visited", fields: ["backyardID": .int(2)], at: 20)
        #expect(!iPhone.tipsToDisplay(at: 30).contains("Favorite"))
        #expect(!iPad.tipsToDisplay(at: 30).contains("Favorite"))
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        #expect(iPhone.tipsToDisplay(at: 30).contains("Favorite"))
        #expect(iPad.tipsToDisplay(at: 30).contains("Favorite"))
        // Reopened, each folder still holds both devices' donations.
        let reread = try TipStore.read(folder: phone)
        #expect(reread.engine.store.donations(event: 0).map(\.date) == [10, 20])
    }

    @Test func aParameterSetOnBothTakesTheLaterValue() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try TipStore.open(folder: phone, bundledProgram: program, options: TipStoreOptions(now: { 200 }))
        let iPad = try TipStore.open(folder: tablet, bundledProgram: program, options: TipStoreOptions(now: { 100 }))
        try iPhone.setParameter("isLoggedIn", .bool(true))
        try iPad.setParameter("isLoggedIn", .bool(false))
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        #expect(iPhone.engine.store.parameter(0) == .bool(true))
        #expect(iPad.engine.store.parameter(0) == .bool(true))
    }

    @Test func displaysCountOnEveryDeviceAndAResetClearsOnlyWhatItsDeviceHadSeen() throws {
        let limited = try compile(storageSource.replacingOccurrences(of: "tip Welcome { title: \"w\" }",
                                                                     with: "tip Welcome {\n    title: \"w\"\n    options { MaxDisplayCount(3) }\n}"))
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try TipStore.open(folder: phone, bundledProgram: limited, options: TipStoreOptions(now: nil))
        let iPad = try TipStore.open(folder: tablet, bundledProgram: limited, options: TipStoreOptions(now: nil))
        try iPhone.recordDisplay(tip: "Welcome", at: 10, duration: 5)
        try iPad.recordDisplay(tip: "Welcome", at: 20, duration: 5)
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        #expect(iPhone.engine.store.tipState(1).displayCount == 2)
        #expect(iPhone.engine.store.lastDisplayDate == 10, "the tip's first display on any device")
        // The phone resets what it has seen; the tablet meanwhile shows the tip a third time.
        try iPhone.record(.resetEligibility(tip: "Welcome"))
        try iPad.recordDisplay(tip: "Welcome", at: 30, duration: 5)
        #expect(iPad.engine.store.tipState(1).invalidation == .displayCountExceeded, "three displays on two devices")
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        for store in [iPhone, iPad] {
            #expect(store.engine.store.tipState(1) == TipState(displayCount: 1, displayDuration: 5, displayDates: [30]))
        }
    }

    @Test func theLastDisplayDateIsWhatOneDeviceWouldHold() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try open(phone)
        let iPad = try open(tablet)
        // The phone shows the tip at 00:10, the tablet (not yet told) the same tip at 02:40.
        try iPhone.recordDisplay(tip: "Welcome", at: 600)
        try iPad.recordDisplay(tip: "Welcome", at: 9_600)
        try exchange(from: iPhone, to: iPad)
        try exchange(from: iPad, to: iPhone)
        for store in [iPhone, iPad] {
            #expect(store.engine.store.lastDisplayDate == 600, "the display frequency counts from the tip's first display")
        }
        // A display dated in 2100 by one device's clock holds nothing back on a device at 5,000 s.
        try iPad.recordDisplay(tip: "Favorite", at: 4_102_444_800)
        try exchange(from: iPad, to: iPhone)
        #expect(iPhone.engine.store.lastDisplayDate == 600)
        #expect((iPhone.engine.clock ?? 0) <= 5_000, "the engine's clock does not jump to 2100")
        #expect(try TipStore.read(folder: phone).engine.store.lastDisplayDate == 600)
    }

    @Test func badChangeSetsAreRefusedWholeAndChangeNothing() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        let iPhone = try open(phone)
        let iPad = try open(tablet)
        for day in 0..<5 { try iPhone.donate(event: "visited", fields: ["backyardID": .int(day)], at: Double(day)) }
        try iPhone.close(tip: "Welcome")
        let good = try iPhone.changes(since: iPad.versionVector).encoded()
        let before = folderBytes(tablet)
        let state = iPad.engine.savedState()
        var refused = 0
        var variants = (0..<good.count).map { Array(good.prefix($0)) }
        variants += good.indices.map { index in
            var damaged = good
            damaged[index] ^= 0x5A
            return damaged
        }
        var newer = good
        newer[4] = UInt8(ChangeSet.formatVersion + 1)
        variants.append(newer)
        variants.append(ChangeSet(app: "com.example.other", operations: try ChangeSet(decoding: good).operations).encoded())
        for variant in variants {
            do {
                try iPad.apply(changeSet: variant)
                Issue.record("a bad change set of \(variant.count) bytes was applied")
            } catch {
                guard case .changeSet = error else { Issue.record("\(error)"); continue }
                refused += 1
            }
        }
        #expect(refused == variants.count)
        #expect(iPad.engine.savedState() == state)
        #expect(folderBytes(tablet) == before, "a refused change set wrote nothing")
        #expect(throws: TipStoreError.changeSet(.format(.newerVersion(ChangeSet.formatVersion + 1, newestRead: ChangeSet.formatVersion)))) { try iPad.apply(changeSet: newer) }
        // Replayed: the second application changes nothing.
        #expect(try iPad.apply(changeSet: good).applied == 6)
        let merged = folderBytes(tablet)
        #expect(try iPad.apply(changeSet: good).applied == 0)
        #expect(folderBytes(tablet) == merged)
        #expect(try TipStore.read(folder: tablet).engine.savedState() == iPad.engine.savedState())
    }

    @Test func anOlderFolderGetsAnInstallIdAndBringsItsState() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        do {
            let old = try open(phone)
            try old.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            try old.recordDisplay(tip: "Welcome", at: 12, duration: 3)
        }
        // An older folder: no install id, no history.
        try FileManager.default.removeItem(atPath: phone + "/install")
        let reopened = try open(phone)
        let install = reopened.installID
        #expect(files(in: phone).contains("install"))
        let iPad = try open(tablet)
        try exchange(from: reopened, to: iPad)
        #expect(iPad.versionVector[install] == 3, "the donation, the display and the last display date, as the install's")
        #expect(iPad.engine.store.donationCount(event: 0) == 1)
        #expect(iPad.engine.store.tipState(1).displayCount == 1)
        #expect(try TipStore.read(folder: phone).installID == install, "made once")
    }

    /// Every file of a folder but the lock, by name.
    func folderBytes(_ folder: String) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: files(in: folder).filter { $0 != "lock" }.map { ($0, bytes(of: folder + "/" + $0)) })
    }
}
