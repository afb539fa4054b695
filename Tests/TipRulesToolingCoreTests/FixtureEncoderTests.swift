import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// A saved engine state is a fixture: encoding a store and decoding it gives the same store.
@Suite struct FixtureEncoderTests {
    @Test func everyKindOfValueRoundTrips() throws {
        let source = """
        parameter name: String = ""
        parameter since: Date = Date(timeIntervalSince1970: 0)
        event bought(amount: Double, note: String, when: Date, paid: Bool, count: Int)
        tip T { title: "t" }
        """
        let program = try compile(source, name: "t")
        var engine = TipEngine(program: program)
        try engine.setParameter("name", .string("Zoë \"q\""))
        try engine.setParameter("since", .date(1_795_251_600.125))
        try engine.donate(event: "bought", fields: ["amount": .double(12.5), "note": .string("a"), "when": .date(1.0 / 3),
                                                    "paid": .bool(true), "count": .int(-3)], at: 1_795_251_600)
        try engine.recordDisplay(tip: "T", at: 1_795_251_700, duration: 61)
        try engine.close(tip: "T")
        var store = engine.store
        store.testing = TestingOverrides(hideTips: ["T"])
        try store.setUTCOffset(-(5 * 3600 + 1800))
        let text = JSONWriter.string(from: FixtureEncoder.encode(store, now: 1_795_251_800), style: .pretty)
        let fixture = try FixtureDecoder.decode(Array(text.utf8), for: program)
        let decoded = try fixture.makeStore(for: program)
        #expect(fixture.now == 1_795_251_800)
        #expect((0..<2).map { decoded.parameter($0) } == (0..<2).map { store.parameter($0) })
        #expect(decoded.donations(event: 0) == store.donations(event: 0))
        #expect(decoded.tipState(0) == TipState(displayCount: 1, displayDuration: 61, invalidation: .tipClosed,
                                                     displayDates: [1_795_251_700], invalidationDate: 1_795_251_700))
        #expect(decoded.utcOffset == -(5 * 3600 + 1800))
        #expect(decoded.lastDisplayDate == 1_795_251_700)
        #expect(decoded.testing == store.testing)
    }
}
