import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `IntegerTest`, the range `decideRule` decides a `Bool` or `Int` parameter rule by, answers as
/// the comparison it restates, for every operator and the extreme values, and `decideRule`
/// answers as `evaluateRule` through it and around it (another program's store, no such rule).
@Suite struct IntegerTestTests {
    private static let now = date("2026-11-21T09:00:00Z")
    private static let values = [Int.min, Int.min + 1, -2, -1, 0, 1, 2, 3, Int.max - 1, Int.max]

    @Test func theRangeIsTheComparison() {
        for comparison in ComparisonOperator.allCases {
            for constant in Self.values {
                let test = IntegerTest(parameter: 0, comparison, constant)
                for value in Self.values {
                    #expect(test.holds(for: value) == comparison.compare(value, constant), "\(value) \(comparison) \(constant)")
                    #expect(test.holds(in: [.int(value)]) == comparison.compare(value, constant))
                }
                #expect(test.holds(in: [.bool(true)]) == comparison.compare(1, constant))
                #expect(test.holds(in: [.bool(false)]) == comparison.compare(0, constant))
                #expect(test.holds(in: [.string("1")]) == nil)
                #expect(test.holds(in: [.double(1)]) == nil)
            }
        }
    }

    @Test func decideRuleAnswersAsEvaluateRule() throws {
        let operators = ["==", "!=", "<", "<=", ">", ">="]
        var rules: [String] = ["#Rule(Self.$flag) { $0 }", "#Rule(Self.$flag) { !$0 }", "#Rule(Self.$flag) { $0 == false }"]
        for op in operators {
            for constant in ["-9223372036854775808", "-1", "0", "3", "9223372036854775807"] {
                rules.append("#Rule(Self.$level) { $0 \(op) \(constant) }")
                rules.append("#Rule(Self.$level) { \(constant) \(op) $0 }")
            }
        }
        for op in ["==", "!="] {
            rules += ["#Rule(Self.$flag) { $0 \(op) true }", "#Rule(Self.$flag) { false \(op) $0 }"]
        }
        let source = """
        parameter flag: Bool = false
        parameter level: Int = 0
        tip T {
            title: "t"
        \(rules.map { "    " + $0 }.joined(separator: "\n"))
        }
        """
        let program = try compile(source)
        // A second load of the same source: a store of it fits, through the general path.
        let twin = try compile(source)
        var fast = Evaluator(program: program)
        var slow = Evaluator(program: program, fusingScans: false)
        #expect(fast.integerTests.allSatisfy { $0 != nil })
        for flag in [false, true] {
            for level in [Int.min, -1, 0, 3, 4, Int.max] {
                for storeProgram in [program, twin] {
                    var store = EventStore(program: storeProgram)
                    try store.setParameter(0, .bool(flag))
                    try store.setParameter(1, .int(level))
                    for rule in rules.indices {
                        let expected = slow.evaluateRule(tip: 0, rule: rule, store: store, now: Self.now)?.result
                        #expect(fast.decideRule(tip: 0, rule: rule, store: store, now: Self.now) == expected,
                                "\(rules[rule]) with flag \(flag), level \(level)")
                    }
                }
            }
        }
        let store = EventStore(program: program)
        for (tip, rule) in [(0, rules.count), (0, -1), (1, 0), (-1, 0), (Int.max, 0), (0, Int.max)] {
            let decided = fast.decideRule(tip: tip, rule: rule, store: store, now: Self.now)
            #expect(!decided, "tip \(tip), rule \(rule)")
        }
        var decisions = Decisions()
        fast.decide(store, now: Self.now, into: &decisions)
        #expect(decisions.rules(ofTip: Int.max).isEmpty)
    }
}
