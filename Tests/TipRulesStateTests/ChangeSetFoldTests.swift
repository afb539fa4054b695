import Testing
import TipRulesRuntime
import TipRulesState
import TipRulesTestSupport

/// A received change set read one operation at a time (`ChangeSetBytes`) and folded as it is
/// read (`SyncHistory.folding`): the same operations as the whole decode, and the same history,
/// once compacted, as merging every operation.
@Suite struct ChangeSetFoldTests {
    static let now = 1_795_000_000.0
    let program: Program
    let receiver = InstallID(high: 0xAAA, low: 1)
    let peer = InstallID(high: 0xBBB, low: 2)
    let third = InstallID(high: 0xCCC, low: 3)

    init() throws {
        program = try compile("""
        configure { app("com.example.fold") }
        event visited(id: Int)
        tip T {
            title: "t"
            #Rule(Self.visited) { $0.donations.count >= 2 }
        }
        """)
    }

    /// A peer's history: last display dates by the thousand, around a donation, a display, a
    /// reset and a parameter, one dated a year ahead, and a third install's dates it merged.
    func peerHistory() throws -> SyncHistory {
        var history = SyncHistory(install: peer)
        var other = SyncHistory(install: third)
        for index in 0..<3_000 { other.record(.lastDisplayDate, date: Self.now - 90_000 + Double(index)) }
        _ = try history.add(other.changes(app: program.app).operations)
        for index in 0..<2_000 { history.record(.lastDisplayDate, date: Self.now - 50_000 + Double(index * 7 % 2_000)) }
        history.record(.donate(event: "visited", fields: ["id": .int(1)]), date: Self.now - 40_000)
        history.record(.displays(tip: "T", count: 1, duration: 3, dates: [Self.now - 39_000]), date: Self.now - 39_000)
        for index in 0..<2_000 { history.record(.lastDisplayDate, date: Self.now - 30_000 + Double(index)) }
        history.record(.resetEligibility(tip: "T", seen: history.vector), date: Self.now - 20_000)
        for index in 0..<1_000 { history.record(.lastDisplayDate, date: Self.now - 10_000 + Double(index)) }
        history.record(.lastDisplayDate, date: Self.now + 365 * 86_400)
        history.record(.setParameter("plan", .int(2)), date: Self.now - 5_000)
        for index in 0..<500 { history.record(.lastDisplayDate, date: Self.now - 4_000 + Double(index)) }
        return history
    }

    /// The receiver, holding a few operations of its own and the peer's first ones (and, when
    /// `third`, the third install's).
    func receiverHistory(holdingOf peerHistory: SyncHistory, third holdsThird: Bool = false) throws -> SyncHistory {
        var history = SyncHistory(install: receiver)
        history.record(.donate(event: "visited", fields: ["id": .int(7)]), date: Self.now - 60_000)
        history.record(.lastDisplayDate, date: Self.now - 59_000)
        let first = peerHistory.changes(app: program.app).operations.filter { operation in
            operation.install == peer ? operation.sequence <= 10 : holdsThird
        }
        _ = try history.add(first)
        return history
    }

    @Test func readingOneOperationAtATimeGivesTheWholeDecode() throws {
        let changeSet = try peerHistory().changes(app: program.app)
        let bytes = changeSet.encoded()
        let received = try ChangeSetBytes(bytes)
        #expect(received.decoded() == (try ChangeSet(decoding: bytes)))
        #expect(received.decoded() == changeSet)
        var count = 0
        received.forEachOperation { _ in count += 1 }
        #expect(count == changeSet.operations.count)
        // Damaged bytes: the same refusal as the whole decode's.
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0x40
        for refused in [damaged, Array(bytes.prefix(0)), Array(bytes.prefix(10)), Array(bytes.dropLast())] {
            let whole = Result { try ChangeSet(decoding: refused) }.failureDescription
            let streamed = Result { try ChangeSetBytes(refused) }.failureDescription
            #expect(whole != nil && whole == streamed)
        }
    }

    @Test(arguments: [true, false])
    func aFoldedChangeSetMergesToTheHistoryTheWholeOneDoes(holdingTheThirdInstalls: Bool) throws {
        let peerHistory = try peerHistory()
        let start = try receiverHistory(holdingOf: peerHistory, third: holdingTheThirdInstalls)
        let changeSet = peerHistory.changes(since: start.vector, app: program.app)
        var whole = start
        let applied = try whole.add(changeSet.operations, baseline: changeSet.baseline)

        let received = try ChangeSetBytes(changeSet.encoded())
        let folded = try #require(try start.folding(received, program: program, now: Self.now))
        // The peer's reset has seen the third install's operations: what comes after it folds
        // only when they are held already (else the reset may wait for them).
        let bound = holdingTheThirdInstalls ? 20 : 1_600
        #expect(folded.changeSet.operations.count < bound, "\(folded.changeSet.operations.count) operations kept")
        var streamed = start
        let appliedFolded = try streamed.add(folded.changeSet.operations, baseline: folded.changeSet.baseline)
        #expect(appliedFolded.count + folded.foldedAway == applied.count)
        #expect(streamed.vector == whole.vector)
        #expect(streamed.operationCount < start.operationCount + bound)
        #expect(HistoryMerge.lastDisplayDate(streamed, now: Self.now) == HistoryMerge.lastDisplayDate(whole, now: Self.now))
        #expect(HistoryMerge.lastDisplayDate(streamed, now: nil) == HistoryMerge.lastDisplayDate(whole, now: nil))

        whole.compact(for: program, now: Self.now)
        streamed.compact(for: program, now: Self.now)
        #expect(streamed.changes(app: program.app) == whole.changes(app: program.app))
    }

    @Test func whatIsHeldAlreadyFoldsToNothing() throws {
        let peerHistory = try peerHistory()
        var history = try receiverHistory(holdingOf: peerHistory)
        let changeSet = peerHistory.changes(app: program.app)
        _ = try history.add(changeSet.operations)
        history.compact(for: program, now: Self.now)
        let folded = try #require(try history.folding(try ChangeSetBytes(changeSet.encoded()), program: program, now: Self.now))
        #expect(folded.changeSet.operations.isEmpty)
        #expect(folded.foldedAway == 0)
        #expect(try history.add(folded.changeSet.operations, baseline: folded.changeSet.baseline).isEmpty)
    }

    @Test(arguments: [true, false])
    func operationsOutOfOrderOrRepeatedAreRefused(repeated: Bool) throws {
        let operations = try peerHistory().changes(app: program.app).operations
        let listed = repeated ? operations + operations.suffix(1) : operations.reversed()
        let received = try ChangeSetBytes(ChangeSet(app: program.app, operations: listed).encoded())
        #expect(throws: ChangeSetError.unordered(install: third, sequence: repeated ? 3_000 : 2_999)) {
            try SyncHistory(install: receiver).folding(received, program: program, now: Self.now)
        }
    }
}

private extension Result {
    /// The error's description, nil on success.
    var failureDescription: String? {
        if case .failure(let error) = self { "\(error)" } else { nil }
    }
}
