import Testing
import TipRulesRuntime
import TipRulesState
import TipRulesTestSupport

/// Floods of each kind of operation folded as they are read (`SyncHistory.folding`): what
/// compaction would drop goes as it is read, and the history, once compacted, is the one merging
/// every operation gives.
@Suite struct ChangeSetFoldKindsTests {
    static let now = 1_795_000_000.0
    static let day = 86_400.0
    let program: Program
    let receiver = InstallID(high: 0xAAA, low: 1)
    let peer = InstallID(high: 0xBBB, low: 2)

    init() throws {
        program = try compile("""
        configure { app("com.example.fold") }
        event visited(id: Int) limit(maximumCount: 10, maximumAge: .days(30))
        event opened(id: Int)
        parameter plan: Int = 0
        tip T {
            title: "t"
            #Rule(Self.visited) { $0.donations.count >= 2 }
        }
        """)
    }

    /// A flood of one kind, dated out of order over sixty days, some of it a year ahead.
    enum Flood: CaseIterable, Sendable {
        case declaredDonations, undeclaredDonations, parameterValues, exposures, displays

        func change(_ index: Int) -> SyncedChange {
            switch self {
            case .declaredDonations: .donate(event: "visited", fields: ["id": .int(index % 7)])
            case .undeclaredDonations: .donate(event: "gone", fields: ["id": .int(index)])
            case .parameterValues: .setParameter("plan", index % 5 == 0 ? .string("v\(index)") : .int(index))
            case .exposures: .exposure(tip: "T", group: "T", percent: 10 + index % 3, arm: .holdout)
            case .displays: .displays(tip: "T", count: 1, duration: 2, dates: [ChangeSetFoldKindsTests.now - Double(index)])
            }
        }
    }

    func peerHistory(_ flood: Flood, count: Int = 3_000) -> SyncHistory {
        var history = SyncHistory(install: peer)
        for index in 0..<count {
            // In order but for one in a hundred a day early, one in five hundred a year ahead.
            let date = index % 500 == 7 ? Self.now + 365 * Self.day
                : Self.now - 60 * Self.day * Double(count - index) / Double(count) - (index % 100 == 3 ? Self.day : 0)
            history.record(flood.change(index), date: date)
            if index == count / 2 { history.record(.lastDisplayDate, date: Self.now - Self.day) }
        }
        return history
    }

    func receiverHistory(holdingOf peerHistory: SyncHistory) throws -> SyncHistory {
        var history = SyncHistory(install: receiver)
        history.record(.donate(event: "visited", fields: ["id": .int(7)]), date: Self.now - 2 * Self.day)
        _ = try history.add(peerHistory.changes(app: program.app).operations.filter { $0.sequence <= 10 })
        return history
    }

    /// `gap`: one operation in the middle is not listed, so what follows it waits.
    @Test(arguments: Flood.allCases, [false, true])
    func aFloodFoldsToTheHistoryMergingItWholeGives(flood: Flood, gap: Bool) throws {
        let peerHistory = peerHistory(flood)
        let start = try receiverHistory(holdingOf: peerHistory)
        var changeSet = peerHistory.changes(since: start.vector, app: program.app)
        if gap { changeSet.operations.removeAll { $0.sequence == 2_000 } }
        var whole = start
        _ = try whole.add(changeSet.operations, baseline: changeSet.baseline)
        whole.compact(for: program, now: Self.now)

        let folded = try start.folding(try ChangeSetBytes(changeSet.encoded()), program: program, now: Self.now)
        var streamed = start
        let merged = folded?.changeSet ?? changeSet
        _ = try streamed.add(merged.operations, baseline: merged.baseline)
        streamed.compact(for: program, now: Self.now)
        #expect(streamed.changes(app: program.app) == whole.changes(app: program.app))
        #expect(streamed.vector == whole.vector)

        switch flood {
        case .declaredDonations, .parameterValues, .exposures:
            // Only what can still decide something is kept (and what waits past the gap).
            let kept = try #require(folded).changeSet.operations.count
            // About what compaction keeps; past the gap, what waits is kept whole but for
            // donations older than the horizon (later ones may come before them).
            #expect(kept < (gap ? 1_600 : whole.operationCount + 40), "\(kept) operations kept")
        case .undeclaredDonations, .displays:
            // Compaction keeps each of them: so does the fold.
            #expect(folded.map(\.foldedAway) ?? 0 == 0)
        }
    }

    @Test func withoutAClockNoDonationFolds() throws {
        let peerHistory = peerHistory(.declaredDonations)
        let start = try receiverHistory(holdingOf: peerHistory)
        let changeSet = peerHistory.changes(since: start.vector, app: program.app)
        #expect(try start.folding(try ChangeSetBytes(changeSet.encoded()), program: program, now: nil)?.foldedAway ?? 0 == 0)
    }
}
