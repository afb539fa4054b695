@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `Evaluator.heldComparisons`: the values behind a true rule.
@Suite struct HeldComparisonTests {
    private let source = """
    parameter isLoggedIn: Bool = false
    parameter launches: Int = 0
    event opened(screen: Int)
    tip A {
        title: "a"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.$launches) { 3 <= $0 && !($0 > 10) }
        #Rule(Self.opened) { $0.donations.last?.screen != nil }
    }
    """

    @Test func aTrueRuleReportsTheValuesThatMadeItHold() throws {
        let program = try compile(source)
        var store = EventStore(program: program)
        try store.setParameter(0, .bool(true))
        try store.setParameter(1, .int(4))
        try store.donate(event: 0, date: 100, fields: [.int(2)])
        var evaluator = Evaluator(program: program)
        #expect(evaluator.heldComparisons(tip: 0, rule: 0, store: store, now: 200)?.map(\.phrase) == ["isLoggedIn is true"])
        #expect(evaluator.heldComparisons(tip: 0, rule: 1, store: store, now: 200)?.map(\.phrase) == ["launches is 4, needs >= 3", "launches is 4, needs <= 10"])
        #expect(evaluator.heldComparisons(tip: 0, rule: 2, store: store, now: 200)?.map(\.phrase) == ["opened donations: last?.screen is not nil"])
    }

    @Test func aFalseRuleOrNoRuleReportsNothing() throws {
        let program = try compile(source)
        var evaluator = Evaluator(program: program)
        let store = EventStore(program: program)
        #expect(evaluator.heldComparisons(tip: 0, rule: 0, store: store, now: 200) == [])
        #expect(evaluator.heldComparisons(tip: 0, rule: 9, store: store, now: 200) == nil)
        #expect(evaluator.heldComparisons(tip: 4, rule: 0, store: store, now: 200) == nil)
    }
}
