import TipRulesCompiler
import TipRulesRuntime
@testable import TipRulesSimulation
@testable import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// A timeline's `launch` step resets transient parameters; a saved state does not keep them.
@Suite struct TransientSimulationTests {
    private static let source = """
    transient parameter showsIntro: Bool = false
    parameter isPro: Bool = false
    tip Intro {
        title: "i"
        #Rule(Self.$showsIntro) { $0 }
    }
    """

    @Test func aLaunchResetsTransientParametersAndSaysSo() throws {
        let program = try compile(Self.source, name: "t")
        let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array("""
        {"steps": [{"at": "2026-11-21T08:00:00Z", "setParameters": {"showsIntro": true, "isPro": true}},
                   {"at": "2026-11-21T09:00:00Z", "launch": true},
                   {"at": "2026-11-21T10:00:00Z", "launch": true}]}
        """.utf8)), for: program)
        let log = try Simulator.run(timeline, program: program)
        #expect(SimulationTextRenderer().render(log).split(separator: "\n").map(String.init) == [
            "day 1 08:00 Intro is pending: the rule at line 5 is false (showsIntro is false)",
            "day 1 08:00 set showsIntro = true, isPro = true",
            "day 1 08:00 Intro becomes available: the rule at line 5 is now true (showsIntro is true)",
            "day 1 09:00 the app launches: showsIntro resets to false",
            "day 1 09:00 Intro becomes pending: the rule at line 5 is false (showsIntro is false)",
            "day 1 10:00 the app launches",
        ])
        let steps = SimulationJSONRenderer.document(for: log)["steps"]?.arrayValue ?? []
        #expect(steps.count == 3)
        #expect(steps[1]["action"] == ["launch": .bool(true)])
        #expect(steps[1]["resets"] == ["showsIntro": .string("false")])
    }

    @Test func aSavedStateLeavesTransientParametersOut() throws {
        var engine = TipEngine(program: try compile(Self.source, name: "t"))
        try engine.setParameter("showsIntro", .bool(true))
        try engine.setParameter("isPro", .bool(true))
        let saved = FixtureEncoder.encode(engine.store)
        #expect(saved["parameters"] == ["isPro": .bool(true)])
    }
}
