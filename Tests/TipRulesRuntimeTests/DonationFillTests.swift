import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// How a batch of donations fills an event's columns (`EventStore.donate(event:dates:fields:)`):
/// into an empty event or one that holds donations, dates in order, reversed, shuffled, all equal
/// or few, more than fit an insertion sort, values of every kind a field may have, it makes the very columns,
/// string table and value ranges that donating its donations one by one in date order makes; and
/// `removeAll()` leaves a store that fills as a new one does.
@Suite struct DonationFillTests {
    private let now = 1_795_251_600.0
    private let program: Program

    init() throws {
        program = try compile("""
        event viewed(flag: Bool, count: Int, score: Double, category: String, seen: Date, tag: String)
        event opened
        parameter plan: String = "free"
        tip T {
            title: "t"
            #Rule(Self.viewed) { $0.donations.largestSubset(groupedBy: \\.category).count >= 2 }
            #Rule(Self.viewed) { $0.donations.filter { $0.count > 1 }.count >= 1 }
        }
        """)
    }

    /// `count` dates in one of the orders a batch may come in.
    private func dates(_ count: Int, order: Int, values: inout RandomValues) -> [Double] {
        let dates = (0..<count).map { _ in values.date() }
        switch order {
        case 0: return dates.sorted()
        case 1: return dates.sorted(by: >)
        case 2: return dates.map { _ in now - 60 }  // all equal
        case 3: return dates.map { _ in now - Double(values.random.next(3) * 3600) }  // few distinct
        default: return dates
        }
    }

    private func rows(_ count: Int, event: Int, values: inout RandomValues) -> [[ScalarValue]] {
        (0..<count).map { _ in program.events[event].fields.map { values.value($0.type) } }
    }

    /// Donates the rows one by one, oldest first (equal dates in the order given).
    private func donateOneByOne(_ dates: [Double], _ rows: [[ScalarValue]], event: Int, into store: inout EventStore) throws {
        for row in dates.indices.sorted(by: { (dates[$0], $0) < (dates[$1], $1) }) {
            try store.donate(event: event, date: dates[row], fields: rows[row])
        }
    }

    /// Expects two stores' donations of every event to be held alike: columns, strings and ranges.
    private func expectSameColumns(_ a: EventStore, _ b: EventStore, _ comment: String) {
        for (left, right) in zip(a.donations, b.donations) {
            #expect(left.columns == right.columns, "\(comment)")
            #expect(left.strings == right.strings, "\(comment)")
            #expect(left.stringLengths == right.stringLengths, "\(comment)")
            #expect(left.valueRanges == right.valueRanges, "\(comment)")
            for text in left.strings { #expect(left.internedIndex(of: text) == right.internedIndex(of: text), "\(comment)") }
        }
    }

    @Test func aBatchMakesTheColumnsOfItsDonationsOneByOneInDateOrder() throws {
        var values = RandomValues(random: Xorshift(state: 0x5EED_0F11), now: now)
        var evaluator = Evaluator(program: program)
        for round in 0..<120 {
            let count = values.random.pick([1, 2, 9, 31, 64, 65, 130])
            let order = round % 5
            // Half the rounds into an empty event, half into one that holds donations (some newer).
            var byBatch = round % 2 == 0 ? EventStore(program: program) : values.store(for: program, maximum: 8)
            var oneByOne = byBatch
            let dates = dates(count, order: order, values: &values)
            let rows = rows(count, event: 0, values: &values)
            try byBatch.donate(event: 0, dates: dates, fields: Array(rows.joined()))
            try donateOneByOne(dates, rows, event: 0, into: &oneByOne)
            try byBatch.donate(event: 1, dates: Array(dates.prefix(3)), fields: [])
            try donateOneByOne(Array(dates.prefix(3)), Array(repeating: [], count: min(3, count)), event: 1, into: &oneByOne)
            expectSameColumns(byBatch, oneByOne, "round \(round) order \(order) count \(count)")
            #expect(evaluator.evaluate(byBatch, now: now, explaining: true) == evaluator.evaluate(oneByOne, now: now, explaining: true),
                    "round \(round)")
        }
    }

    /// Every batch size from 0 to 200, in every order, and in the orders that take each path of the
    /// insertion sort (a date older than every one before it; one equal to the oldest, which stays
    /// after it; runs that go down then up), makes the columns of its donations one by one.
    @Test func everySizeAndOrderSortsAsOneByOne() throws {
        var values = RandomValues(random: Xorshift(state: 0x5EED_0F14), now: now)
        for count in 0...200 {
            for order in 0..<8 {
                var dates: [Double]
                switch order {
                case 5: dates = (0..<count).map { now - Double(($0 % 3 == 0 ? count - $0 : $0) * 60) }  // new oldest every third
                case 6: dates = (0..<count).map { now - Double($0 % 4 == 0 ? 600 : $0 * 7) }  // the oldest again and again
                case 7: dates = (0..<count).map { now - Double(abs(($0 % 10) - 5) * 60) }  // down then up, ties
                default: dates = self.dates(count, order: order, values: &values)
                }
                let rows = rows(count, event: 0, values: &values)
                var byBatch = EventStore(program: program), oneByOne = byBatch
                try byBatch.donate(event: 0, dates: dates, fields: Array(rows.joined()))
                try donateOneByOne(dates, rows, event: 0, into: &oneByOne)
                expectSameColumns(byBatch, oneByOne, "count \(count) order \(order)")
            }
        }
    }

    /// Two batches in a row (the second merged into the first) make the columns one batch of both
    /// makes, the second's donations after the first's of the same date.
    @Test func aSecondBatchMergesAsOneBatchOfBoth() throws {
        var values = RandomValues(random: Xorshift(state: 0x5EED_0F12), now: now)
        for round in 0..<60 {
            let first = dates(values.random.pick([1, 5, 70]), order: round % 5, values: &values)
            let second = dates(values.random.pick([1, 6, 66]), order: (round / 5) % 5, values: &values)
            let firstRows = rows(first.count, event: 0, values: &values), secondRows = rows(second.count, event: 0, values: &values)
            var twice = EventStore(program: program)
            try twice.donate(event: 0, dates: first, fields: Array(firstRows.joined()))
            try twice.donate(event: 0, dates: second, fields: Array(secondRows.joined()))
            var oneByOne = EventStore(program: program)
            try donateOneByOne(first, firstRows, event: 0, into: &oneByOne)
            try donateOneByOne(second, secondRows, event: 0, into: &oneByOne)
            expectSameColumns(twice, oneByOne, "round \(round)")
        }
    }

    /// A value of the wrong kind is named as the first one in the order given (row by row), even when
    /// a later row's is wrong in an earlier field; nothing is recorded.
    @Test func theFirstValueOfTheWrongKindIsNamed() throws {
        var store = EventStore(program: program)
        var row: [ScalarValue] = [.bool(true), .int(1), .double(1), .string("a"), .date(now), .string("b")]
        var wrong = row
        wrong[0] = .int(0)
        row[4] = .string("x")
        let description = errorDescription { try store.donate(event: 0, dates: [now, now - 1], fields: row + wrong) }
        #expect(description?.contains("seen") == true, "\(description ?? "")")
        #expect(store.donationCount(event: 0) == 0)
        #expect(store.donations[0].strings.isEmpty)
    }

    /// `removeAll()` empties what was filled, whatever it was: parameters, donations (and what
    /// deleting them keeps: interned strings, value ranges), tip states, overrides, exposures.
    @Test func anEmptiedStoreFillsAsANewOne() throws {
        var values = RandomValues(random: Xorshift(state: 0x5EED_0F13), now: now)
        var reused = EventStore(program: program)
        for round in 0..<40 {
            switch round % 4 {
            case 0: reused = values.store(for: program, maximum: 12)
            case 1: reused.deleteDonations(event: 0)
            case 2:
                reused.testing = TestingOverrides(showTips: ["T"], hideAllTips: true)
                try reused.recordExposure(Exposure(tip: "T", group: "g", percent: 10, arm: .holdout, date: now))
            default: break
            }
            reused.removeAll()
            let new = EventStore(program: program)
            expectSameColumns(reused, new, "round \(round) emptied")
            #expect(reused.parameter(0) == new.parameter(0))
            #expect(reused.tipState(0) == new.tipState(0))
            #expect(reused.testing == new.testing && reused.exposures == new.exposures)
            #expect(reused.lastDisplayDate == nil && reused.utcOffset == 0)
            var filled = new
            let dates = dates(values.random.pick([1, 4, 80]), order: round % 5, values: &values)
            let fields = Array(rows(dates.count, event: 0, values: &values).joined())
            try reused.donate(event: 0, dates: dates, fields: fields)
            try filled.donate(event: 0, dates: dates, fields: fields)
            expectSameColumns(reused, filled, "round \(round) filled")
        }
    }
}
