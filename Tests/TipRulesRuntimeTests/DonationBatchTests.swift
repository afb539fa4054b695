import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `EventStore.donate(event:dates:fields:)` and `donate(event:batch:)`, a batch given by column or
/// gathered in a `DonationBatch`: the same store as donating each donation alone, in order (dates
/// unsorted and equal, more than 32 rows, strings interned), so every evaluation is the same; a
/// refused batch leaves the store as it was.
@Suite struct DonationBatchTests {
    private let now = 1_795_251_600.0

    /// A batch of `event`'s donations: dates (unsorted, equal, or sorted) and their fields by row.
    private func batch(_ event: EventInfo, count: Int, values: inout RandomValues) -> (dates: [Double], rows: [[ScalarValue]]) {
        var dates = (0..<count).map { _ in values.date() }
        switch values.random.next(4) {
        case 0: dates.sort()
        case 1: dates = dates.map { _ in dates.first ?? now }  // all equal
        default: break
        }
        return (dates, dates.map { _ in event.fields.map { values.value($0.type) } })
    }

    @Test func aBatchIsTheSameStoreAsItsDonationsOneByOne() throws {
        var values = RandomValues(random: Xorshift(state: 0x5EED_0001), now: now)
        var compared = 0
        for (name, program) in try examplePrograms() where !program.events.isEmpty {
            var evaluator = Evaluator(program: program)
            for round in 0..<12 {
                // Half the rounds start from a store that has donations already (the batch is merged).
                var byBatch = round % 2 == 0 ? EventStore(program: program) : values.store(for: program, maximum: 6)
                var oneByOne = byBatch
                for (event, info) in program.events.enumerated() {
                    let count = values.random.pick([0, 1, 2, 7, 31, 32, 33, 70])
                    let (dates, rows) = batch(info, count: count, values: &values)
                    try byBatch.donate(event: event, dates: dates, fields: Array(rows.joined()))
                    for (date, fields) in zip(dates, rows) { try oneByOne.donate(event: event, date: date, fields: fields) }
                    #expect(byBatch.donations(event: event) == oneByOne.donations(event: event), "\(name) \(info.name) round \(round)")
                    #expect(byBatch.donationCount(event: event) == oneByOne.donationCount(event: event))
                }
                #expect(evaluator.evaluate(byBatch, now: now) == evaluator.evaluate(oneByOne, now: now), "\(name) round \(round)")
                compared += 1
            }
        }
        #expect(compared >= 60)
    }

    /// One `DonationBatch` per event, filled row by row (values as slot bits through `appendRow`, a
    /// string's through `string(_:)`, or checked through `append(date:fields:)`), emptied and filled
    /// again round after round (growing past its first room): the same store as the same donations
    /// one by one.
    @Test func aReusedBatchIsTheSameStoreAsItsDonationsOneByOne() throws {
        var values = RandomValues(random: Xorshift(state: 0x5EED_0004), now: now)
        var compared = 0
        for (name, program) in try examplePrograms() where !program.events.isEmpty {
            let batches = program.events.map { DonationBatch(kinds: $0.fields.map(\.type)) }
            for round in 0..<8 {
                var byBatch = round % 2 == 0 ? EventStore(program: program) : values.store(for: program, maximum: 6)
                var oneByOne = byBatch
                for (event, info) in program.events.enumerated() {
                    let batch = batches[event]
                    batch.removeAll()
                    let (dates, rows) = self.batch(info, count: values.random.pick([0, 1, 2, 9, 33, 70]), values: &values)
                    for (date, fields) in zip(dates, rows) {
                        if values.random.next(2) == 0 {
                            batch.append(date: date, fields: fields)
                        } else {
                            let slots = batch.appendRow(date: date)
                            for (index, value) in fields.enumerated() { slots[index] = SlotEncoding.bits(value) { Int(batch.string($0)) } }
                        }
                        try oneByOne.donate(event: event, date: date, fields: fields)
                    }
                    #expect(batch.count == dates.count && batch.dates.elementsEqual(dates))
                    try byBatch.donate(event: event, batch: batch)
                    #expect(byBatch.donations(event: event) == oneByOne.donations(event: event), "\(name) \(info.name) round \(round)")
                }
                compared += 1
            }
        }
        #expect(compared >= 40)
    }

    /// Strings are interned in date order (`eval` donates a fixture's donations oldest first, one by
    /// one): a batch given in any order evaluates as they do, explanations (which name the largest
    /// group's value) included.
    @Test func stringsInternedFromABatchEvaluateAsFromDonationsInDateOrder() throws {
        let program = try compile("""
        event viewed(category: String, score: Int)
        tip T {
            title: "t"
            #Rule(Self.viewed) { $0.donations.largestSubset(groupedBy: \\.category).count >= 3 }
            #Rule(Self.viewed) { $0.donations.donatedWithin(.days(2)).largestSubset(groupedBy: \\.category).count >= 2 }
        }
        """)
        var values = RandomValues(random: Xorshift(state: 0x5EED_0002), now: now)
        var evaluator = Evaluator(program: program)
        for round in 0..<200 {
            let count = values.random.pick([2, 4, 9, 33, 40])
            let dates = (0..<count).map { _ in now - Double(values.random.next(5) * 40_000) }
            let rows = dates.map { _ in [ScalarValue.string(values.random.pick(["b", "a", "c", "é"])), .int(values.random.next(3))] }
            var byBatch = EventStore(program: program)
            try byBatch.donate(event: 0, dates: dates, fields: Array(rows.joined()))
            var inDateOrder = EventStore(program: program)
            for row in dates.indices.sorted(by: { (dates[$0], $0) < (dates[$1], $1) }) {
                try inDateOrder.donate(event: 0, date: dates[row], fields: rows[row])
            }
            #expect(byBatch.donations(event: 0) == inDateOrder.donations(event: 0))
            #expect(evaluator.evaluate(byBatch, now: now, explaining: true) == evaluator.evaluate(inDateOrder, now: now, explaining: true),
                    "round \(round)")
            // Given in any order one by one, the decisions are the same too.
            var asGiven = EventStore(program: program)
            for (date, fields) in zip(dates, rows) { try asGiven.donate(event: 0, date: date, fields: fields) }
            #expect(evaluator.evaluate(byBatch, now: now) == evaluator.evaluate(asGiven, now: now), "round \(round)")
        }
    }

    @Test func aRefusedBatchLeavesTheStoreAsItWas() throws {
        let program = try compile("""
        event purchase(amount: Double, category: String)
        event opened
        tip T {
            title: "t"
            #Rule(Self.purchase) { $0.donations.count >= 1 }
        }
        """)
        var values = RandomValues(random: Xorshift(state: 0x5EED_0003), now: now)
        let store = values.store(for: program, maximum: 5)
        let good: [ScalarValue] = [.double(1), .string("a"), .double(2), .string("b")]
        let refused: [(dates: [Double], fields: [ScalarValue], event: Int)] = [
            ([now, now], Array(good.prefix(3)), 0),  // one value short
            ([now], good, 0),  // two donations' values for one date
            ([], [.double(1)], 0),
            ([now, now], [.double(1), .string("a"), .string("b"), .double(2)], 0),  // a value of the wrong kind
            ([now, now], [.int(1), .string("a"), .double(2), .string("b")], 0),
            ([now, .nan], good, 0), ([.infinity, now], good, 0), ([now, -.infinity], good, 0),
            ([now], [.int(1)], 1),  // fields for an event without any
            ([now], [], 2), ([now], [], -1),  // no such event
        ]
        for (index, batch) in refused.enumerated() {
            var copy = store
            #expect(throws: StoreError.self, "case \(index)") { try copy.donate(event: batch.event, dates: batch.dates, fields: batch.fields) }
            for event in program.events.indices { #expect(copy.donations(event: event) == store.donations(event: event), "case \(index)") }
        }
        // A batch given too few or too many values for a donation, or a string's slot that names
        // no string of the batch, is refused whole: nothing is read of it.
        let purchase = program.events[0].fields.map(\.type)
        let miscounted: [[ScalarValue]] = [[.double(1)], [.double(1), .string("a"), .string("b")], []]
        for (index, fields) in miscounted.enumerated() {
            let batch = DonationBatch(kinds: purchase)
            batch.append(date: now, fields: [.double(2), .string("c")])
            batch.append(date: now - 1, fields: fields)
            var copy = store
            let error = errorDescription { try copy.donate(event: 0, batch: batch) }
            #expect(error == "\(StoreError.fieldCount(event: "purchase", expected: 2, found: fields.count))", "miscounted \(index)")
            #expect(copy.donations(event: 0) == store.donations(event: 0), "miscounted \(index)")
            batch.removeAll()
            batch.append(date: now, fields: [.double(2), .string("c")])
            try copy.donate(event: 0, batch: batch)
            #expect(copy.donationCount(event: 0) == store.donationCount(event: 0) + 1, "emptied after \(index)")
        }
        let written = DonationBatch(kinds: purchase)
        let row = written.appendRow(date: now)
        row.initialize(to: 1.5.bitPattern)
        (row + 1).initialize(to: 7)  // no string of the batch
        var unread = store
        #expect(errorDescription { try unread.donate(event: 0, batch: written) } != nil)
        #expect(unread.donations(event: 0) == store.donations(event: 0))
        // What is refused one by one is refused in a batch, with the same error.
        var one = store, many = store
        let single = errorDescription { try one.donate(event: 0, date: now, fields: [.string("x"), .double(1)]) }
        let batched = errorDescription { try many.donate(event: 0, dates: [now], fields: [.string("x"), .double(1)]) }
        #expect(single != nil && single == batched)
        // An empty batch, and a batch for an event without fields, are recorded.
        var copy = store
        try copy.donate(event: 0, dates: [], fields: [])
        try copy.donate(event: 1, dates: [now, now - 1, now], fields: [])
        #expect(copy.donations(event: 0) == store.donations(event: 0))
        #expect(copy.donationCount(event: 1) == store.donationCount(event: 1) + 3)
    }
}
