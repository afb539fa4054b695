import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Fused scans (`ScanPlan`) restate the loop instructions: over random predicates, loop kinds
/// and stores, the fused and the instruction-by-instruction runs give the same results, errors
/// and explanations.
@Suite struct ScanFusionTests {
    private let now = date("2026-11-21T09:00:00Z")
    private let header = """
    event purchase(amount: Double, count: Int, category: String, gift: Bool, at: Date)

    """

    private let categories = ["grocery", "diner", "travel", "Grocery", "cafe\u{301}", "café", ""]

    private func term(_ random: inout Xorshift) -> String {
        let operators = ["==", "!=", "<", "<=", ">", ">="]
        let op = random.pick(operators)
        let term: String
        switch random.next(5) {
        case 0: term = "$0.amount \(op) \(random.next(100)).5"
        case 1: term = "$0.count \(op) \(random.next(10))"
        case 2: term = "$0.category \(op) \"\(random.pick(categories))\""
        case 3: term = "$0.gift \(random.pick(["==", "!="])) \(random.pick(["true", "false"]))"
        default: term = "\(random.next(10)) \(op) $0.count"
        }
        return term
    }

    private func predicate(_ random: inout Xorshift) -> String {
        let joins = random.next(3)
        var text = term(&random)
        for _ in 0..<joins { text += " \(random.pick(["&&", "||"])) " + term(&random) }
        return text
    }

    private func rule(_ random: inout Xorshift) -> String {
        let source = random.pick(["$0.donations", "$0.donations.donatedWithin(.days(3))"])
        let body = predicate(&random)
        switch random.next(6) {
        case 0: return "\(source).filter { \(body) }.count \(random.pick([">=", ">", "<", "<=", "==", "!="])) \(random.next(12) - 1)"
        case 1: return "\(source).contains(where: { \(body) })"
        case 2: return "\(source).allSatisfy { \(body) }"
        case 3: return "\(source).filter { \(body) }.isEmpty"
        case 4: return "(\(source).filter { \(body) }.max(of: \\.amount) ?? 0) > 50"
        default: return "!(\(source).filter { \(body) }.count > \(random.next(5)))"
        }
    }

    private func store(for program: Program, _ random: inout Xorshift) throws -> EventStore {
        var store = EventStore(program: program)
        for index in 0..<random.next(60) {
            try store.donate(event: 0, date: now - Double(index) * 7_200 - Double(random.next(3_600)), fields: [
                .double(Double(random.next(200)) / 2), .int(random.next(10)), .string(random.pick(categories)),
                .bool(random.next(2) == 0), .date(now - Double(random.next(1_000_000))),
            ])
        }
        return store
    }

    @Test func fusedAndInterpretedRunsAgree() throws {
        var random = Xorshift(state: 0x5EED_1234_ABCD_0001)
        var fused = 0
        for round in 0..<150 {
            let rules = (0..<3).map { _ in "    #Rule(Self.purchase) { \(rule(&random)) }" }
            let source = header + "tip T {\n    title: \"t\"\n" + rules.joined(separator: "\n") + "\n}\n"
            let program = try compile(source)
            var fast = Evaluator(program: program)
            var slow = Evaluator(program: program, fusingScans: false)
            fused += fast.rules[0].filter(\.hasScans).count
            for _ in 0..<3 {
                let store = try store(for: program, &random)
                #expect(fast.evaluate(store, now: now, explaining: true) == slow.evaluate(store, now: now, explaining: true), "round \(round):\n\(source)")
                #expect(fast.evaluate(store, now: now) == slow.evaluate(store, now: now), "round \(round):\n\(source)")
            }
        }
        #expect(fused > 300, "most random loops are fusable shapes")
    }

    @Test func countStopsOnceTheComparisonIsDecidedButExplainsTheWholeCount() throws {
        let program = try compile(header + """
        tip T {
            title: "t"
            #Rule(Self.purchase) { !($0.donations.filter { $0.count >= 0 }.count > 2) }
        }
        """)
        var store = EventStore(program: program)
        for hour in 0..<40 {
            try store.donate(event: 0, date: now - Double(hour) * 3_600,
                             fields: [.double(1), .int(1), .string("a"), .bool(true), .date(now)])
        }
        var evaluator = Evaluator(program: program)
        #expect(evaluator.rules[0][0].hasScans)
        #expect(evaluator.evaluateRule(tip: 0, rule: 0, store: store, now: now)?.result == false)
        let explaining = evaluator.evaluateRule(tip: 0, rule: 0, store: store, now: now, explaining: true)
        let explained = try #require(explaining)
        #expect(explained.explanation == ["purchase donations, filtered by { $0.count >= 0 }: count 40, needs <= 2"])
    }

    @Test func aScanChargesTheWorkBudget() throws {
        let program = try compile("""
        event purchase(amount: Double, count: Int, category: String, gift: Bool, at: Date) limit(maximumCount: 1000000)
        tip T {
            title: "t"
            #Rule(Self.purchase) { $0.donations.filter { $0.category == "x" }.count > 1 }
        }
        """)
        var store = EventStore(program: program)
        let long = String(repeating: "y", count: 64)
        try store.donate(event: 0, contentsOf: (0..<40_000).map {
            Donation(date: now - Double($0), fields: [.double(1), .int(1), .string(long), .bool(true), .date(now)])
        })
        var fast = Evaluator(program: program)
        var slow = Evaluator(program: program, fusingScans: false)
        #expect(fast.rules[0][0].hasScans)
        let fastResult = fast.evaluateRule(tip: 0, rule: 0, store: store, now: now)
        let fused = try #require(fastResult)
        #expect(fused == slow.evaluateRule(tip: 0, rule: 0, store: store, now: now))
        #expect(fused.error?.contains("used up its work budget") == true, Comment(rawValue: String(describing: fused)))
    }

    /// `…Subset(groupedBy:).count` counts only the winning group; it agrees with counting the
    /// subset's donations one by one.
    @Test func subsetCountAgreesWithTheSubsetItself() throws {
        var random = Xorshift(state: 0xB0B0_CAFE_0000_0003)
        for field in ["count", "amount", "category", "gift", "at"] {
            for kind in ["largestSubset", "smallestSubset"] {
                let subset = "$0.donations.donatedWithin(.days(3)).\(kind)(groupedBy: \\.\(field))"
                let program = try compile(header + """
                tip T {
                    title: "t"
                    #Rule(Self.purchase) { \(subset).count == 0 }
                    #Rule(Self.purchase) { \(subset).filter { $0.amount > -1.0 }.count == 0 }
                }
                widget W {
                    relevance {
                        score: Double(purchase.donations.donatedWithin(.days(3)).\(kind)(groupedBy: \\.\(field)).count)
                        duration: .hours(1)
                    }
                }
                """)
                var evaluator = Evaluator(program: program)
                for _ in 0..<20 {
                    let store = try store(for: program, &random)
                    let result = evaluator.evaluate(store, now: now)
                    #expect(result.tips[0].rules[0].result == result.tips[0].rules[1].result, "\(kind) by \(field)")
                    let interpreted = evaluator.evaluateRule(tip: 0, rule: 1, store: store, now: now)
                    let expected = try #require(interpreted)
                    #expect((result.widgets[0].score == 0) == expected.result, "\(kind) by \(field)")
                }
            }
        }
    }
}
