import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// After a donation, a rule of a native shape that holds is decided from the store without
/// binding the machine (`Evaluator.refresh`); one that does not runs to explain why. Over
/// donations in and out of windows, after now, past an event's `maximumCount` and
/// `maximumAge`, from an empty store on, the engine answers as a fresh evaluator.
@Suite struct IncrementalNativeTests {
    private static let now = date("2026-11-21T09:00:00Z")
    private static let source = """
    parameter level: Int = 0
    parameter name: String = ""
    event visit(place: Int) limit(maximumCount: 4, maximumAge: .days(2))
    event purchase(amount: Double)
    tip Windows {
        title: "w"
        #Rule(Self.visit) { $0.donations.donatedWithin(.days(1)).count >= 2 }
        #Rule(Self.purchase) { $0.donations.donatedWithin(.hours(6)).count < 5 }
    }
    tip Counts {
        title: "c"
        #Rule(Self.visit) { $0.donations.count >= 3 }
        #Rule(Self.$level) { $0 >= 1 }
    }
    tip Names {
        title: "n"
        #Rule(Self.$name) { $0 != "" }
        #Rule(Self.purchase) { 1 <= $0.donations.count }
    }
    """

    @Test func theEngineAnswersAsAFreshEvaluator() throws {
        let program = try compile(Self.source)
        #expect(Evaluator(program: program).natives.allSatisfy { $0 != nil })
        var random = Xorshift(state: 0x1AC4_0000_0000_0044)
        var engine = TipEngine(program: program)
        var now = Self.now
        for step in 0..<400 {
            switch random.next(8) {
            case 0: try engine.setParameter(0, .int(random.next(3)))
            case 1: try engine.setParameter(1, .string(random.pick(["", "x", String(repeating: "y", count: 40)])))
            case 2: now += Double(random.next(20_000))
            case 3: try engine.donate(event: 1, fields: [.double(1)], at: now - Double(random.next(40_000)))
            default:
                // Now and then a donation after now, which no rule sees until its time comes.
                let offset = random.next(6) == 0 ? Double(random.next(7_200)) : -Double(random.next(200_000))
                try engine.donate(event: 0, fields: [.int(random.next(3))], at: now + offset)
            }
            var fresh = Evaluator(program: program)
            let expected = fresh.evaluate(engine.store, now: now, explaining: true)
            #expect(engine.evaluate(at: now, explaining: true) == expected, "step \(step)")
            let changes = engine.statusChanges(at: now)
            for change in changes {
                let tip = try #require(program.tips.firstIndex { $0.id == change.tip })
                #expect(change.result == expected.tips[tip], "step \(step)")
            }
        }
    }
}
