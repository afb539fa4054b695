import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// The event store: type checks, date order, the donation limit, and what is visible at now.
@Suite struct StoreTests {
    private let now = 1_000_000.0

    private func program() throws -> Program {
        try compile("""
        parameter name: String = "x"
        event tap(n: Int) limit(maximumCount: 3)
        event open limit(maximumAge: .seconds(100))
        event plain(label: String, when: Date)
        tip T {
            title: "t"
            #Rule(Self.tap) { $0.donations.count == 3 }
        }
        """)
    }

    @Test func donationsAreKeptInDateOrder() throws {
        var store = EventStore(program: try program())
        for (date, label) in [(30.0, "c"), (10, "a"), (20, "b"), (20, "b2"), (5, "first"), (40, "d")] {
            try store.donate(event: 2, date: date, fields: [.string(label), .date(date)])
        }
        let columns = store.donations[2]
        #expect((0..<columns.count).map(columns.date) == [5, 10, 20, 20, 30, 40])
        #expect((0..<columns.count).map { columns.strings[Int(columns.columns[1][$0])] } == ["first", "a", "b", "b2", "c", "d"])
        #expect(columns.columns[2].map(SlotEncoding.double) == [5, 10, 20, 20, 30, 40])
        #expect(columns.strings.count == 6)
        #expect(store.donationCount(event: 2) == 6)
    }

    @Test func testVisibleRows() throws {
        var store = EventStore(program: try program())
        for date in [now - 500, now - 50, now - 10, now, now + 1, now - 5] {
            try store.donate(event: 0, date: date, fields: [.int(1)])
            try store.donate(event: 1, date: date, fields: [])
        }
        // tap: at or before now (5 of them), the 3 most recent.
        #expect(store.donations[0].visibleRows(now: now, maximumCount: 3, maximumAge: nil) == (2..<5))
        // open: at or before now, no older than 100 seconds.
        #expect(store.donations[1].visibleRows(now: now, maximumCount: 1000, maximumAge: 100) == (1..<5))
        #expect(store.donations[1].visibleRows(now: now - 1000, maximumCount: 1000, maximumAge: nil) == (0..<0))
        #expect(store.donations[1].visibleRows(now: .nan, maximumCount: 1000, maximumAge: nil) == (0..<0))
        #expect(store.donations[1].visibleRows(now: now, maximumCount: 0, maximumAge: nil) == (5..<5))
        let program = store.program
        #expect(evaluate(program, store: store, now: now).tips[0].rules[0].result == true)
        #expect(evaluate(program, store: store, now: now - 20).tips[0].rules[0].result == false)
    }

    @Test func typeChecks() throws {
        var store = EventStore(program: try program())
        #expect(errorDescription { try store.setParameter(0, .int(1)) } == "parameter 'name' is a String, not a Int")
        #expect(errorDescription { try store.setParameter(3, .int(1)) } == "no parameter with index 3")
        #expect(errorDescription { try store.donate(event: 0, date: 1, fields: []) } == "a donation of 'tap' has 1 field, not 0")
        #expect(errorDescription { try store.donate(event: 0, date: 1, fields: [.double(1)]) } == "field 'n' of 'tap' is a Int, not a Double")
        #expect(errorDescription { try store.donate(event: 1, date: .infinity, fields: []) } == "a donation of 'open' needs a date within the years 0001 to 9999")
        #expect(errorDescription { try store.donate(event: 9, date: 1, fields: []) } == "no event with index 9")
        try store.setParameter(0, .string("pro"))
        #expect(store.parameter(0) == .string("pro"))
        #expect(store.parameter(5) == nil)
        store.setTipState(7, TipState(displayCount: 3))
        #expect(store.tipState(7) == TipState())
        store.setTipState(0, TipState(displayCount: 3))
        #expect(store.tipState(0).displayCount == 3)
    }

    @Test func storeOfAnotherProgram() throws {
        let program = try self.program()
        let other = try compile("parameter name: Int = 1")
        let result = evaluate(program, store: EventStore(program: other), now: now)
        #expect(result.tips[0].rules[0].error == "the store was made for a program with other parameters or events")
        // A store of an identical program works.
        var twin = EventStore(program: try self.program())
        for offset in 1...3 { try twin.donate(event: 0, date: now - Double(offset), fields: [.int(offset)]) }
        #expect(evaluate(program, store: twin, now: now).tips[0].rules[0].result == true)
    }

    @Test func aBatchLandsWhereOneByOneDonationsWould() throws {
        let program = try program()
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(random >> 33) % bound
        }
        for _ in 0..<50 {
            var oneByOne = EventStore(program: program)
            var batched = EventStore(program: program)
            for _ in 0..<next(4) {
                let batch = (0..<next(30)).map { index in
                    Donation(date: Double(next(20)), fields: [.string("l\(index)"), .date(Double(next(5)))])
                }
                for donation in batch { try oneByOne.donate(event: 2, date: donation.date, fields: donation.fields) }
                try batched.donate(event: 2, contentsOf: batch)
                #expect(batched.donations(event: 2) == oneByOne.donations(event: 2))
            }
        }
    }

    @Test func aBatchWithOneBadDonationRecordsNone() throws {
        var store = EventStore(program: try program())
        let good = Donation(date: 1, fields: [.string("a"), .date(1)])
        let bad = Donation(date: .infinity, fields: [.string("b"), .date(1)])
        #expect(throws: (any Error).self) { try store.donate(event: 2, contentsOf: [good, bad]) }
        #expect(throws: (any Error).self) { try store.donate(event: 2, contentsOf: [good, Donation(date: 2, fields: [.int(1)])]) }
        #expect(throws: (any Error).self) { try store.donate(event: 9, contentsOf: [good]) }
        #expect(store.donationCount(event: 2) == 0)
    }
}
