import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Status, display, the display frequency, groups and testing overrides (language.md, Semantics).
@Suite struct DisplayTests {
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

    @Test func groupsDecideWhichTipDisplays() throws {
        // Groups are independent: First presents A, its first available member; Sequence presents
        // B, its first member that is not invalidated. Every tip displays on its own.
        let result = try outcome { _ in }
        #expect(summary(result) == ["A:available+", "b-id:available+", "C:available+", "Loner:available+", "First=A", "Sequence=b-id"])
        #expect(result.tips[1].displayExplanation == "available")
        #expect(result.tips[1].groupExplanations == ["group First presents A"])
        #expect(result.tips[2].groupExplanations.sorted() == ["group First presents A", "group Sequence presents b-id"])
    }

    @Test func orderedGroupWaitsForItsFirstTip() throws {
        // B pending: First moves on to C; Sequence waits for B (not invalidated) and presents nothing,
        // which does not keep C from displaying, nor First from presenting it.
        let blocked = try outcome { store in
            try store.setParameter(0, .bool(false))
            try store.setParameter(1, .bool(false))
        }
        #expect(summary(blocked) == ["A:pending-", "b-id:pending-", "C:available+", "Loner:available+", "First=C", "Sequence=nil"])
        #expect(blocked.groups[1].explanation == "presents no tip: it waits for b-id, which is pending: the rule at line 12 is false — b is false")
        #expect(blocked.tips[2].groupExplanations == ["in group Sequence, C waits for b-id, which is pending: the rule at line 12 is false — b is false"])
        // B invalidated by its display duration: Sequence moves on to C, which both groups agree on.
        #expect(summary(try outcome { store in
            try store.setParameter(0, .bool(false))
            store.setTipState(1, TipState(displayDuration: 60))
        }) == ["A:pending-", "b-id:invalidated-", "C:available+", "Loner:available+", "First=C", "Sequence=C"])
    }

    @Test func testDisplayFrequency() throws {
        // A new tip appeared 10 minutes ago: the hourly frequency holds back tips that have not
        // appeared, except those that ignore it or have displayed before.
        let result = try outcome { store in
            store.lastDisplayDate = self.now - 600
            store.setTipState(1, TipState(displayCount: 1))
        }
        // A and Loner are held back (pending); B displayed before and C ignores the frequency.
        #expect(summary(result) == ["A:pending-", "b-id:available+", "C:available+", "Loner:pending-",
                                         "First=b-id", "Sequence=b-id"])
        #expect(result.tips[3].pendingReason == .displayFrequency)
        #expect(result.tips[3].pendingUntil == now + 3000)
        #expect(result.tips[3].displayExplanation == "pending: held back by the hourly display frequency until 1970-01-12T14:36:40Z (in 50 minutes): "
                       + "the last new tip appeared 10 minutes ago")
        let almost = try outcome { $0.lastDisplayDate = self.now - 3599.5 }
        #expect(almost.tips[0].displayExplanation.contains("(in less than a second)"), Comment(rawValue: almost.tips[0].displayExplanation))
        let later = try outcome { $0.lastDisplayDate = self.now - 3600 }
        #expect(later.tips.map(\.display) == [true, true, true, true])
        #expect(later.tips.map(\.pendingReason) == [nil, nil, nil, nil])
    }

    @Test func testingOverrides() throws {
        // Show these beats hide these beats show all beats hide all; names or ids.
        let shown = try outcome { store in
            try store.setParameter(2, .bool(false))
            store.setTipState(2, TipState(invalidation: .tipClosed))
            store.testing = TestingOverrides(showTips: ["C"], hideTips: ["b-id", "C"], showAllTips: true)
        }
        // Hidden B blocks the ordered group; C shows anyway, by the override.
        #expect(summary(shown) == ["A:available+", "b-id:available-", "C:available+", "Loner:available+",
                                        "First=A", "Sequence=nil"])
        #expect(shown.tips[1].displayExplanation == "hidden by a testing override (its status: available)")
        #expect(shown.tips[2].displayExplanation == "shown by a testing override")
        #expect(shown.tips[2].reason == nil)
        #expect(shown.tips[2].rules.map(\.result) == [false])

        let hidden = try outcome { store in
            store.setTipState(0, TipState(invalidation: .actionPerformed))
            store.testing = TestingOverrides(hideAllTips: true)
        }
        #expect(summary(hidden) == ["A:invalidated-", "b-id:available-", "C:available-", "Loner:available-",
                                         "First=nil", "Sequence=nil"])
    }

    @Test func invalidationOrder() throws {
        let result = try outcome { store in
            store.setTipState(0, TipState(displayCount: 9, invalidation: .tipClosed))
            store.setTipState(1, TipState(displayDuration: 59))
        }
        #expect(result.tips[0].reason == .tipClosed)
        #expect(result.tips[0].displayExplanation == "invalidated (tipClosed)")
        #expect(result.tips[1].status == .available)
        let pending = try outcome { try $0.setParameter(0, .bool(false)) }
        #expect(pending.tips[0].displayExplanation == "pending: the rule at line 7 is false")
        #expect(pending.tips[0].rules[0].explanation == ["a is false"])
    }
}
