import TipRulesCompiler
@testable import TipRulesRuntime
import XCTest

/// Status, display, the display frequency, groups and testing overrides (language.md, Semantics).
final class DisplayTests: XCTestCase {
    private let now = 1_000_000.0
    private static let source = """
    configure { displayFrequency(.hourly) }
    parameter a: Bool = true
    parameter b: Bool = true
    parameter c: Bool = true
    tip A {
        title: "a"
        #Rule(Self.$a) { $0 }
    }
    tip B {
        id: "b-id"
        title: "b"
        #Rule(Self.$b) { $0 }
        options { MaxDisplayDuration(60) }
    }
    tip C {
        title: "c"
        #Rule(Self.$c) { $0 }
        options { IgnoresDisplayFrequency(true) }
    }
    tip Loner {
        title: "alone"
    }
    group First(.firstAvailable) { A, B, C }
    group Sequence(.ordered) { B, C }
    """

    private func outcome(_ configure: (inout EventStore) throws -> Void) throws -> EvaluationResult {
        let program = try compile(Self.source)
        var store = EventStore(program: program)
        try configure(&store)
        return evaluate(program, store: store, now: now)
    }

    private func summary(_ result: EvaluationResult) -> [String] {
        result.tips.map { "\($0.id):\($0.status.rawValue)\($0.display ? "+" : "-")" }
            + result.groups.map { "\($0.id)=\($0.currentTip ?? "nil")" }
    }

    func testGroupsDecideWhichTipDisplays() throws {
        // Groups are independent: First presents A, its first available member; Sequence presents
        // B, its first member that is not invalidated. Every tip displays on its own.
        let result = try outcome { _ in }
        XCTAssertEqual(summary(result),
                       ["A:available+", "b-id:available+", "C:available+", "Loner:available+", "First=A", "Sequence=b-id"])
        XCTAssertEqual(result.tips[1].displayExplanation, "available")
        XCTAssertEqual(result.tips[1].groupExplanations, ["group First presents A"])
        XCTAssertEqual(result.tips[2].groupExplanations.sorted(), ["group First presents A", "group Sequence presents b-id"])
    }

    func testOrderedGroupWaitsForItsFirstTip() throws {
        // B pending: First moves on to C; Sequence waits for B (not invalidated) and presents nothing,
        // which does not keep C from displaying, nor First from presenting it.
        let blocked = try outcome { store in
            try store.setParameter(0, .bool(false))
            try store.setParameter(1, .bool(false))
        }
        XCTAssertEqual(summary(blocked), ["A:pending-", "b-id:pending-", "C:available+", "Loner:available+", "First=C", "Sequence=nil"])
        XCTAssertEqual(blocked.groups[1].explanation,
                       "presents no tip: it waits for b-id, which is pending: the rule at line 12 is false — b is false")
        XCTAssertEqual(blocked.tips[2].groupExplanations,
                       ["in group Sequence, C waits for b-id, which is pending: the rule at line 12 is false — b is false"])
        // B invalidated by its display duration: Sequence moves on to C, which both groups agree on.
        XCTAssertEqual(summary(try outcome { store in
            try store.setParameter(0, .bool(false))
            store.setTipState(1, TipState(displayDuration: 60))
        }), ["A:pending-", "b-id:invalidated-", "C:available+", "Loner:available+", "First=C", "Sequence=C"])
    }

    func testDisplayFrequency() throws {
        // A new tip appeared 10 minutes ago: the hourly frequency holds back tips that have not
        // appeared, except those that ignore it or have displayed before.
        let result = try outcome { store in
            store.lastDisplayDate = self.now - 600
            store.setTipState(1, TipState(displayCount: 1))
        }
        // A and Loner are held back (pending); B displayed before and C ignores the frequency.
        XCTAssertEqual(summary(result), ["A:pending-", "b-id:available+", "C:available+", "Loner:pending-",
                                         "First=b-id", "Sequence=b-id"])
        XCTAssertEqual(result.tips[3].pendingReason, .displayFrequency)
        XCTAssertEqual(result.tips[3].pendingUntil, now + 3000)
        XCTAssertEqual(result.tips[3].displayExplanation,
                       "pending: held back by the hourly display frequency until 1970-01-12T14:36:40Z (in 50 minutes): "
                       + "the last new tip appeared 10 minutes ago")
        let almost = try outcome { $0.lastDisplayDate = self.now - 3599.5 }
        XCTAssertTrue(almost.tips[0].displayExplanation.contains("(in less than a second)"), almost.tips[0].displayExplanation)
        let later = try outcome { $0.lastDisplayDate = self.now - 3600 }
        XCTAssertEqual(later.tips.map(\.display), [true, true, true, true])
        XCTAssertEqual(later.tips.map(\.pendingReason), [nil, nil, nil, nil])
    }

    func testTestingOverrides() throws {
        // Show these beats hide these beats show all beats hide all; names or ids.
        let shown = try outcome { store in
            try store.setParameter(2, .bool(false))
            store.setTipState(2, TipState(invalidation: .tipClosed))
            store.testing = TestingOverrides(showTips: ["C"], hideTips: ["b-id", "C"], showAllTips: true)
        }
        // Hidden B blocks the ordered group; C shows anyway, by the override.
        XCTAssertEqual(summary(shown), ["A:available+", "b-id:available-", "C:available+", "Loner:available+",
                                        "First=A", "Sequence=nil"])
        XCTAssertEqual(shown.tips[1].displayExplanation, "hidden by a testing override (its status: available)")
        XCTAssertEqual(shown.tips[2].displayExplanation, "shown by a testing override")
        XCTAssertEqual(shown.tips[2].reason, nil)
        XCTAssertEqual(shown.tips[2].rules.map(\.result), [false])

        let hidden = try outcome { store in
            store.setTipState(0, TipState(invalidation: .actionPerformed))
            store.testing = TestingOverrides(hideAllTips: true)
        }
        XCTAssertEqual(summary(hidden), ["A:invalidated-", "b-id:available-", "C:available-", "Loner:available-",
                                         "First=nil", "Sequence=nil"])
    }

    func testInvalidationOrder() throws {
        let result = try outcome { store in
            store.setTipState(0, TipState(displayCount: 9, invalidation: .tipClosed))
            store.setTipState(1, TipState(displayDuration: 59))
        }
        XCTAssertEqual(result.tips[0].reason, .tipClosed)
        XCTAssertEqual(result.tips[0].displayExplanation, "invalidated (tipClosed)")
        XCTAssertEqual(result.tips[1].status, .available)
        let pending = try outcome { try $0.setParameter(0, .bool(false)) }
        XCTAssertEqual(pending.tips[0].displayExplanation, "pending: the rule at line 7 is false")
        XCTAssertEqual(pending.tips[0].rules[0].explanation, ["a is false"])
    }
}
