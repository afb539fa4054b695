import TipRulesRuntime
import Testing
import TipRulesState
import TipRulesTestSupport

/// `tipsToDisplay(at:)`: the tips an app shows now, one at a time, so that the documented loop
/// (`for tip in engine.tipsToDisplay(at: now) { try engine.recordDisplay(tip: tip, at: now) }`)
/// shows one new tip per display-frequency period and one tip per group, as TipKit does.
@Suite struct ShowingTipsTests {
    private let day = 86_400.0
    private let start = 1_000_000.0

    /// Runs the documented loop at `now` and returns what it showed.
    private func showTips(_ engine: inout TipEngine, at now: Double) throws -> [String] {
        let shown = engine.tipsToDisplay(at: now)
        for tip in shown { try engine.recordDisplay(tip: tip, at: now) }
        return shown
    }

    @Test func theDocumentedLoopShowsOneNewTipPerDay() throws {
        var engine = TipEngine(program: try compile("""
        configure { displayFrequency(.daily) }
        tip A { title: "a" }
        tip B { title: "b" }
        tip C { title: "c" }
        """))
        var shownEachDay: [[String]] = []
        for launch in 0..<4 {
            // Three launches a day: the later ones show only tips displayed before.
            let morning = start + Double(launch) * day
            shownEachDay.append(try showTips(&engine, at: morning))
            for hours in [4.0, 9.0] { _ = try showTips(&engine, at: morning + hours * 3_600) }
        }
        #expect(shownEachDay == [["A"], ["A", "B"], ["A", "B", "C"], ["A", "B", "C"]])
        for tip in ["A", "B", "C"] { #expect(engine.store.tipState(engine.program.tipIndex(named: tip) ?? -1).displayCount > 0) }
        // On the first day, B and C were each held back by the frequency after A appeared.
        var fresh = TipEngine(program: engine.program)
        _ = try showTips(&fresh, at: start)
        #expect(try fresh.status(ofTip: "B", at: start).pendingReason == .displayFrequency)
    }

    @Test func tipsThatIgnoreTheFrequencyOrAreShownByAnOverrideStillShow() throws {
        var engine = TipEngine(program: try compile("""
        configure { displayFrequency(.weekly) }
        tip A { title: "a" }
        tip B { title: "b" }
        tip Urgent { title: "u" options { Tips.IgnoresDisplayFrequency(true) } }
        tip Forced { title: "f" }
        """))
        try TipOperation.setTestingOverrides(TestingOverrides(showTips: ["Forced"])).apply(to: &engine)
        #expect(try showTips(&engine, at: start) == ["A", "Urgent", "Forced"])
    }

    @Test func anImmediateFrequencyShowsEveryTip() throws {
        var engine = TipEngine(program: try compile("""
        tip A { title: "a" }
        tip B { title: "b" }
        """))
        #expect(try showTips(&engine, at: start) == ["A", "B"])
    }

    @Test func aGroupPresentsOneTip() throws {
        var engine = TipEngine(program: try compile("""
        tip A { title: "a" }
        tip B { title: "b" }
        tip C { title: "c" }
        tip D { title: "d" }
        group Onboarding(.ordered) { A, B }
        group Features(.firstAvailable) { C, D }
        """))
        #expect(try showTips(&engine, at: start) == ["A", "C"])
        try engine.close(tip: "A")
        #expect(try showTips(&engine, at: start + 1) == ["B", "C"])
    }

    @Test func aGroupPresentsItsNextMemberWhenTheFrequencyHoldsTheFirst() throws {
        // Standalone wins the day's one new tip; the group then presents Seen, displayed before.
        var engine = TipEngine(program: try compile("""
        configure { displayFrequency(.daily) }
        tip Standalone { title: "s" }
        tip Fresh { title: "f" }
        tip Seen { title: "s" }
        group Features(.firstAvailable) { Fresh, Seen }
        """))
        try engine.recordDisplay(tip: "Seen", at: start - 3 * day)
        #expect(try showTips(&engine, at: start) == ["Standalone", "Seen"])
    }
}
