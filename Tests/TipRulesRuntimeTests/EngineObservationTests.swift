import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Status observers (`TipEngine.observeStatusChanges(_:)`): called after every operation that
/// changes a tip, with exactly the changes `statusChanges(at:)` reports.
@Suite struct EngineObservationTests {
    private let day = 86_400.0
    private let start = 1_000_000.0
    private let source = """
    configure { displayFrequency(.daily) }
    parameter isLoggedIn: Bool = false
    event opened
    tip Favorite {
        title: "f"
        #Rule(Self.$isLoggedIn) { $0 == true }
        options { Tips.MaxDisplayCount(1) }
    }
    tip Later {
        title: "l"
        #Rule(Self.opened) { $0.donations.count >= 1 }
    }
    """

    /// Every change an observer saw, as "tip: old → new".
    private final class Log {
        var lines: [String] = []
        func record(_ change: StatusChange) {
            let reason = change.result.pendingReason.map { " (\($0))" } ?? ""
            lines.append("\(change.tip): \(change.oldStatus.map { "\($0)" } ?? "none") → \(change.newStatus)\(reason)"
                         + (change.newDisplay ? ", displays" : ""))
        }
    }

    @Test func observersSeeEachOperationsChanges() throws {
        var engine = TipEngine(program: try compile(source))
        let log = Log()
        let observation = engine.observeStatusChanges(log.record)
        try engine.setParameter("isLoggedIn", .bool(true))
        #expect(log.lines == [], "no instant is known before the first dated operation")
        engine.advance(to: start)
        #expect(log.lines == ["Favorite: none → available, displays", "Later: none → pending (rules)"])
        log.lines = []
        try engine.recordDisplay(tip: "Favorite", at: start, duration: 5)
        #expect(log.lines == ["Favorite: available → invalidated"])
        log.lines = []
        try engine.donate(event: "opened", at: start + 60)
        #expect(log.lines == ["Later: pending → pending (displayFrequency)"], "held back by the daily frequency")
        log.lines = []
        engine.advance(to: start + day)
        #expect(log.lines == ["Later: pending → available, displays"])
        log.lines = []
        try engine.close(tip: "Later")
        #expect(log.lines == ["Later: available → invalidated"])
        observation.cancel()
        log.lines = []
        try engine.resetEligibility(tip: "Later")
        #expect(log.lines == [])
    }

    @Test func observersAndAskingShareOneStreamOfChanges() throws {
        var engine = TipEngine(program: try compile(source))
        let first = Log(), second = Log()
        _ = engine.observeStatusChanges(first.record)
        _ = engine.observeStatusChanges(second.record)
        let asked = engine.statusChanges(at: start)
        #expect(asked.count == 2)
        #expect(first.lines.count == 2)
        #expect(first.lines == second.lines)
        try engine.setParameter("isLoggedIn", .bool(true))
        #expect(first.lines.last == "Favorite: pending → available, displays")
        #expect(engine.statusChanges(at: start) == [], "a change is reported once")
    }

    @Test func aFailedOperationReportsNothing() throws {
        var engine = TipEngine(program: try compile(source))
        let log = Log()
        _ = engine.observeStatusChanges(log.record)
        engine.advance(to: start)
        log.lines = []
        #expect(throws: (any Error).self) { try engine.setParameter("isLoggedIn", .int(1)) }
        #expect(throws: (any Error).self) { try engine.donate(event: "missing", at: start) }
        #expect(log.lines == [])
    }

    @Test func observersStayThroughARulesUpdate() throws {
        var engine = TipEngine(program: try compile(source))
        let log = Log()
        _ = engine.observeStatusChanges(log.record)
        engine.advance(to: start)
        log.lines = []
        let problems = engine.update(to: try compile(source.replacingOccurrences(of: "tip Later", with: "tip Sooner")))
        #expect(problems.map(\.description) == ["tip 'Later' is gone; its display state is dropped"])
        #expect(log.lines == ["Favorite: none → pending (rules)", "Sooner: none → pending (rules)"], "observation starts again under the new rules, at the engine's clock")
        log.lines = []
        try engine.donate(event: "opened", at: start + 60)
        #expect(log.lines == ["Sooner: pending → available, displays"])
    }
}
