import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// Native rules (`NativeRule`) restate their instructions: over random rules of the native
/// shapes and random stores, the native and the instruction-by-instruction runs give the same
/// results, errors and explanations, through every API (`evaluate`, `evaluateRule`,
/// `decideRule`, `decide(_:now:into:)`), and charge the same work.
@Suite struct NativeRuleTests {
    private static let now = date("2026-11-21T09:00:00Z")

    private static let header = """
    parameter flag: Bool = false
    parameter level: Int = 0
    parameter ratio: Double = 0
    parameter seen: Date = Date(timeIntervalSince1970: 0)
    parameter name: String = ""
    parameter appVersion: Version = "1.0"
    event visit(place: Int) limit(maximumCount: 7)
    event purchase(amount: Double) limit(maximumCount: 1000, maximumAge: .days(2))

    """

    private static let operators = ["==", "!=", "<", "<=", ">", ">="]
    private static let names = ["", "x", "u-1001", "u-1002", "café", "cafe\u{301}", "Zed", "a"]
    private static let versions = ["1.0", "2.3", "2.3.0", "2.3.1", "2.3.0-rc.1", "10.0", "2.2.9", "0.0.1"]

    /// A rule of one of the native shapes (and, now and then, one that only looks like one).
    private func rule(_ random: inout Xorshift) -> String {
        let op = random.pick(Self.operators)
        switch random.next(14) {
        case 0: return "#Rule(Self.$flag) { \(random.pick(["$0 == true", "$0 != false", "$0", "!$0", "true == $0", "$0 == false"])) }"
        case 1: return "#Rule(Self.$level) { $0 \(op) \(random.next(14) - 2) }"
        case 2: return "#Rule(Self.$level) { \(random.next(14) - 2) \(op) $0 }"
        case 3: return "#Rule(Self.$ratio) { $0 \(op) \(random.pick(["0.5", "0.0", "-1.5", "2.0"])) }"
        case 4: return "#Rule(Self.$ratio) { \(random.pick(["0.5", "2.0"])) \(op) $0 }"
        case 5: return "#Rule(Self.$seen) { $0 \(op) Date(\"2026-11-2\(random.next(3))T09:00:00Z\") }"
        case 6: return "#Rule(Self.$name) { $0 \(op) \"\(random.pick(Self.names))\" }"
        case 7: return "#Rule(Self.$appVersion) { \(random.next(2) == 0 ? "$0 \(op) \"\(random.pick(Self.versions))\"" : "\"\(random.pick(Self.versions))\" \(op) $0") }"
        case 8: return "#Rule(Self.$name) { rollout(\(random.pick([0, 1, 25, 50, 99, 100])), of: $0, group: \"\(random.pick(["g", "favorites-tab-2026", ""]))\") }"
        case 9:
            let event = random.pick(["visit", "purchase"])
            return "#Rule(Self.\(event)) { $0.donations.count \(op) \(random.next(10)) }"
        case 10:
            let event = random.pick(["visit", "purchase"])
            let window = random.pick([".days(1)", ".hours(5)", ".days(3)", ".seconds(0)", ".hours(-2)"])
            return "#Rule(Self.\(event)) { $0.donations.donatedWithin(\(window)).count \(op) \(random.next(8)) }"
        case 12, 13:
            let (event, field) = random.pick([("visit", "place"), ("purchase", "amount"), ("purchase", "date")])
            let window = random.pick(["", ".donatedWithin(.days(1))", ".donatedWithin(.hours(30))", ".donatedWithin(.seconds(0))"])
            let subset = "$0.donations\(window).\(random.pick(["largestSubset", "smallestSubset"]))(groupedBy: \\.\(field)).count"
            let bound = random.next(5)
            return "#Rule(Self.\(event)) { \(random.next(2) == 0 ? "\(subset) \(op) \(bound)" : "\(bound) \(op) \(subset)") }"
        default:
            let event = random.pick(["visit", "purchase"])
            return "#Rule(Self.\(event)) { \(random.next(8)) \(op) $0.donations.donatedWithin(.hours(\(random.next(60)))).count }"
        }
    }

    private func program(_ random: inout Xorshift) throws -> (Program, String) {
        var source = Self.header
        for tip in 0..<4 {
            let rules = (0..<(1 + random.next(3))).map { _ in "    " + rule(&random) }
            source += "tip T\(tip) {\n    title: \"t\"\n" + rules.joined(separator: "\n") + "\n}\n"
        }
        source += random.pick(["group G(.ordered) { T0, T1 }\n", "group G(.priority) { T1, T2, T3 }\n", "group G { T3, T0 }\n"])
        return (try compile(source), source)
    }

    private func store(for program: Program, _ random: inout Xorshift) throws -> EventStore {
        var store = EventStore(program: program)
        try store.setParameter(0, .bool(random.next(2) == 0))
        try store.setParameter(1, .int(random.next(14) - 2))
        try store.setParameter(2, .double(random.pick([0.5, 0.0, -0.0, -1.5, 2.0, .nan, .infinity])))
        try store.setParameter(3, .date(Self.now - Double(random.next(4)) * 86_400))
        try store.setParameter(4, .string(random.pick(Self.names)))
        try store.setParameter(5, .string(random.pick(Self.versions)))
        for event in 0..<2 {
            for _ in 0..<random.next(15) {
                // Some after now: no rule sees them.
                let date = Self.now - Double(random.next(4 * 86_400)) + (random.next(6) == 0 ? 3_600 : 0)
                let amount = random.pick([1, 2.5, 0.0, -0.0, .nan, -.nan])
                try store.donate(event: event, date: date, fields: [event == 0 ? .int(random.next(3)) : .double(amount)])
            }
        }
        store.setTipState(random.next(4), TipState(displayCount: random.next(2)))
        return store
    }

    @Test func nativeAndInterpretedRunsAgree() throws {
        var random = Xorshift(state: 0x0DEC_1DE0_0000_0020)
        var native = 0
        for round in 0..<120 {
            let (program, source) = try program(&random)
            var fast = Evaluator(program: program)
            var slow = Evaluator(program: program, fusingScans: false)
            native += fast.natives.compactMap { $0 }.count
            #expect(slow.natives.allSatisfy { $0 == nil })
            var decisions = Decisions()
            for _ in 0..<4 {
                let store = try store(for: program, &random)
                let expected = slow.evaluate(store, now: Self.now, explaining: true)
                #expect(fast.evaluate(store, now: Self.now, explaining: true) == expected, "round \(round):\n\(source)")
                #expect(fast.evaluate(store, now: Self.now) == slow.evaluate(store, now: Self.now), "round \(round):\n\(source)")
                fast.decide(store, now: Self.now, into: &decisions)
                #expect(decisions.rules == expected.tips.flatMap { $0.rules.map(\.result) }, "round \(round):\n\(source)")
                #expect(decisions.tips.map(\.status) == expected.tips.map(\.status))
                #expect(decisions.tips.map(\.display) == expected.tips.map(\.display))
                #expect(decisions.tips.map(\.pendingReason) == expected.tips.map(\.pendingReason))
                #expect(decisions.currentTips.map { $0.map { program.tips[$0].id } } == expected.groups.map(\.currentTip))
                for (tip, result) in expected.tips.enumerated() {
                    #expect(Array(decisions.rules(ofTip: tip)) == result.rules.map(\.result))
                    for rule in result.rules {
                        #expect(fast.evaluateRule(tip: tip, rule: rule.index, store: store, now: Self.now, explaining: true) == rule)
                        #expect(fast.decideRule(tip: tip, rule: rule.index, store: store, now: Self.now) == rule.result,
                                "round \(round), tip \(tip), rule \(rule.index):\n\(source)")
                    }
                }
            }
        }
        #expect(native > 800, "most random rules have a native form")
    }

    /// A native rule charges the evaluation's one work budget as its instructions do: a string
    /// comparison after a scan that used most of it fails at the same rule, with the same error.
    @Test func nativeRulesChargeTheSharedWorkBudget() throws {
        let program = try compile("""
        parameter name: String = ""
        parameter appVersion: Version = "1.0"
        event purchase(amount: Double) limit(maximumCount: 1000000)
        tip Scan {
            title: "t"
            #Rule(Self.purchase) { $0.donations.filter { $0.amount > 1.0 }.count > 1 }
        }
        tip Name {
            title: "t"
            #Rule(Self.$name) { $0 == "x" }
            #Rule(Self.$name) { rollout(50, of: $0, group: "g") }
            #Rule(Self.$appVersion) { $0 >= "2.3" }
        }
        """)
        var store = EventStore(program: program)
        try store.donate(event: 0, contentsOf: (0..<Machine.workBudget - 1_000).map {
            Donation(date: Self.now - Double($0), fields: [.double(0)])
        })
        try store.setParameter(0, .string(String(repeating: "y", count: 8_000)))
        var fast = Evaluator(program: program)
        var slow = Evaluator(program: program, fusingScans: false)
        #expect(fast.natives[1...].allSatisfy { $0 != nil })
        let result = fast.evaluate(store, now: Self.now)
        #expect(result == slow.evaluate(store, now: Self.now))
        let errors = result.tips[1].rules.map(\.error)
        #expect(errors[0]?.contains("used up its work budget") == true, "\(errors)")
        #expect(errors[1]?.contains("used up its work budget") == true, "\(errors)")
        // Alone, each rule has the budget to itself.
        #expect(fast.evaluateRule(tip: 1, rule: 0, store: store, now: Self.now)?.error == nil)
        #expect(fast.decideRule(tip: 1, rule: 1, store: store, now: Self.now)
                == slow.evaluateRule(tip: 1, rule: 1, store: store, now: Self.now)?.result)

        // A string longer than the budget fails even alone.
        try store.setParameter(0, .string(String(repeating: "y", count: 4 * Machine.workBudget)))
        let alone = fast.evaluateRule(tip: 1, rule: 0, store: store, now: Self.now)
        #expect(alone == slow.evaluateRule(tip: 1, rule: 0, store: store, now: Self.now))
        #expect(alone?.error == "the evaluation used up its work budget of \(Machine.workBudget) steps at line 10")
        let decided = fast.decideRule(tip: 1, rule: 0, store: store, now: Self.now)
        #expect(!decided)
    }

    @Test func theShapesAreRecognisedAndOthersAreNot() throws {
        let program = try compile(Self.header + """
        tip T {
            title: "t"
            #Rule(Self.$level) { $0 >= 3 }
            #Rule(Self.visit) { $0.donations.donatedWithin(.days(5)).count >= 3 }
            #Rule(Self.$appVersion) { $0 >= "2.3" }
            #Rule(Self.$name) { rollout(25, of: $0, group: "g") }
            #Rule(Self.$appVersion) { $0 >= "2.3.0-rc.1" }
            #Rule(Self.$level) { $0 + 1 >= 3 }
            #Rule(Self.visit) { $0.donations.donatedWithin(.days(5)).largestSubset(groupedBy: \\.place).count >= 3 }
        }
        """)
        let evaluator = Evaluator(program: program)
        #expect(evaluator.natives.map { $0 != nil } == [true, true, true, true, false, false, true])
    }

    /// A group count decides natively over a few donations and leaves more to its instructions;
    /// either way the answers, errors and work are the instructions'. With the budget nearly
    /// used up, it fails as the subset instruction does, at the subset's line.
    @Test func groupCountsAgreeWithTheirInstructions() throws {
        let program = try compile("""
        event purchase(amount: Double) limit(maximumCount: 1000000)
        event visit(place: Int) limit(maximumCount: 1000)
        tip Scan {
            title: "t"
            #Rule(Self.purchase) { $0.donations.filter { $0.amount > 1.0 }.count > 1 }
        }
        tip Places {
            title: "t"
            #Rule(Self.visit) {
                $0.donations
                    .donatedWithin(.days(5))
                    .largestSubset(groupedBy: \\.place)
                    .count >= 3
            }
            #Rule(Self.visit) { 2 < $0.donations.smallestSubset(groupedBy: \\.place).count }
        }
        """)
        var fast = Evaluator(program: program)
        var slow = Evaluator(program: program, fusingScans: false)
        #expect(fast.natives.map { $0 != nil } == [false, true, true])
        for visits in [0, 1, 3, NativeRule.groupedRowLimit, NativeRule.groupedRowLimit + 1, 200] {
            for scanned in [0, Machine.workBudget - 2] {
                var store = EventStore(program: program)
                try store.donate(event: 0, contentsOf: (0..<scanned).map { Donation(date: Self.now - Double($0), fields: [.double(0)]) })
                try store.donate(event: 1, contentsOf: (0..<visits).map {
                    Donation(date: Self.now - Double($0) * 3_600, fields: [.int($0 % 3 == 0 ? 7 : $0 % 5)])
                })
                let (fastBefore, slowBefore) = (fast.workDone, slow.workDone)
                let expected = slow.evaluate(store, now: Self.now)
                #expect(fast.evaluate(store, now: Self.now) == expected, "\(visits) visits, \(scanned) scanned")
                #expect(fast.workDone - fastBefore == slow.workDone - slowBefore, "\(visits) visits, \(scanned) scanned")
                var outcome = Outcome()
                fast.decide(store, now: Self.now, into: &outcome)
                #expect(outcome.decisions.rules == expected.tips.flatMap { $0.rules.map(\.result) })
                #expect((0..<3).map { outcome.rule($0) == .failed } == expected.tips.flatMap { $0.rules.map { $0.error != nil } })
                for rule in 0..<2 {
                    #expect(fast.decideRule(tip: 1, rule: rule, store: store, now: Self.now)
                            == slow.evaluateRule(tip: 1, rule: rule, store: store, now: Self.now)?.result)
                }
                if scanned > 0 && visits >= 3 {
                    // The subset's line, not the comparison's (line 13).
                    #expect(expected.tips[1].rules[0].error?.hasSuffix("at line 10") == true, "\(expected.tips[1].rules)")
                }
            }
        }
    }

    /// The pairwise group count restates the group table's: the size of the largest (smallest)
    /// group, `0.0` with `-0.0` and every NaN together in floating columns, 0 without rows.
    @Test func aFewRowsAreGroupedWithoutATable() throws {
        let zero = SlotEncoding.bits(0.0), negativeZero = SlotEncoding.bits(-0.0)
        let nan = SlotEncoding.bits(Double.nan), otherNaN = (-Double.nan).bitPattern | 1
        let cases: [(column: [UInt64], floating: Bool, largest: Int, smallest: Int)] = [
            ([], false, 0, 0),
            ([5], false, 1, 1),
            ([1, 2, 1, 3, 1, 2], false, 3, 1),
            ([4, 4, 4, 4], false, 4, 4),
            ([1, 2, 3, 4], false, 1, 1),
            ([zero, negativeZero, nan, otherNaN, nan, SlotEncoding.bits(1.5)], true, 3, 1),
            ([zero, negativeZero, nan, otherNaN, nan, SlotEncoding.bits(1.5)], false, 2, 1),
        ]
        var machine = Machine(program: try Program(sourceName: "t"))
        for test in cases {
            for largest in [true, false] {
                let native = Machine.winningGroupSize(of: 0..<test.column.count, in: test.column, floating: test.floating,
                                                      largest: largest)
                #expect(native == (largest ? test.largest : test.smallest), "\(test)")
                let column = GroupedColumn(values: test.column, floating: test.floating, knownRange: nil)
                let slice = DonationSlice(isRange: true, lower: 0, upper: test.column.count)
                #expect(native == machine.winningGroupSize(slice, by: column, largest: largest), "\(test)")
            }
        }
        // A window's rows: only those are grouped.
        #expect(Machine.winningGroupSize(of: 2..<5, in: [9, 9, 9, 1, 1], floating: false, largest: true) == 2)
    }

    @Test func decidingAnswersFalseForWhatItCannotDecide() throws {
        let program = try compile(Self.header + """
        tip T {
            title: "t"
            #Rule(Self.$flag) { $0 == false }
            #Rule(Self.visit) { $0.donations.filter { $0.place > 1 }.count == 0 }
        }
        """)
        let other = try compile("""
        parameter flag: Bool = false
        parameter level: Double = 0
        tip T {
            title: "t"
            #Rule(Self.$flag) { $0 == false }
        }
        """)
        var evaluator = Evaluator(program: program)
        let store = EventStore(program: program)
        let answers = [(0, 0), (0, 1), (0, 2), (1, 0), (-1, 0)].map {
            evaluator.decideRule(tip: $0.0, rule: $0.1, store: store, now: Self.now)
        }
        #expect(answers == [true, true, false, false, false])
        // A store of a program with other parameter types: every rule false, as `evaluate` says.
        let foreign = EventStore(program: other)
        let foreignAnswer = evaluator.decideRule(tip: 0, rule: 0, store: foreign, now: Self.now)
        #expect(!foreignAnswer)
        var decisions = Decisions()
        evaluator.decide(foreign, now: Self.now, into: &decisions)
        #expect(decisions.rules == [false, false])
        #expect(decisions.tips == [TipDecision(status: .pending, pendingReason: .rules, display: false)])
        // A store of the same program loaded twice fits.
        let twin = EventStore(program: try Program(bytes: program.encoded()))
        evaluator.decide(twin, now: Self.now, into: &decisions)
        #expect(decisions.rules == [true, true])
        #expect(decisions.tips == [TipDecision(status: .available, display: true)])
        #expect(decisions.rules(ofTip: 0) == [true, true])
        #expect(decisions.rules(ofTip: 1).isEmpty)
    }
}
