import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Fused scans decide 64 rows at a time as bit masks (`ScanChunk`): over collections of many
/// chunks (a partial last one, rows gathered from a subset, NaN amounts, strings of every
/// length), the fused and the instruction-by-instruction runs give the same results, errors
/// and explanations, and the same work wherever the fused loop reads every row it must.
@Suite struct ScanChunkTests {
    private let now = date("2026-11-21T09:00:00Z")
    private let header = """
    event purchase(amount: Double, count: Int, category: String, gift: Bool) limit(maximumCount: 100000)

    """
    private let categories = ["grocery", "diner", "", "a much longer category name than the others", "café"]

    private func term(_ random: inout Xorshift) -> String {
        let op = random.pick(["==", "!=", "<", "<=", ">", ">="])
        switch random.next(5) {
        case 0: return "$0.amount \(op) \(random.next(100)).5"
        case 1: return "$0.count \(op) \(random.next(10))"
        case 2: return "$0.category \(op) \"\(random.pick(categories + ["missing"]))\""
        case 3: return "$0.gift \(random.pick(["==", "!="])) \(random.pick(["true", "false"]))"
        default: return "\(random.next(10)) \(op) $0.count"
        }
    }

    private func predicate(_ random: inout Xorshift) -> String {
        var text = term(&random)
        for _ in 0..<random.next(4) { text += " \(random.pick(["&&", "||"])) " + term(&random) }
        return text
    }

    /// A fused loop and whether its work equals the row-by-row run's (a count that stops once
    /// decided reads fewer rows).
    private func rule(_ random: inout Xorshift) -> (text: String, sameWork: Bool) {
        let source = random.pick(["$0.donations", "$0.donations.donatedWithin(.days(2))",
                                  "$0.donations.largestSubset(groupedBy: \\.count)"])
        let body = predicate(&random)
        switch random.next(5) {
        case 0: return ("\(source).filter { \(body) }.count \(random.pick([">=", "<", "==", "!="])) \(random.next(150))", false)
        case 1: return ("\(source).contains(where: { \(body) })", true)
        case 2: return ("\(source).allSatisfy { \(body) }", true)
        case 3: return ("(\(source).filter { \(body) }.max(of: \\.amount) ?? 0) > 50", true)
        default: return ("\(source).filter { \(body) }.isEmpty", true)
        }
    }

    private func store(for program: Program, _ random: inout Xorshift) throws -> EventStore {
        var store = EventStore(program: program)
        let count = random.pick([0, 1, 63, 64, 65, 128, 130, 300])
        try store.donate(event: 0, contentsOf: (0..<count).map { index in
            let amount = random.next(12) == 0 ? Double.nan : Double(random.next(200)) / 2
            // Some after now: no rule sees them.
            let date = now - Double(index) * 900 + (random.next(10) == 0 ? 3_600 : 0)
            return Donation(date: date, fields: [.double(amount), .int(random.next(10)), .string(random.pick(categories)),
                                                 .bool(random.next(2) == 0)])
        })
        return store
    }

    @Test func chunkedScansAgreeWithTheInstructions() throws {
        var random = Xorshift(state: 0x5CA9_C4E5_0000_0033)
        var fused = 0
        for round in 0..<120 {
            let (text, sameWork) = rule(&random)
            let source = header + "tip T {\n    title: \"t\"\n    #Rule(Self.purchase) { \(text) }\n}\n"
            let program = try compile(source)
            var fast = Evaluator(program: program)
            var slow = Evaluator(program: program, fusingScans: false)
            if fast.rules[0][0].hasScans { fused += 1 }
            for _ in 0..<3 {
                let store = try store(for: program, &random)
                let (fastWork, slowWork) = (fast.workDone, slow.workDone)
                #expect(fast.evaluate(store, now: now) == slow.evaluate(store, now: now), "round \(round):\n\(source)")
                if sameWork {
                    #expect(fast.workDone - fastWork == slow.workDone - slowWork, "round \(round):\n\(source)")
                }
                #expect(fast.evaluate(store, now: now, explaining: true) == slow.evaluate(store, now: now, explaining: true),
                        "round \(round):\n\(source)")
                #expect(fast.decideRule(tip: 0, rule: 0, store: store, now: now)
                        == slow.evaluateRule(tip: 0, rule: 0, store: store, now: now)?.result)
            }
        }
        #expect(fused > 40, "many of these loops are fused")
    }

    /// A count compared with a constant stops at the row that decides it, in whichever chunk.
    @Test func aCountStopsAtTheDecidingRowOfAnyChunk() throws {
        for bound in [0, 1, 63, 64, 65, 127, 199, 200] {
            let program = try compile(header + """
            tip T {
                title: "t"
                #Rule(Self.purchase) { $0.donations.filter { $0.count >= 0 && $0.amount > -1.0 }.count > \(bound) }
            }
            """)
            var store = EventStore(program: program)
            try store.donate(event: 0, contentsOf: (0..<200).map {
                Donation(date: now - Double($0), fields: [.double(1), .int(1), .string("a"), .bool(true)])
            })
            var fast = Evaluator(program: program)
            var slow = Evaluator(program: program, fusingScans: false)
            let before = fast.workDone
            let result = fast.evaluate(store, now: now)
            #expect(result == slow.evaluate(store, now: now), "bound \(bound)")
            // Row by row, every donation is read; fused, the rows up to the deciding one.
            #expect(fast.workDone - before == min(bound + 1, 200), "bound \(bound)")
        }
    }
}
