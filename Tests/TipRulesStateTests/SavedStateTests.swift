import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
@testable import TipRulesState
import TipRulesTestSupport

/// Saved state (`StateEncoder`, `StateDecoder`) and operation records (`OperationRecord`).
struct SavedStateTests {
    static let source = """
    parameter isLoggedIn: Bool = false
    parameter name: String = "x"
    transient parameter onScreen: Bool = false
    event visited(backyardID: Int, label: String) limit(maximumCount: 3)
    event opened
    tip Favorite {
        title: "f"
        #Rule(Self.visited) { $0.donations.count >= 2 }
        options { Tips.MaxDisplayCount(2) }
    }
    tip Welcome { title: "w" }
    """

    /// An engine with something of every kind of state.
    static func busyEngine() throws -> TipEngine {
        var engine = TipEngine(program: try compile(source))
        for operation in operations { try operation.apply(to: &engine) }
        return engine
    }

    static let operations: [TipOperation] = [
        .setParameter("isLoggedIn", .bool(true)),
        .setParameter("name", .string("Zoë")),
        .setParameter("onScreen", .bool(true)),
        .donate(event: "visited", fields: ["backyardID": .int(-7), "label": .string("a")], date: 100),
        .donate(event: "visited", fields: ["backyardID": .int(8), "label": .string("")], date: 50),
        .donate(event: "opened", fields: [:], date: 75.5),
        .display(tip: "Favorite", date: 200, duration: 12.5),
        .display(tip: "Favorite", date: 300, duration: 1),
        .invalidate(tip: "Welcome", reason: .tipClosed),
        .setUTCOffset(-3600 * 5),
        .setTestingOverrides(TestingOverrides(showTips: ["Welcome"], hideAllTips: true)),
        .resetParameter("name"),
    ]

    @Test func aStateReadsBackToTheSameStore() throws {
        let engine = try Self.busyEngine()
        let saved = try StateDecoder.decode(engine.savedState(), for: engine.program)
        #expect(saved.problems.isEmpty)
        #expect(saved.clock == engine.clock)
        #expect(StateEncoder.encode(saved.store, clock: saved.clock) == engine.savedState())
        #expect(saved.store.parameter(0) == .bool(true))
        #expect(saved.store.parameter(2) == .bool(false), "transient parameters are not saved")
        #expect(saved.store.donations(event: 0).map(\.date) == [50, 100])
        #expect(saved.store.tipState(0) == TipState(displayCount: 2, displayDuration: 13.5, invalidation: .displayCountExceeded,
                                                    displayDates: [200, 300], invalidationDate: 300))
        #expect(saved.store.tipState(1).invalidation == .tipClosed)
        #expect(saved.store.lastDisplayDate == 200)
        #expect(saved.store.utcOffset == -18_000)
        #expect(saved.store.testing == engine.store.testing)
    }

    @Test func aStateReadAgainstNewRulesIsCarriedOverByName() throws {
        let engine = try Self.busyEngine()
        let newer = try compile("""
        parameter name: Int = 1
        event opened
        event visited(label: String)
        tip Welcome { title: "w" }
        tip Favorite { title: "f" }
        """)
        let saved = try StateDecoder.decode(engine.savedState(), for: newer)
        var updated = engine
        let expected = updated.update(to: newer)
        #expect(saved.problems == expected.filter { $0 != .parameterRemoved("onScreen") }, "transient parameters are not saved")
        #expect(saved.problems.contains(.parameterRemoved("isLoggedIn")))
        #expect(saved.problems.contains(.parameterTypeChanged(name: "name", old: .string, new: .int)))
        #expect(StateEncoder.encode(saved.store) == StateEncoder.encode(updated.store))
        #expect(saved.store.donations(event: 1).map(\.fields) == [[.string("")], [.string("a")]])
        #expect(saved.store.tipState(1).displayCount == 2)
    }

    @Test func replayingRecordsReproducesTheEngine() throws {
        var replayed = TipEngine(program: try compile(Self.source))
        var journal = OperationRecord.journalHeader
        for operation in Self.operations { journal += OperationRecord.encode(operation) }
        let contents = try OperationRecord.read(journal)
        #expect(contents.damage == nil)
        #expect(contents.end == journal.count)
        #expect(contents.operations == Self.operations)
        for operation in contents.operations { try operation.apply(to: &replayed) }
        #expect(replayed.savedState() == (try Self.busyEngine()).savedState())
    }

    @Test func aRecordCostsBytesByItsNamesNotByTheState() throws {
        let record = OperationRecord.encode(.donate(event: "visited", fields: ["backyardID": .int(1), "label": .string("a")], date: 1))
        // Frame, kind, "visited", date, field count, "backyardID" with an Int, "label" with "a".
        #expect(record.count == 8 + 1 + 8 + 8 + 1 + 11 + 9 + 6 + 3)
    }

    @Test func aTornTailEndsTheJournalAtTheLastGoodRecord() throws {
        let first = OperationRecord.encode(.pruneDonations(at: 1))
        let second = OperationRecord.encode(.resetEligibility(tip: "Welcome"))
        let journal = OperationRecord.journalHeader + first + second
        for cut in OperationRecord.journalHeader.count..<journal.count {
            let contents = try OperationRecord.read(Array(journal.prefix(cut)))
            let good = cut >= OperationRecord.journalHeader.count + first.count ? 1 : 0
            #expect(contents.operations.count == good)
            #expect(contents.end == OperationRecord.journalHeader.count + good * first.count)
            #expect((contents.damage == nil) == (cut == contents.end))
        }
    }

    @Test func everyDamagedByteIsRefusedOrReadNeverCrashes() throws {
        let program = try compile(Self.source)
        let bytes = try Self.busyEngine().savedState()
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x5A
            #expect(throws: StateFormatError.self) { try StateDecoder.decode(damaged, for: program) }
            #expect(throws: StateFormatError.self) { try StateDecoder.decode(Array(bytes.prefix(index)), for: program) }
        }
        var journal = OperationRecord.journalHeader
        for operation in Self.operations { journal += OperationRecord.encode(operation) }
        for index in journal.indices {
            var damaged = journal
            damaged[index] ^= 0xFF
            if let contents = try? OperationRecord.read(damaged) { #expect(contents.operations.count < Self.operations.count) }
        }
    }

    @Test func aNewerFormatVersionIsAClearError() throws {
        var bytes = try Self.busyEngine().savedState()
        bytes[4] = 3
        #expect(throws: StateFormatError.newerVersion(3, newestRead: 2)) { try StateDecoder.decode(bytes, for: try compile(Self.source)) }
        var journal = OperationRecord.journalHeader
        journal[4] = 9
        #expect(throws: StateFormatError.newerVersion(9, newestRead: 2)) { try OperationRecord.read(journal) }
    }

    @Test func payloadsValidUnderTheChecksumAreStillChecked() throws {
        let program = try compile(Self.source)
        let bytes = try Self.busyEngine().savedState()
        for index in StateFormat.headerSize..<bytes.count {
            for value: UInt8 in [0x00, 0xFF, 0x80, 0x07] {
                var payload = Array(bytes[StateFormat.headerSize...])
                payload[index - StateFormat.headerSize] = value
                _ = try? StateDecoder.decode(StateFormat.framed(payload, magic: StateFormat.stateMagic), for: program)
            }
        }
    }
}
