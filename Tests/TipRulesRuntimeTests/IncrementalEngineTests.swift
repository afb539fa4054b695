import Testing
@testable import TipRulesRuntime

@Suite struct IncrementalEngineTests {
    @Test func widgetProgramEvaluates() throws {
        let program = try compile("""
        event visited(backyardID: Int) limit(maximumCount: 4)
        tip Other {
            title: "o"
            #Rule(Self.visited) { $0.donations.count >= 1 }
        }
        widget Recent {
            relevance {
                score: visited.donations.donatedWithin(.hours(2)).count
                duration: 600
            }
        }
        """)
        var engine = TipEngine(program: program)
        try engine.donate(event: "visited", fields: ["backyardID": .int(1)], at: 1000)
        let result = engine.evaluate(at: 1000, explaining: true)
        #expect(result == evaluate(program, store: engine.store, now: 1000))
        let again = engine.evaluate(at: 2000, explaining: true)
        #expect(again == evaluate(program, store: engine.store, now: 2000))
    }
}
