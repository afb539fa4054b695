import Foundation
import Testing
import TipRulesRuntime
import TipRulesStorage
import TipRulesState
import TipRulesTestSupport

/// What a peer's change set cannot do to a folder: a wrong clock prunes only its own device's
/// donations, a flood of last display dates or donations folds to what the history keeps, one out
/// of number order is refused, and a merge after which the history could not be read back is
/// refused whole.
struct SyncBoundsTests {
    static let day = 86_400.0
    static let now = 1_795_000_000.0
    let program: Program
    let phone = temporaryFolder()
    let tablet = temporaryFolder()
    let peer = InstallID(high: 0x5EE, low: 1)

    init() throws {
        program = try compile("""
        configure { app("com.example.bounds") }
        event visited(id: Int) limit(maximumAge: .days(7))
        tip Favorite {
            title: "Favorite"
            #Rule(Self.visited) { $0.donations.count >= 3 }
        }
        """)
    }

    func open(_ folder: String, now: Double, historyBound: Int = ChangeSet.maximumSize) throws -> TipStore {
        try TipStore.open(folder: folder, bundledProgram: program, options: TipStoreOptions(now: { now }, historyBound: historyBound))
    }

    @Test func aClockAYearAheadPrunesOnlyItsOwnDevicesDonations() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        do {
            let correct = try open(phone, now: Self.now)
            let ahead = try open(tablet, now: Self.now + 365 * Self.day)
            for visit in 0..<3 { try correct.donate(event: "visited", fields: ["id": .int(visit)], at: Self.now - Double(visit) * 3_600) }
            #expect(correct.tipsToDisplay(at: Self.now) == ["Favorite"])
            try ahead.donate(event: "visited", fields: ["id": .int(9)], at: Self.now - 30 * Self.day)
            try ahead.donate(event: "visited", fields: ["id": .int(10)], at: Self.now + 365 * Self.day)
            try exchange(from: correct, to: ahead)
            // The tablet compacts at its clock: its own visit is a year old there, the phone's are not its to prune.
            try ahead.compact()
            let kept = ahead.syncHistory?.operations(for: .event("visited")) ?? []
            #expect(kept.filter { $0.install == correct.installID }.count == 3, "the phone's visits stay in the tablet's history")
            #expect(kept.filter { $0.install == ahead.installID }.count == 1, "the tablet's own old visit is pruned")
            // Its full state takes nothing from the phone.
            let full = try ahead.changes(since: correct.versionVector)
            #expect(full.baseline != nil)
            try correct.apply(full)
            #expect(correct.engine.store.donationCount(event: 0) == 4, "its three visits, and the tablet's dated a year ahead")
            #expect(correct.tipsToDisplay(at: Self.now) == ["Favorite"])
        }
        let reopened = try open(phone, now: Self.now)
        #expect(reopened.engine.store.donationCount(event: 0) == 4)
        #expect(reopened.tipsToDisplay(at: Self.now) == ["Favorite"])
    }

    @Test func aFloodOfLastDisplayDatesFoldsToWhatOneDeviceHolds() throws {
        defer { removeTemporaryFolder(phone) }
        var history = SyncHistory(install: peer)
        for index in 0..<20_000 { history.record(.lastDisplayDate, date: Self.now - 50_000 + Double(index)) }
        history.record(.lastDisplayDate, date: Self.now + 365 * Self.day)
        do {
            let store = try open(phone, now: Self.now)
            try store.apply(history.changes(app: program.app))
            try store.compact()
            let kept = store.syncHistory?.operations(for: .lastDisplayDate) ?? []
            #expect(kept.map(\.date).sorted() == [Self.now - 30_001, Self.now + 365 * Self.day], "the latest up to now, and the latest")
            #expect(store.engine.store.lastDisplayDate == Self.now - 30_001)
        }
        let reopened = try open(phone, now: Self.now)
        #expect(reopened.engine.store.lastDisplayDate == Self.now - 30_001)
        #expect(reopened.syncHistory?.operationCount ?? 0 < 10)
    }

    @Test func aLargeChangeSetOfLastDisplayDatesIsFoldedAsItIsRead() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        var history = SyncHistory(install: peer)
        for index in 0..<20_000 { history.record(.lastDisplayDate, date: Self.now - 50_000 + Double(index * 7 % 20_000)) }
        history.record(.lastDisplayDate, date: Self.now + 365 * Self.day)
        let changeSet = history.changes(app: program.app)
        let bytes = changeSet.encoded()
        let written = WrittenBytes()
        func open(_ folder: String, layer: any FileLayer = PosixFileLayer()) throws -> TipStore {
            try TipStore.open(folder: folder, bundledProgram: program,
                              options: TipStoreOptions(journalBound: 16 * 1024, now: { Self.now }, fileLayer: layer))
        }
        do {
            let store = try open(phone, layer: written)
            let other = try open(tablet)
            try store.donate(event: "visited", fields: ["id": .int(1)], at: Self.now)
            _ = try store.changes()
            _ = try other.changes()
            written.count = 0
            let report = try store.apply(changeSet: bytes)
            #expect(report.applied == 20_001)
            // Journaled and compacted as what the history keeps of them, not each one.
            #expect(written.count < bytes.count / 4, "\(written.count) bytes written for a change set of \(bytes.count)")
            // Merged whole (decoded), then compacted as the merge's snapshot does: the same history.
            #expect(try other.apply(changeSet).applied == 20_001)
            try other.compact()
            let kept = store.syncHistory?.operations(for: .lastDisplayDate) ?? []
            #expect(kept.map(\.date).sorted() == [Self.now - 30_001, Self.now + 365 * Self.day], "the latest up to now, and the latest")
            #expect(kept == other.syncHistory?.operations(for: .lastDisplayDate).filter { $0.install == peer })
            #expect(store.versionVector[peer] == 20_001)
            #expect(store.engine.store.lastDisplayDate == Self.now - 30_001)
            #expect(store.engine.store.lastDisplayDate == other.engine.store.lastDisplayDate)
            #expect(try store.apply(changeSet: bytes).applied == 0, "held already")
        }
        let reopened = try open(phone)
        #expect(reopened.engine.store.lastDisplayDate == Self.now - 30_001)
        #expect(reopened.versionVector[peer] == 20_001)
        #expect(reopened.syncHistory?.operationCount ?? 0 < 10)
    }

    @Test func aLargeChangeSetOfDonationsIsFoldedAsItIsRead() throws {
        defer { removeTemporaryFolder(phone); removeTemporaryFolder(tablet) }
        // A fortnight of visits, one a minute: those older than a week, and all but the last
        // thousand (the event's `maximumCount`), decide nothing any more.
        var history = SyncHistory(install: peer)
        for index in 0..<20_000 {
            history.record(.donate(event: "visited", fields: ["id": .int(index % 9)]), date: Self.now - 20_000 * 60 + Double(index * 60))
        }
        let bytes = history.changes(app: program.app).encoded()
        let written = WrittenBytes()
        func open(_ folder: String, layer: any FileLayer = PosixFileLayer()) throws -> TipStore {
            try TipStore.open(folder: folder, bundledProgram: program,
                              options: TipStoreOptions(journalBound: 16 * 1024, now: { Self.now }, fileLayer: layer))
        }
        let store = try open(phone, layer: written)
        let other = try open(tablet)
        _ = try store.changes()
        _ = try other.changes()
        written.count = 0
        #expect(try store.apply(changeSet: bytes).applied == 20_000)
        #expect(written.count < bytes.count / 4, "\(written.count) bytes written for a change set of \(bytes.count)")
        // Merged whole (decoded), then compacted: the same history and state.
        #expect(try other.apply(try ChangeSet(decoding: bytes)).applied == 20_000)
        try other.compact()
        let kept = store.syncHistory?.operations(for: .event("visited")) ?? []
        #expect(kept == other.syncHistory?.operations(for: .event("visited")))
        #expect(store.versionVector[peer] == 20_000)
        #expect(store.engine.store.donations(event: 0) == other.engine.store.donations(event: 0))
        #expect(store.engine.store.donationCount(event: 0) == 1_000)
        #expect(store.tipsToDisplay(at: Self.now) == other.tipsToDisplay(at: Self.now))
    }

    @Test func aLargeChangeSetLeavingTooManyOperationsToKeepIsRefusedWhole() throws {
        defer { removeTemporaryFolder(phone) }
        // Donations of an event these rules do not declare: compaction keeps every one, so none folds.
        var history = SyncHistory(install: peer)
        let limit = SyncHistory.foldedOperationLimit
        for index in 0..<limit { history.record(.donate(event: "ghost", fields: ["n": .int(index)]), date: Self.now - 1_000) }
        let atLimit = history.changes(app: program.app).encoded()
        history.record(.donate(event: "ghost", fields: ["n": .int(limit)]), date: Self.now - 1_000)
        let bytes = history.changes(app: program.app).encoded()
        let store = try TipStore.open(folder: phone, bundledProgram: program,
                                      options: TipStoreOptions(journalBound: 16 * 1024, now: { Self.now }))
        #expect(throws: TipStoreError.changeSet(.tooManyOperations(limit: limit))) { try store.apply(changeSet: bytes) }
        #expect(store.versionVector[peer] == 0)
        // One fewer is merged.
        #expect(try store.apply(changeSet: atLimit).applied == limit)
    }

    @Test func aLargeChangeSetNotInNumberOrderIsRefusedWhole() throws {
        defer { removeTemporaryFolder(phone) }
        var history = SyncHistory(install: peer)
        for index in 0..<20_000 { history.record(.lastDisplayDate, date: Self.now - 50_000 + Double(index)) }
        let operations = history.changes(app: program.app).operations
        let store = try TipStore.open(folder: phone, bundledProgram: program,
                                      options: TipStoreOptions(journalBound: 16 * 1024, now: { Self.now }))
        let reversed = ChangeSet(app: program.app, operations: operations.reversed()).encoded()
        #expect(throws: TipStoreError.changeSet(.unordered(install: peer, sequence: 19_999))) {
            try store.apply(changeSet: reversed)
        }
        #expect(store.versionVector[peer] == 0)
        // Under the bound, merged whole as it is: in any order.
        let few = ChangeSet(app: program.app, operations: operations.prefix(100).reversed()).encoded()
        #expect(try store.apply(changeSet: few).applied == 100)
    }

    @Test func aMergeThatWouldOutgrowTheHistorysBoundIsRefusedWhole() throws {
        defer { removeTemporaryFolder(phone) }
        // Donations of an event these rules do not declare: kept in the history for rules to come.
        var history = SyncHistory(install: peer)
        func donations(_ range: Range<Int>) -> ChangeSet {
            for index in range { history.record(.donate(event: "ghost", fields: ["n": .int(index)]), date: Self.now - 1_000) }
            return history.changes(since: VersionVector([peer: range.lowerBound]), app: program.app)
        }
        let bound = 64 * 1024
        do {
            let store = try open(phone, now: Self.now, historyBound: bound)
            try store.donate(event: "visited", fields: ["id": .int(1)], at: Self.now)
            let first = donations(0..<1_000)
            #expect(first.encoded().count < bound / 2)
            try store.apply(first)
            do {
                try store.apply(donations(1_000..<4_000))
                Issue.record("applied past the bound")
            } catch {
                guard case .changeSet(.historyTooLarge(_, let limit)) = error else { Issue.record("\(error)"); return }
                #expect(limit == bound)
                #expect("\(error)".contains("more than its bound of 65536"), "\(error)")
            }
        }
        let reopened = try open(phone, now: Self.now, historyBound: bound)
        #expect(reopened.syncHistory?.count(of: peer) == 1_000)
        #expect(reopened.engine.store.donationCount(event: 0) == 1)
    }
}

/// The real file system, counting the bytes written.
private final class WrittenBytes: FileLayer, @unchecked Sendable {
    var count = 0
    private let real = PosixFileLayer()

    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        let written = real.write(descriptor, from: buffer)
        count += max(0, written)
        return written
    }

    func open(_ path: String, flags: Int32, mode: mode_t) -> Int32 { real.open(path, flags: flags, mode: mode) }
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int { real.read(descriptor, into: buffer) }
    func sync(_ descriptor: Int32) -> Int32 { real.sync(descriptor) }
    func syncFolder(_ path: String) -> Int32 { real.syncFolder(path) }
    func truncate(_ descriptor: Int32, to size: Int) -> Int32 { real.truncate(descriptor, to: size) }
    func close(_ descriptor: Int32) -> Int32 { real.close(descriptor) }
    func rename(_ source: String, to destination: String) -> Int32 { real.rename(source, to: destination) }
    func remove(_ path: String) -> Int32 { real.remove(path) }
    func list(_ folder: String) -> [String]? { real.list(folder) }
    func makeFolder(_ path: String, mode: mode_t) -> Int32 { real.makeFolder(path, mode: mode) }
    func identity(of path: String) -> FileIdentity? { real.identity(of: path) }
}
