import Foundation
import TipRulesJSON
import TipRulesRuntime
@testable import TipRulesSimulation
import Testing
import TipRulesTestSupport

/// A rehearsal is honest: over seeded populations run through the engine with a known true effect
/// on the goal in treatment after the exposure, `measure`'s 95 % intervals of the goal count's and
/// the conversion rate's difference cover the truth 93–97 % of the time. 400 experiments of 120
/// people by default (the share is known to about ±1.1 %); `TIPRULES_REHEARSALS=1200` for the long form.
@Suite struct RehearsalHonestyTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let experiments = Int(ProcessInfo.processInfo.environment["TIPRULES_REHEARSALS"] ?? "") ?? 400
    private static let population = 120

    /// Half the people held out; the tip is presented at the first session after a search.
    static let source = """
    parameter userID: String = ""
    event opened
    event goal
    tip T {
        title: "Try it"
        holdout(50, of: userID, group: "g")
        #Rule(Self.opened) { $0.donations.count >= 1 }
    }
    """

    /// People arrive over two days and are followed for twelve: the goal at 0.1 a day, 1.5 times as
    /// often in treatment once exposed, so in the 7-day window a mean of 0.7 held out and 1.05 in
    /// treatment (Poisson: converted with chance 1 − e^−mean).
    static let scenario = """
    { "arrivals": { "from": "2026-11-01T00:00:00Z", "to": "2026-11-03T00:00:00Z" }, "until": "2026-11-13T00:00:00Z",
      "id": "userID", "events": { "opened": { "perDay": 1 }, "goal": { "perDay": 0.1 } },
      "sessions": { "perDay": 1, "answers": { "closed": 1 } },
      "effect": { "tip": "T", "goal": "goal", "lift": 0.5 } }
    """

    @Test func measuresIntervalsCoverTheRehearsedEffect() throws {
        let program = try compile(Self.source)
        let scenario = try RehearsalScenarioDecoder.decode(try JSONParser().parse(Self.scenario), for: program)
        let programPath = try write("t.tiprules", Self.source)
        let (holdoutMean, treatmentMean) = (0.7, 1.05)
        var covered = (goalCount: 0, conversion: 0), compared = 0
        for experiment in 0..<Self.experiments {
            var rows = ""
            _ = try Rehearsal(program: program, scenario: scenario, seed: UInt64(experiment)).run(population: Self.population) { lines in
                for line in lines { rows += line + "\n" }
            }
            let rowsPath = try write("rows.ndjson", rows)
            let result = run(["measure", programPath, rowsPath, "--tip", "T", "--goal", "goal", "--now", "2026-11-13T00:00:00Z",
                              "--format", "json", "--jobs", "1"])
            try #require(result.status == 0, Comment(rawValue: result.standardError))
            let report = try JSONParser().parse(result.standardOutput)
            for arm in ["treatment", "holdout"] { compared += report["arms"]?[arm]?["users"]?.intValue ?? 0 }
            if contains(report["goalCount"], treatmentMean - holdoutMean) { covered.goalCount += 1 }
            if contains(report["conversion"], exp(-holdoutMean) - exp(-treatmentMean)) { covered.conversion += 1 }
        }
        // Most people are exposed and mature: every experiment compares about 50 people an arm.
        #expect(compared > Self.experiments * Self.population * 7 / 10, "\(compared) people compared")
        for (name, count) in [("goal count", covered.goalCount), ("conversion rate", covered.conversion)] {
            let share = Double(count) / Double(Self.experiments)
            #expect((0.93...0.97).contains(share), "the \(name) difference's 95% interval covered the truth in \(share) of the rehearsals")
        }
    }

    /// Whether the comparison's difference interval holds `truth`.
    private func contains(_ comparison: JSONValue?, _ truth: Double) -> Bool {
        guard let bounds = comparison?["differenceInterval"]?.arrayValue, bounds.count == 2,
              let low = bounds[0].doubleValue, let high = bounds[1].doubleValue else { return false }
        return low <= truth && truth <= high
    }
}
