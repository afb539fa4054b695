import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// Native scores and durations (`NativeNumber`) restate their instructions: over random widgets
/// of the native shapes (and some that only look like them) and random stores, the native and
/// the instruction-by-instruction runs give the same widget results through `evaluate` and
/// `evaluateWidget`, and `score(ofWidget:store:now:)` is the score they report.
@Suite struct NativeNumberTests {
    private static let now = date("2026-11-21T09:00:00Z")

    private static let header = """
    parameter level: Int = 0
    event visit(place: Int) limit(maximumCount: 5)
    event purchase(amount: Double, category: String) limit(maximumCount: 1000, maximumAge: .days(2))

    """

    private static let windows = [".minutes(30)", ".hours(5)", ".days(1)", ".days(3)", ".seconds(0)", ".hours(-2)"]

    /// A score of one of the native shapes, or one that only looks like one.
    private func score(_ random: inout Xorshift) -> String {
        let fallback = random.pick(["0", "1.5", "-2.0"])
        switch random.next(7) {
        case 0: return "purchase.donations.donatedWithin(\(random.pick(Self.windows))).last?.amount ?? \(fallback)"
        case 1: return "purchase.donations.last?.amount ?? \(fallback)"
        case 2: return random.pick(["2.5", "0", "-1.0", "7"])
        case 3: return "purchase.donations.first?.amount ?? \(fallback)"
        case 4: return "purchase.donations.donatedWithin(.hours(\(random.next(60)))).last?.amount ?? \(fallback)"
        case 5: return "Double(level) + 0.5"
        default: return "purchase.donations.donatedWithin(\(random.pick(Self.windows))).count > 2 ? 1.0 : 0.0"
        }
    }

    /// A constant duration, none (the default, 0) or one that is not native.
    private func duration(_ random: inout Xorshift) -> String {
        switch random.next(4) {
        case 0: return ""
        case 1: return "duration: \(random.pick([".minutes(30)", ".hours(-1)", ".seconds(0)"]))"
        case 2: return "duration: .seconds(Double(visit.donations.last?.place ?? 60))"
        default: return "duration: .minutes(Double(level))"
        }
    }

    private func program(_ random: inout Xorshift) throws -> (Program, String) {
        var source = Self.header
        for widget in 0..<4 {
            source += "widget W\(widget) {\n    relevance {\n        score: \(score(&random))\n        \(duration(&random))\n    }\n}\n"
        }
        return (try compile(source), source)
    }

    private func store(for program: Program, _ random: inout Xorshift) throws -> EventStore {
        var store = EventStore(program: program)
        try store.setParameter(0, .int(random.next(5) - 2))
        for _ in 0..<random.next(12) {
            // Some after now: no widget sees them.
            let date = Self.now - Double(random.next(4 * 86_400)) + (random.next(6) == 0 ? 3_600 : 0)
            try store.donate(event: 0, date: date, fields: [.int(random.next(3) - 1)])
        }
        for _ in 0..<random.next(12) {
            let date = Self.now - Double(random.next(4 * 86_400)) + (random.next(6) == 0 ? 3_600 : 0)
            let amount = random.pick([0.0, 12.5, -3.0, 99.0, .nan, .infinity, -0.0])
            try store.donate(event: 1, date: date, fields: [.double(amount), .string(random.pick(["a", "b"]))])
        }
        return store
    }

    @Test func nativeAndInterpretedRunsAgree() throws {
        var random = Xorshift(state: 0x0DEC_1DE0_0000_0021)
        var nativeBlocks = 0
        for _ in 0..<80 {
            let (program, source) = try program(&random)
            var evaluators = (native: Evaluator(program: program), interpreted: Evaluator(program: program, fusingScans: false))
            nativeBlocks += evaluators.native.widgets.map { [$0.nativeScore, $0.nativeDuration].compactMap { $0 }.count }.reduce(0, +)
            #expect(evaluators.interpreted.widgets.allSatisfy { $0.nativeScore == nil && $0.nativeDuration == nil })
            for _ in 0..<4 {
                expectAgreement(&evaluators.native, &evaluators.interpreted, store: try store(for: program, &random), source)
            }
        }
        #expect(nativeBlocks > 300, "most random scores and durations have a native form")
    }

    /// Every widget's result and score over `store`, through every call, from both evaluators.
    private func expectAgreement(_ native: inout Evaluator, _ interpreted: inout Evaluator, store: EventStore,
                                 _ source: String) {
        let expected = interpreted.evaluate(store, now: Self.now).widgets
        #expect(native.evaluate(store, now: Self.now).widgets == expected, "\(source)")
        for (widget, result) in expected.enumerated() {
            #expect(native.evaluateWidget(widget, store: store, now: Self.now) == result, "\(source)")
            #expect(native.score(ofWidget: widget, store: store, now: Self.now) == result.score, "widget \(widget):\n\(source)")
            #expect(interpreted.score(ofWidget: widget, store: store, now: Self.now) == result.score)
        }
    }

    @Test func theShapesAreRecognisedAndOthersAreNot() throws {
        let program = try compile(Self.header + """
        widget Latest { relevance { score: purchase.donations.donatedWithin(.minutes(30)).last?.amount ?? 0
                                    duration: .minutes(30) } }
        widget Any { relevance { score: purchase.donations.last?.amount ?? 1.5
                                 duration: .seconds(Double(visit.donations.last?.place ?? 60)) } }
        widget First { relevance { score: purchase.donations.first?.amount ?? 0 } }
        widget Computed { relevance { score: Double(level) + 0.5 } }
        """)
        let evaluator = Evaluator(program: program)
        #expect(evaluator.widgets.map { $0.nativeScore != nil } == [true, true, false, false])
        #expect(evaluator.widgets.map { $0.nativeDuration != nil } == [true, false, true, true])
    }

    @Test func scoringAnswersZeroForWhatItCannotScore() throws {
        let program = try compile(Self.header + "widget W { relevance { score: 2.5 } }\n")
        let other = try compile("parameter level: Double = 0\nwidget W { relevance { score: 2.5 } }\n")
        var evaluator = Evaluator(program: program)
        #expect(evaluator.score(ofWidget: 0, store: EventStore(program: program), now: Self.now) == 2.5)
        #expect(evaluator.score(ofWidget: 1, store: EventStore(program: program), now: Self.now) == 0)
        #expect(evaluator.score(ofWidget: -1, store: EventStore(program: program), now: Self.now) == 0)
        #expect(evaluator.score(ofWidget: 0, store: EventStore(program: other), now: Self.now) == 0)
    }
}
