import Foundation
import TipRulesRuntime
import TipRulesToolingCore

/// One person of a rehearsal, run through `TipEngine` as `simulate` runs a timeline (the same
/// actions: `Simulator.apply`, and for a session `tipsToDisplay` and `Simulator.show`): from their arrival, each activity of the scenario happens as a
/// Poisson process at its rate, drawn as the person goes, so that once the engine records their
/// exposure in treatment the effect changes the goal's rate. Whole seconds, as a device records them.
struct RehearsalPerson {
    let scenario: RehearsalScenario
    /// The effect's tip id and holdout group, whose exposure starts the effect.
    private let exposureKey: (tip: String, group: String)?

    init(scenario: RehearsalScenario, program: Program) {
        self.scenario = scenario
        exposureKey = scenario.effect.flatMap { effect in
            program.tips[effect.tip].holdout.map { (program.tips[effect.tip].id, $0.group) }
        }
    }

    /// The person's engine after their timeline, from `program`'s fresh state with their ID;
    /// throws when the engine refuses a step or the person takes more steps than a timeline may.
    func run(id: String, program: Program, random: inout SplitMix64) throws -> TipEngine {
        var engine = TipEngine(program: program)
        let span = scenario.arrivals
        var now = span.lowerBound + Double(random.integer(in: 0...Int(span.upperBound - span.lowerBound)))
        _ = try Simulator.apply(.setParameters(scenario.parameters + [(scenario.idParameter, .string(id))]), at: now, to: &engine)
        let base = scenario.activities.map(\.perDay), baseSum = base.reduce(0, +)
        var rates = base, sum = baseSum
        /// Until when the effect changes the rates (none while it is before the clock).
        var effectEnds = -Double.infinity
        var awaitsExposure = exposureKey != nil
        var steps = 0
        // The process's own time runs on in fractions of a second; each step happens at the whole second it falls in.
        var clock = now
        while true {
            let boundary = effectEnds > clock ? min(effectEnds, scenario.until) : scenario.until
            if sum > 0 { clock += -log1p(-random.unit()) / sum * 86_400 }
            if sum <= 0 || clock >= boundary {
                // The effect ends at the boundary (the draws have no memory: the next is drawn from there), or the timeline does.
                guard boundary < scenario.until else { break }
                clock = boundary
                (rates, sum, effectEnds) = (base, baseSum, -.infinity)
                continue
            }
            now = max(now, clock.rounded(.up))
            steps += 1
            guard Double(steps) <= RehearsalScenarioDecoder.maximumStepsPerPerson else { throw RehearsalError.tooManySteps(id) }
            try perform(scenario.activities[pick(rates, sum, &random)].kind, at: now, engine: &engine, random: &random)
            if awaitsExposure, let effect = scenario.effect, let key = exposureKey,
               let exposure = engine.store.exposure(tip: key.tip, group: key.group) {
                // The effect starts once, in treatment; the holdout's rates never change.
                awaitsExposure = false
                if exposure.arm == .treatment, effect.lasts > 0 {
                    rates[effect.activity] *= 1 + effect.lift
                    sum = rates.reduce(0, +)
                    effectEnds = exposure.date + effect.lasts
                }
            }
        }
        return engine
    }

    /// The activity an occurrence of the merged process belongs to: each in proportion to its rate.
    private func pick(_ rates: [Double], _ sum: Double, _ random: inout SplitMix64) -> Int {
        var target = random.unit() * sum
        for (index, rate) in rates.enumerated() {
            target -= rate
            if target < 0 { return index }
        }
        return rates.lastIndex { $0 > 0 } ?? 0
    }

    private func perform(_ kind: RehearsalScenario.Kind, at now: Double, engine: inout TipEngine,
                         random: inout SplitMix64) throws {
        switch kind {
        case .donate(let event, let fields):
            _ = try Simulator.apply(.donate(event: event, fields: fields), at: now, to: &engine)
        case .session(let onScreen, let closed, let performedAction):
            let draw = random.unit()
            let answer: TimelineAnswer = draw < closed ? .closed : draw < closed + performedAction ? .performedAction : .ignored
            // A session as `simulate` runs one, without the log's question of which group presented each tip.
            try Simulator.show(engine.tipsToDisplay(at: now), at: now, onScreen: onScreen, answer: answer, on: &engine)
        case .launch:
            _ = try Simulator.apply(.launch, at: now, to: &engine)
        }
    }
}

/// Why a rehearsal stops.
enum RehearsalError: Error, CustomStringConvertible {
    case tooManySteps(String)

    var description: String {
        switch self {
        case .tooManySteps(let id):
            return "person \(id) took more than \(Int(RehearsalScenarioDecoder.maximumStepsPerPerson)) steps: lower the scenario's rates"
        }
    }
}
