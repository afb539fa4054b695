import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Each decision of the stateful engine (`TipEngine`).
@Suite struct EngineTests {
    private let day = 86_400.0
    private let start = 1_000_000.0
    private static let source = """
    configure { displayFrequency(.daily) }
    parameter isLoggedIn: Bool = false
    event visited(backyardID: Int) limit(maximumCount: 3)
    event opened limit(maximumAge: .days(1))
    tip Favorite {
        title: "f"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.visited) { $0.donations.count >= 2 }
        options { Tips.MaxDisplayCount(2) }
    }
    tip Welcome {
        title: "w"
        options { Tips.MaxDisplayDuration(10) }
    }
    tip Later {
        title: "l"
        #Rule(Self.opened) { $0.donations.count >= 1 }
    }
    group Onboarding(.ordered) { Welcome, Later }
    """

    private func engine() throws -> TipEngine {
        TipEngine(program: try compile(Self.source))
    }

    @Test func donationsAndParametersByNameMakeRulesTrue() throws {
        var engine = try engine()
        #expect(try engine.status(ofTip: "Favorite", at: start).pendingReason == .rules)
        try engine.setParameter("isLoggedIn", .bool(true))
        try engine.donate(event: "visited", fields: ["backyardID": .int(7)], at: start)
        try engine.donate(event: "visited", fields: ["backyardID": .int(8)], at: start + 1)
        let status = try engine.status(ofTip: "Favorite", at: start + 2)
        #expect(status.status == .available)
        #expect(status.display)
        // Both may show, but under the daily frequency an app shows one new tip.
        #expect(try engine.status(ofTip: "Welcome", at: start + 2).display)
        #expect(engine.tipsToDisplay(at: start + 2) == ["Favorite"])
    }

    @Test func unknownNamesAndBadFieldsAreErrors() throws {
        var engine = try engine()
        #expect(errorDescription { try engine.setParameter("nope", .bool(true)) } == "no parameter named 'nope'")
        #expect(errorDescription { try engine.setParameter("isLoggedIn", .int(1)) } == "parameter 'isLoggedIn' is a Bool, not a Int")
        #expect(errorDescription { try engine.donate(event: "visited", at: self.start) } == "a donation of 'visited' needs the field 'backyardID'")
        #expect(errorDescription { try engine.donate(event: "visited", fields: ["backyardID": .int(1), "x": .int(2)], at: self.start) } == "event 'visited' has no field 'x'")
        #expect(errorDescription { try engine.donate(event: "gone", at: self.start) } == "no event named 'gone'")
        #expect(errorDescription { try engine.close(tip: "Gone") } == "no tip named 'Gone'")
        #expect(errorDescription { try engine.currentTip(ofGroup: "G", at: self.start) as Any } == "no group named 'G'")
        #expect(errorDescription { try engine.recordDisplay(tip: "Welcome", at: self.start, duration: -1) } == "a display duration must be from 0 to 315537897600.0 seconds, not -1.0")
    }

    @Test func firstDisplaySetsLastDisplayDateAndTheFrequencyHoldsOthers() throws {
        var engine = try engine()
        try engine.recordDisplay(tip: "Welcome", at: start, duration: 3)
        #expect(engine.store.lastDisplayDate == start)
        // Recording a display records its date.
        #expect(engine.store.tipState(1) == TipState(displayCount: 1, displayDuration: 3, displayDates: [start]))
        // A second display of the same tip does not move the last display date.
        try engine.recordDisplay(tip: "Welcome", at: start + 100, duration: 3)
        #expect(engine.store.lastDisplayDate == start)
        try engine.donate(event: "opened", at: start)
        let later = try engine.status(ofTip: "Later", at: start + 200)
        #expect(later.pendingReason == .displayFrequency)
        #expect(later.pendingUntil == start + day)
        #expect(try engine.status(ofTip: "Later", at: start + day).status == .available)
    }

    @Test func displayCountLimitIsRecordedNotRecomputed() throws {
        var engine = try engine()
        try engine.recordDisplay(tip: "Favorite", at: start)
        #expect(engine.store.tipState(0).invalidation == nil)
        try engine.recordDisplay(tip: "Favorite", at: start + 10)
        #expect(engine.store.tipState(0).invalidation == .displayCountExceeded)
        // A rules update that raises the limit does not bring the tip back.
        let raised = try compile(Self.source.replacingOccurrences(of: "MaxDisplayCount(2)", with: "MaxDisplayCount(9)"))
        #expect(engine.update(to: raised) == [])
        #expect(try engine.status(ofTip: "Favorite", at: start + 20).reason == .displayCountExceeded)
    }

    @Test func displayDurationLimitHasASixtySecondFloor() throws {
        var engine = try engine()
        try engine.recordDisplay(tip: "Welcome", at: start, duration: 30)
        #expect(engine.store.tipState(1).invalidation == nil, "MaxDisplayDuration(10) counts as 60 s")
        try engine.recordDisplay(tip: "Welcome", at: start + 100, duration: 30)
        #expect(engine.store.tipState(1).invalidation == .displayDurationExceeded)
        #expect(engine.store.tipState(1).displayDuration == 60)
    }

    @Test func closeActionInvalidateAndReset() throws {
        var engine = try engine()
        try engine.close(tip: "Welcome")
        #expect(try engine.status(ofTip: "Welcome", at: start).reason == .tipClosed)
        // The first reason stays.
        try engine.performAction(tip: "Welcome")
        #expect(try engine.status(ofTip: "Welcome", at: start).reason == .tipClosed)
        try engine.performAction(tip: "Later")
        #expect(try engine.status(ofTip: "Later", at: start).reason == .actionPerformed)
        try engine.invalidate(tip: 0, reason: .displayCountExceeded)
        #expect(errorDescription { try engine.invalidate(tip: 9, reason: .tipClosed) } == "no tip named '#9'")
        #expect(try engine.status(ofTip: "Favorite", at: start).reason == .displayCountExceeded)
        try engine.recordDisplay(tip: "Welcome", at: start, duration: 1)
        try engine.resetEligibility(tip: "Welcome")
        #expect(engine.store.tipState(1) == TipState())
        // Eligible again, and as a tip that never displayed, held back by the display frequency.
        #expect(try engine.status(ofTip: "Welcome", at: start).pendingReason == .displayFrequency)
        #expect(try engine.status(ofTip: "Welcome", at: start + day).status == .available)
    }

    @Test func orderedGroupMovesOnWhenItsTipIsClosed() throws {
        var engine = try engine()
        #expect(try engine.currentTip(ofGroup: "Onboarding", at: start) == "Welcome")
        try engine.close(tip: "Welcome")
        #expect(try engine.currentTip(ofGroup: "Onboarding", at: start) == nil, "Later's rule is false")
        try engine.donate(event: "opened", at: start)
        #expect(try engine.currentTip(ofGroup: "Onboarding", at: start) == "Later")
    }

    @Test func donationsPastTheLimitArePruned() throws {
        var engine = try engine()
        for minute in 0..<5 {
            try engine.donate(event: "visited", fields: ["backyardID": .int(minute)], at: start + Double(minute) * 60)
        }
        #expect(engine.pruneDonations(at: start + 300) == 2)
        let visited = try #require(engine.program.eventIndex(named: "visited"))
        #expect(engine.store.donations(event: visited).map(\.fields) == [[.int(2)], [.int(3)], [.int(4)]])
        let opened = try #require(engine.program.eventIndex(named: "opened"))
        try engine.donate(event: "opened", at: start)
        try engine.donate(event: "opened", at: start + 2 * day)
        #expect(engine.pruneDonations(at: start + 2 * day) == 1)
        // A donation in the future is kept.
        try engine.donate(event: "opened", at: start + 5 * day)
        #expect(engine.pruneDonations(at: start + 3.5 * day) == 1)
        #expect(engine.store.donations(event: opened).map(\.date) == [start + 5 * day])
        try engine.deleteDonations(event: "opened")
        #expect(engine.store.donationCount(event: opened) == 0)
    }

    @Test func statusChangesAreReportedOnce() throws {
        var engine = try engine()
        #expect(engine.statusChanges(at: start).map(\.tip) == ["Favorite", "Welcome", "Later"])
        #expect(engine.statusChanges(at: start + 1) == [])
        try engine.donate(event: "opened", at: start + 2)
        let changes = engine.statusChanges(at: start + 3)
        #expect(changes.map(\.tip) == ["Later"])
        #expect(changes.first?.oldStatus == .pending)
        #expect(changes.first?.newStatus == .available)
        #expect(changes.first?.newDisplay == true)
    }

    @Test func updateCarriesStateByNameAndReportsTheRest() throws {
        var engine = try engine()
        try engine.setParameter("isLoggedIn", .bool(true))
        try engine.donate(event: "visited", fields: ["backyardID": .int(7)], at: start)
        try engine.donate(event: "opened", at: start)
        try engine.recordDisplay(tip: "Welcome", at: start, duration: 5)
        let changed = try compile("""
        parameter isLoggedIn: Int = 0
        event visited(backyardID: Int, extra: Bool)
        event opened
        tip Welcome { title: "w" }
        """)
        let problems = engine.update(to: changed)
        #expect(problems.map(\.description) == [
            "parameter 'isLoggedIn' changed from Bool to Int; it starts from its default",
            "field 'extra' of event 'visited' is new or changed its type; the event's 1 donation is dropped",
            "tip 'Favorite' is gone; its display state is dropped",
            "tip 'Later' is gone; its display state is dropped",
        ])
        #expect(engine.store.tipState(0) == TipState(displayCount: 1, displayDuration: 5, displayDates: [start]))
        #expect(engine.store.donationCount(event: 1) == 1)
        #expect(engine.store.lastDisplayDate == start)
    }
}
