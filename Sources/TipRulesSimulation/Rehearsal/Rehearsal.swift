import TipRulesRuntime
import TipRulesStorage
import TipRulesToolingCore

/// A population run through the engine, one person at a time: person k (from 1) has the ID
/// `idPrefix + k` and draws from a generator seeded by the k-th number of the rehearsal's seed,
/// so the same seed gives the same rows; only one person's state is held at a time.
public struct Rehearsal {
    public var program: Program
    public var scenario: RehearsalScenario
    public var seed: UInt64

    public init(program: Program, scenario: RehearsalScenario, seed: UInt64) {
        self.program = program
        self.scenario = scenario
        self.seed = seed
    }

    /// Runs `population` people, giving each one's rows (`HistoryRows`, as `state rows` exports
    /// them) to `write` in turn; what the population did. Throws when the engine refuses a
    /// person's step or a person takes too many.
    public func run(population: Int, write: ([String]) throws -> Void) throws -> RehearsalSummary {
        let person = RehearsalPerson(scenario: scenario, program: program)
        var seeds = SplitMix64(seed: seed)
        var summary = RehearsalSummary(scenario: scenario, seed: seed)
        for index in 0..<max(0, population) {
            var random = SplitMix64(seed: seeds.next())
            let id = scenario.idPrefix + String(index + 1)
            let engine = try person.run(id: id, program: program, random: &random)
            let rows = HistoryRows.rows(of: engine.store, user: id)
            summary.add(engine.store, rows: rows.count)
            try write(rows)
        }
        return summary
    }
}
