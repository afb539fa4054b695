import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// Values and claims out of their bounds in a change set are refused whole, before anything is
/// applied: no sum reaches infinity, no date leaves the years 0001 to 9999, no "seen" count claims
/// more than its install can have seen; the folder opens afterwards with everything answered.
struct ChangeSetClaimsTests {
    let program: Program
    let folder = temporaryFolder()
    let peer = InstallID(high: 7, low: 7)

    init() throws {
        program = try compile(storageSource)
    }

    func open() throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { 5_000 }))
    }

    /// A peer's change set of `changes`, dated 100, 101, …
    func changeSet(_ changes: [SyncedChange], install: InstallID? = nil) -> [UInt8] {
        var history = SyncHistory(install: install ?? peer)
        for (index, change) in changes.enumerated() { history.record(change, date: 100 + Double(index)) }
        return history.changes(app: program.app).encoded()
    }

    func expectRefused(_ store: TipStore, _ bytes: [UInt8], _ what: String) {
        let before = store.engine.savedState()
        do {
            try store.apply(changeSet: bytes)
            Issue.record("\(what): applied")
        } catch {
            guard case .changeSet = error else { Issue.record("\(what): \(error)"); return }
        }
        #expect(store.engine.savedState() == before, "\(what): nothing changed")
    }

    @Test func valuesOutOfTheirBoundsAreRefusedWholeAndTheFolderStillOpens() throws {
        defer { removeTemporaryFolder(folder) }
        do {
            let store = try open()
            try store.donate(event: "visited", fields: ["backyardID": .int(1)], at: 10)
            _ = try store.changes()
            let huge = SyncedChange.displays(tip: "Welcome", count: 1, duration: 1.7e308, dates: [100])
            expectRefused(store, changeSet([huge, huge]), "two displays of 1.7e308 s")
            var dated = SyncHistory(install: peer)
            dated.record(.donate(event: "visited", fields: ["backyardID": .int(2)]), date: 1e300)
            expectRefused(store, dated.changes(app: program.app).encoded(), "a donation dated 1e300")
            expectRefused(store, changeSet([.displays(tip: "Welcome", count: 1, duration: 1, dates: [-1e300])]), "a display dated -1e300")
            expectRefused(store, changeSet([.displays(tip: "Welcome", count: Int.max, duration: 1, dates: [])]), "2^63-1 displays")
            #expect(throws: TipStoreError.refused(.invalidDuration(1.7e308))) { try store.recordDisplay(tip: "Welcome", at: 20, duration: 1.7e308) }
            #expect(throws: TipStoreError.refused(.invalidDate(1e300))) { try store.recordDisplay(tip: "Welcome", at: 1e300) }
            for visit in 0..<400 { try store.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 30 + Double(visit)) }
        }
        let reopened = try open()
        #expect(reopened.engine.store.donationCount(event: 0) == 401)
        #expect(try TipStore.read(folder: folder).engine.store.donationCount(event: 0) == 401)
    }

    @Test func aForgedSeenCountIsRefusedWholeOrWaitsAndErasesNothing() throws {
        defer { removeTemporaryFolder(folder) }
        do {
            let store = try open()
            for visit in 0..<3 { try store.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 10 + Double(visit)) }
            try store.recordDisplay(tip: "Welcome", at: 20)
            _ = try store.changes()
            let me = store.installID
            expectRefused(store, changeSet([.deleteDonations(event: "visited", seen: VersionVector([me: Int.max]))]),
                          "a deletion that saw 2^63-1 of this install's operations")
            expectRefused(store, changeSet([.resetEligibility(tip: "Welcome", seen: VersionVector([me: Int.max]))]),
                          "a reset that saw 2^63-1 of this install's operations")
            expectRefused(store, changeSet([.resetEligibility(tip: "Welcome", seen: VersionVector([peer: 1]))]),
                          "a reset that saw itself")
            // A count past any install's reach is refused whole, whoever it names.
            let third = InstallID(high: 9, low: 9)
            expectRefused(store, changeSet([.deleteDonations(event: "visited", seen: VersionVector([third: Int.max]))]),
                          "a deletion that saw 2^63-1 operations of a third install")
            expectRefused(store, changeSet([.deleteDonations(event: "visited", seen: VersionVector([third: 1 << 62]))]),
                          "a deletion that saw 2^62 operations of a third install")
            // Of a third install, whose operations this folder cannot know all of, it waits for what it saw.
            let report = try store.apply(changeSet: changeSet([.deleteDonations(event: "visited", seen: VersionVector([third: 1 << 40]))]))
            #expect(report.waiting == 1)
            for visit in 0..<2 { try store.donate(event: "visited", fields: ["backyardID": .int(visit)], at: 30 + Double(visit)) }
        }
        let reopened = try open()
        #expect(reopened.engine.store.donationCount(event: 0) == 5, "no later visit erased")
        #expect(reopened.engine.store.tipState(1).displayCount == 1)
    }
}
