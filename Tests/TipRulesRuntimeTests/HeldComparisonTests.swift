@testable import TipRulesRuntime
import XCTest

/// `Evaluator.heldComparisons`: the values behind a true rule.
final class HeldComparisonTests: XCTestCase {
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

    func testATrueRuleReportsTheValuesThatMadeItHold() throws {
        let program = try compile(source)
        var store = EventStore(program: program)
        try store.setParameter(0, .bool(true))
        try store.setParameter(1, .int(4))
        try store.donate(event: 0, date: 100, fields: [.int(2)])
        var evaluator = Evaluator(program: program)
        XCTAssertEqual(evaluator.heldComparisons(tip: 0, rule: 0, store: store, now: 200)?.map(\.phrase), ["isLoggedIn is true"])
        XCTAssertEqual(evaluator.heldComparisons(tip: 0, rule: 1, store: store, now: 200)?.map(\.phrase),
                       ["launches is 4, needs >= 3", "launches is 4, needs <= 10"])
        XCTAssertEqual(evaluator.heldComparisons(tip: 0, rule: 2, store: store, now: 200)?.map(\.phrase),
                       ["opened donations: last?.screen is not nil"])
    }

    func testAFalseRuleOrNoRuleReportsNothing() throws {
        let program = try compile(source)
        var evaluator = Evaluator(program: program)
        let store = EventStore(program: program)
        XCTAssertEqual(evaluator.heldComparisons(tip: 0, rule: 0, store: store, now: 200), [])
        XCTAssertNil(evaluator.heldComparisons(tip: 0, rule: 9, store: store, now: 200))
        XCTAssertNil(evaluator.heldComparisons(tip: 4, rule: 0, store: store, now: 200))
    }
}
