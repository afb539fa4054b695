import TipRulesCompiler
import TipRulesRuntime
@testable import TipRulesSimulation
@testable import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Over random timelines (seeded), the engine, `eval` of the saved state and `simulate` agree at
/// every instant: the statuses the simulation's changes add up to, and its widget relevance, are
/// what evaluating its saved state (a fixture) gives.
@Suite struct SimulationAgreementTests {
    private static let source = """
    configure { displayFrequency(.hourly) }
    parameter isLoggedIn: Bool = false
    event visited(backyardID: Int) limit(maximumCount: 4)
    tip Favorite {
        title: "f"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.visited) { $0.donations.donatedWithin(.hours(6)).largestSubset(groupedBy: \\.backyardID).count >= 2 }
        options { Tips.MaxDisplayCount(3) }
    }
    tip Welcome {
        title: "w"
        options { Tips.MaxDisplayDuration(100) }
    }
    tip Other {
        title: "o"
        #Rule(Self.visited) { $0.donations.count >= 1 }
        options { Tips.IgnoresDisplayFrequency(true) }
    }
    group Flow(.ordered) { Welcome, Favorite }
    widget Recent {
        relevance {
            score: visited.donations.donatedWithin(.hours(2)).count
            duration: 600
        }
    }
    """

    /// A small deterministic generator (a 64-bit LCG), so failures reproduce.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private func randomTimeline(seed: UInt64) -> String {
        var random = Generator(state: seed)
        let answers = ["closed", "performedAction", "ignored", "ignored"]
        let steps = (0..<20).map { _ -> String in
            let at = 1_795_000_000 + random.next(48) * 1_800
            switch random.next(4) {
            case 0: return #"{"at": \#(at), "setParameters": {"isLoggedIn": \#(random.next(4) > 0)}}"#
            case 1: return #"{"at": \#(at), "donate": "visited", "fields": {"backyardID": \#(random.next(3))}}"#
            case 2: return #"{"at": \#(at), "session": {"onScreen": \#(random.next(90)), "answer": "\#(answers[random.next(4)])"}}"#
            default: return #"{"at": \#(at), "observe": true}"#
            }
        }
        return #"{"steps": [\#(steps.joined(separator: ", "))]}"#
    }

    @Test func engineEvalAndSimulateAgree() throws {
        let program = try compile(Self.source, name: "p")
        for seed in 1...15 as ClosedRange<UInt64> {
            let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array(randomTimeline(seed: seed).utf8)), for: program)
            let occurrences = timeline.occurrences
            let full = try Simulator.run(timeline, program: program)
            var statuses: [String: (TipStatus, Bool)] = [:]
            for (count, entry) in full.entries.enumerated() {
                for change in entry.changesBefore + entry.changesAfter {
                    statuses[change.tip] = (change.newStatus, change.newDisplay)
                }
                // The state after this step, saved as a fixture and evaluated as `eval` does.
                var prefix = timeline
                prefix.steps = occurrences.prefix(count + 1).map { TimelineStep(at: $0.at, action: $0.step.action) }
                let saved = try Simulator.run(prefix, program: program).finalStore
                let text = JSONWriter.string(from: FixtureEncoder.encode(saved, now: entry.at))
                let fixture = try FixtureDecoder.decode(Array(text.utf8), for: program)
                let evaluated = evaluate(program, store: try fixture.makeStore(for: program), now: entry.at)
                let context = "seed \(seed), step \(count)"
                #expect(evaluated.tips.map { statuses[$0.id]?.0 } == evaluated.tips.map(\.status), Comment(rawValue: context))
                #expect(evaluated.tips.map { statuses[$0.id]?.1 } == evaluated.tips.map(\.display), Comment(rawValue: context))
                #expect(evaluated.widgets == entry.widgets, Comment(rawValue: context))
                var engine = TipEngine(store: saved)
                #expect(engine.evaluate(at: entry.at, explaining: true) == evaluated, Comment(rawValue: context))
            }
        }
    }
}
