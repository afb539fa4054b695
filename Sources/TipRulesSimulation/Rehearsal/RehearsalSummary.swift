import TipRulesRuntime
import TipRulesToolingCore

/// What a rehearsal's population did, as the command reports it: people, rows, and each holdout
/// experiment's exposures by arm.
public struct RehearsalSummary: Sendable {
    public var scenario: RehearsalScenario
    public var seed: UInt64
    public var people = 0
    public var rows = 0
    /// Exposed people by tip id and group, in each arm.
    public var exposed: [Key: [HoldoutArm: Int]] = [:]

    /// An experiment: a tip id and its holdout group.
    public struct Key: Hashable, Sendable {
        public var tip: String
        public var group: String
    }

    init(scenario: RehearsalScenario, seed: UInt64) {
        self.scenario = scenario
        self.seed = seed
    }

    mutating func add(_ store: EventStore, rows count: Int) {
        people += 1
        rows += count
        for exposure in store.exposures {
            exposed[Key(tip: exposure.tip, group: exposure.group), default: [:]][exposure.arm, default: 0] += 1
        }
    }

    /// The report: the population, the rows, each experiment's arms, the true effect and the
    /// `measure` command that reads the rows.
    func text(program: Program, programPath: String, rowsPath: String) -> String {
        let until = ValueFormatting.date(scenario.until)
        var lines = [
            "\(people) people arriving from \(ValueFormatting.date(scenario.arrivals.lowerBound)) to "
                + "\(ValueFormatting.date(scenario.arrivals.upperBound)), until \(until) (seed \(seed))",
            "rows: \(rows) written to \(rowsPath)",
        ]
        for (index, tip) in program.tips.enumerated() {
            guard let holdout = tip.holdout else { continue }
            let arms = exposed[Key(tip: tip.id, group: holdout.group)] ?? [:]
            let treatment = arms[.treatment] ?? 0, heldOut = arms[.holdout] ?? 0
            lines.append("\(program.tips[index].name) (group \"\(holdout.group)\", \(holdout.percent)% held out): "
                         + "\(treatment) exposed in treatment, \(heldOut) held out, \(people - treatment - heldOut) never exposed")
        }
        if let effect = scenario.effect, case .donate(let event, _) = scenario.activities[effect.activity].kind {
            let goal = program.events[event].name
            let lasts = effect.lasts.isInfinite ? "from the exposure on" : "for \(ValueFormatting.duration(effect.lasts)) after the exposure"
            lines.append("true effect: \(goal)'s rate × \(formatted(1 + effect.lift)) in treatment \(lasts)")
            lines.append("measure it: tiprulec measure \(programPath) \(rowsPath) --tip \(program.tips[effect.tip].name) --goal \(goal) --now \(until)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func formatted(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
