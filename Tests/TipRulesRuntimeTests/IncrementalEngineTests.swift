import Foundation
import Testing
@testable import TipRulesRuntime
import TipRulesTestSupport

/// The incremental engine against full evaluations: over random timelines of every example
/// program (donations, parameter changes, displays, closes, invalidations, resets, deletions,
/// pruning, launches, rules updates, and time moving by random amounts, now and then backwards),
/// after every operation the changes an observer is given and those `statusChanges(at:)`
/// reports (status, pending reason, display and the explained result) are those a fresh
/// `Evaluator` gives, and so are `evaluate(at:)`, `widgets(at:)` and `tipsToDisplay(at:)` asked
/// in between.
@Suite struct IncrementalEngineTests {
    static let examples = repositoryRoot.appendingPathComponent("examples")

    /// What the examples leave out: a calendar component of now in a rule, a window over an
    /// event with a `maximumAge`, a `maximumCount`, frequency caps, groups, a widget with suggestions.
    static let timeProgram = """
    configure { displayFrequency(.hourly) }
    parameter level: Int = 0
    parameter deadline: Date = Date(timeIntervalSince1970: 1795000000)
    event visited(place: Int) limit(maximumCount: 5, maximumAge: .days(2))
    event opened
    tip Evening {
        title: "e"
        #Rule { Calendar.current.component(.hour, from: now) >= 18 }
        #Rule(Self.opened) { $0.donations.donatedWithin(.hours(3)).count >= 1 }
        options { FrequencyCap(1, per: .hours(5)) }
    }
    tip Regular {
        title: "r"
        #Rule(Self.visited) { $0.donations.largestSubset(groupedBy: \\.place).count >= 2 }
        #Rule(Self.$level) { $0 >= 1 }
        options { MaxDisplayCount(4) }
    }
    tip Soon {
        title: "s"
        #Rule(Self.$deadline) { $0 > now && $0 - now < .days(1) }
        options { IgnoresDisplayFrequency(true) }
    }
    tip Weekly {
        title: "w"
        #Rule(Self.visited) { $0.donations.donatedWithin(.days(1)).count >= 2 }
        options { FrequencyCap(2, per: .days(7)) }
    }
    group Flow(.ordered) { Regular, Weekly }
    group Best(.priority) { Evening, Soon }
    widget Today {
        relevance {
            score: visited.donations.donatedWithin(.hours(6)).count
            duration: 600
        }
        suggest { from: deadline - .hours(2)  to: deadline }
    }
    widget Weekday {
        relevance {
            score: Calendar.current.component(.weekday, from: now) == 2 ? 1 : 0
            duration: .hours(1)
        }
    }
    """

    static func programs() throws -> [(name: String, program: Program)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".tiprules") }.sorted()
        return try files.map { file in
            (file, try compile(try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8), name: file))
        } + [("time.tiprules", try compile(timeProgram, name: "time.tiprules"))]
    }

    @Test func incrementalStatusesEqualFullEvaluations() throws {
        let programs = try Self.programs()
        #expect(programs.count > 10)
        var steps = 0, changed = 0
        for (name, program) in programs {
            for seed in 1...4 as ClosedRange<UInt64> {
                // Seeds 3 and 4 also observe: every operation then reports at the engine's clock.
                var timeline = RandomTimeline(program: program, seed: seed &* 7_919 &+ UInt64(name.utf8.count),
                                              observing: seed > 2)
                changed += try timeline.run(steps: 150, context: "\(name), seed \(seed)")
                steps += 150
            }
        }
        // The timelines move statuses: a good share of the operations change one.
        #expect(changed * 20 > steps)
    }

    @Test func rulesThatTogetherExceedTheWorkBudgetAreEvaluatedInFull() throws {
        // Each rule alone is within the budget; together they exceed it, so in a full evaluation
        // the last one fails with the budget error. Evaluated again alone (a donation of `f`), it
        // would not: the engine must answer as the full evaluation does.
        let program = try compile("""
        event e(n: Int) limit(maximumCount: 1000000)
        event f(n: Int) limit(maximumCount: 1000000)
        tip T {
            title: "t"
            #Rule(Self.e) { e.donations.allSatisfy { $0.n > 0 } }
            #Rule(Self.e) { e.donations.allSatisfy { $0.n < 5 } }
            #Rule(Self.f) { f.donations.allSatisfy { $0.n > 0 } }
        }
        """)
        var store = EventStore(program: program)
        let now = 1_795_000_000.0
        let rows = (0..<200_000).map { Donation(date: now - 1 - Double($0) / 8, fields: [.int(1)]) }.reversed()
        try store.donate(event: 0, contentsOf: Array(rows))
        try store.donate(event: 1, contentsOf: Array(rows))
        var engine = TipEngine(store: store)
        let first = engine.evaluate(at: now, explaining: true)
        #expect(first == evaluate(program, store: engine.store, now: now))
        #expect(first.tips[0].rules.map { $0.error != nil } == [false, false, true])
        try engine.donate(event: "f", fields: ["n": .int(2)], at: now)
        #expect(engine.evaluate(at: now, explaining: true) == evaluate(program, store: engine.store, now: now))
        #expect(engine.statusChanges(at: now).map(\.result) == [evaluate(program, store: engine.store, now: now).tips[0]])
    }

    @Test func aDonationReEvaluatesOnlyTheRulesThatReadItsEvent() throws {
        let program = try compile(Self.timeProgram)
        var engine = TipEngine(program: program)
        _ = engine.statusChanges(at: 1_795_000_000)
        #expect(engine.results.ruleEntries.staleCount == 0)
        try engine.donate(event: "opened", at: 1_795_000_000)
        let readers = engine.results.inputs.eventReaders[try #require(program.eventIndex(named: "opened"))].rules
        #expect(readers.count == 1)
        #expect(engine.results.ruleEntries.staleCount == 1)
        try engine.setParameter("level", .int(2))
        #expect(engine.results.ruleEntries.staleCount == 2)
    }

    @Test func timeReadersKnowWhenTheirResultCanChange() throws {
        let program = try compile(Self.timeProgram)
        var store = EventStore(program: program)
        let now = 1_795_000_000.0  // 2026-11-18T10:06:40Z
        try store.donate(event: 1, date: now - 3_600, fields: [])
        try store.donate(event: 0, date: now - 86_400, fields: [.int(1)])
        try store.donate(event: 0, date: now + 600, fields: [.int(1)])
        let inputs = ProgramInputs(program)
        // Evening: the hour of now (the next hour at 11:00Z) and a 3-hour window over `opened`.
        #expect(inputs.rules[0].validity(at: now, store: store).until <= 1_795_003_200)
        #expect(inputs.rules[0].validity(at: now, store: store).until > 1_795_003_200 - 1)
        #expect(inputs.rules[1].validity(at: now, store: store).until <= now - 3_600 + 3 * 3_600)
        // Regular: `visited` changes when the donation after now becomes visible.
        #expect(inputs.rules[2].validity(at: now, store: store).until == now + 600)
        // Regular's parameter rule reads no time.
        #expect(inputs.rules[3].validity(at: now, store: store) == .always)
        // Soon reads now in a computation: it holds only at now.
        #expect(inputs.rules[4].validity(at: now, store: store) == .only(now))
    }
}

extension CacheEntries {
    /// How many results are stale now.
    var staleCount: Int {
        var copy = self
        var count = 0
        while copy.takeNextStale() != nil { count += 1 }
        return count
    }
}

/// A random sequence of engine operations over one program, each followed by a check of the
/// incremental engine against a full evaluation.
private struct RandomTimeline {
    let program: Program
    var engine: TipEngine
    var random: SeededRandom
    var now = 1_795_000_000.0
    /// What the reference last reported of each tip, by tip; nil before the first report.
    var reported: [TipEngine.Observed]?

    /// What the engine's observer was given since it was last looked at, if it observes.
    let delivered: Delivered?

    final class Delivered {
        var changes: [StatusChange] = []
    }

    init(program: Program, seed: UInt64, observing: Bool) {
        self.program = program
        engine = TipEngine(program: program)
        random = SeededRandom(seed: seed)
        delivered = observing ? Delivered() : nil
        if let delivered { _ = engine.observeStatusChanges { delivered.changes.append($0) } }
    }

    /// Runs `steps` operations; returns how many of them changed a status.
    @discardableResult
    mutating func run(steps: Int, context: String) throws -> Int {
        var changed = 0
        for step in 0..<steps {
            delivered?.changes = []
            let operation = try act()
            if let delivered, operation != "nothing", !operation.hasSuffix("(untold)"), let clock = engine.clock {
                #expect(delivered.changes == expectedChanges(at: clock), "\(context), step \(step) (\(operation)), delivered")
            }
            let at = random.next(10) == 0 ? now - Double(random.next(3) * 1_800) : now
            let place = "\(context), step \(step) (\(operation)) at \(at)"
            // A question between the operation and the report (at its instant or an hour later), or none.
            ask(question: random.next(6), at: random.next(3) == 0 ? at + 3_600 : at, context: place)
            let expected = expectedChanges(at: at)
            let changes = engine.statusChanges(at: at)
            #expect(changes == expected, "\(place)")
            if !changes.isEmpty { changed += 1 }
        }
        return changed
    }

    /// Asks the engine `evaluate(at:)` (explained or not), `widgets(at:)` or `tipsToDisplay(at:)`
    /// (questions 0 to 3; any other asks nothing) and checks the answer against a full evaluation.
    mutating func ask(question: Int, at: Double, context: String) {
        let full = evaluate(program, store: engine.store, now: at, explaining: question == 0)
        switch question {
        case 0, 1: #expect(engine.evaluate(at: at, explaining: question == 0) == full, "\(context)")
        case 2: #expect(engine.widgets(at: at) == full.widgets, "\(context)")
        case 3:
            let policy = DisplayPolicy(program: program, store: engine.store, now: at, explaining: false)
            let shown = policy.tipsToShow(status: { full.tips[$0].status }, displays: { full.tips[$0].display },
                                          heldOut: { full.tips[$0].pendingReason == .heldOut })
            #expect(engine.tipsToDisplay(at: at) == shown.map { full.tips[$0].id }, "\(context)")
        default: break
        }
    }

    /// What a full evaluation at `at` reports against the reference's last report.
    mutating func expectedChanges(at: Double) -> [StatusChange] {
        let tips = evaluate(program, store: engine.store, now: at, explaining: true).tips
        let previous = reported
        reported = tips.map { ($0.status, $0.pendingReason, $0.display) }
        return tips.enumerated().compactMap { index, tip in
            let old = previous?[index]
            if let old, old.status == tip.status, old.pendingReason == tip.pendingReason, old.display == tip.display {
                return nil
            }
            return StatusChange(tip: tip.id, oldStatus: old?.status, newStatus: tip.status, oldDisplay: old?.display ?? false,
                                newDisplay: tip.display, result: tip)
        }
    }

    /// One random operation; returns what it was ("nothing", or ending in "(untold)" for an
    /// operation the engine is not told of, which reports nothing to observers).
    mutating func act() throws -> String {
        switch random.next(16) {
        case 0, 1, 2:
            let steps: [Double] = [1, 59, 600, 3_600, 5 * 3_600, 86_400, 3 * 86_400, 10 * 86_400]
            let seconds = steps[random.next(steps.count)]
            now += seconds
            guard random.next(2) == 0 else { return "time +\(seconds) (untold)" }
            engine.advance(to: now)
            return "time +\(seconds)"
        case 3, 4, 5, 6:
            guard !program.events.isEmpty else { return "nothing" }
            let event = random.next(program.events.count)
            let ages: [Double] = [0, 0, 0, 60, 3_600, 86_400]
            let date = now - ages[random.next(ages.count)] + (random.next(12) == 0 ? 1_800 : 0)
            try engine.donate(event: event, fields: program.events[event].fields.map { value(of: $0.type) }, at: date)
            return "donate \(program.events[event].name) at \(date)"
        case 7, 8:
            guard !program.parameters.isEmpty else { return "nothing" }
            let parameter = random.next(program.parameters.count)
            let value = value(of: program.parameters[parameter].type)
            try engine.setParameter(parameter, value)
            return "set \(program.parameters[parameter].name) = \(value)"
        case 9, 10:
            guard !program.tips.isEmpty else { return "nothing" }
            let tip = random.next(program.tips.count)
            try engine.recordDisplay(tip: tip, at: now, duration: Double(random.next(4) * 30))
            return "display \(program.tips[tip].name)"
        case 11:
            guard !program.tips.isEmpty else { return "nothing" }
            let tip = random.next(program.tips.count)
            let reason = InvalidationReason.allCases[random.next(InvalidationReason.allCases.count)]
            try engine.invalidate(tip: tip, reason: reason)
            return "invalidate \(program.tips[tip].name)"
        case 12:
            guard !program.tips.isEmpty else { return "nothing" }
            let tip = program.tips[random.next(program.tips.count)].name
            try engine.resetEligibility(tip: tip)
            return "reset \(tip)"
        case 13:
            guard !program.events.isEmpty else { return "nothing" }
            let event = program.events[random.next(program.events.count)].name
            try engine.deleteDonations(event: event)
            return "delete \(event)"
        case 14:
            if random.next(2) == 0 {
                engine.pruneDonations(at: now)
                return "prune"
            }
            engine.appLaunched()
            return "launch"
        default:
            guard random.next(4) == 0 else { return "nothing" }
            engine.update(to: program)
            reported = nil
            return "update"
        }
    }

    /// A value of `kind`: mostly one of the program's constants of that kind (so that rules
    /// flip), else a small one.
    mutating func value(of kind: ScalarKind) -> ScalarValue {
        let constants = program.constants.filter { kind.accepts($0) }
        if !constants.isEmpty, random.next(3) > 0 {
            let constant = constants[random.next(constants.count)]
            guard case .int(let number) = constant else { return constant }
            return .int(number + random.next(3) - 1)
        }
        switch kind {
        case .bool: return .bool(random.next(2) == 0)
        case .int: return .int(random.next(5))
        case .double: return .double(Double(random.next(200)) / 2)
        case .string: return .string(["", "a", "en", "ja", "u-1001", "member"][random.next(6)])
        case .version: return .string(["1.0", "2.3.1", "2.2.1"][random.next(3)])
        case .date: return .date(now + Double(random.next(96) - 48) * 1_800)
        case .duration: return .duration(Double(random.next(10)) * 600)
        }
    }
}

/// A small deterministic generator (a 64-bit LCG), so failures reproduce.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
}
