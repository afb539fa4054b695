import Foundation
import TipRulesJSON
import TipRulesRuntime
@testable import TipRulesSimulation
import Testing
import TipRulesTestSupport

/// A rehearsal is honest, with every way `measure` reads it: over seeded populations run through
/// the engine with a known true effect on the goal in treatment after the exposure, the 95 %
/// intervals of the goal count's and the conversion rate's difference cover the truth 93–97 % of
/// the time with the fixed-sample test, alone and with `--cuped`, and at least 93 % with
/// `--sequential` (always-valid intervals are wider, so they cover more often: only the lower
/// bound is a promise); `--engine bayesian`'s chance to win is calibrated. 400 experiments of 120
/// people by default (the share is known to about ±1.1 %), each measured every way, and 400 with
/// no effect for the chance to win; `TIPRULES_REHEARSALS=1200` for the long form.
@Suite struct RehearsalHonestyTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let experiments = Int(ProcessInfo.processInfo.environment["TIPRULES_REHEARSALS"] ?? "") ?? 400
    private static let population = 120
    private static let comparisons = ["goalCount", "conversion"]

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

    /// People arrive over two days and are followed for twelve: the goal at 0.1 a day, with
    /// `effect` 1.5 times as often in treatment once exposed, so in the 7-day window a mean of 0.7
    /// held out and 1.05 in treatment (Poisson: converted with chance 1 − e^−mean).
    static func scenario(effect: Bool) -> String {
        """
        { "arrivals": { "from": "2026-11-01T00:00:00Z", "to": "2026-11-03T00:00:00Z" }, "until": "2026-11-13T00:00:00Z",
          "id": "userID", "events": { "opened": { "perDay": 1 }, "goal": { "perDay": 0.1 } },
          "sessions": { "perDay": 1, "answers": { "closed": 1 } }\
        \(effect ? ", \"effect\": { \"tip\": \"T\", \"goal\": \"goal\", \"lift\": 0.5 }" : "") }
        """
    }

    @Test func measuresIntervalsCoverTheRehearsedEffectWithEveryEngine() throws {
        let truth = ["goalCount": 1.05 - 0.7, "conversion": exp(-0.7) - exp(-1.05)]
        // The default engine's intervals are the Bayesian run's (it only adds the chance to win).
        let ways = ["fixed-sample": ["--engine", "bayesian"], "sequential": ["--sequential"], "CUPED": ["--cuped"]]
        var covered: [String: Int] = [:], chances: [String: [Double]] = [:], compared = 0
        try rehearse(effect: true) { experiment in
            for (way, options) in ways {
                let report = try measure(experiment, options)
                for comparison in Self.comparisons {
                    let result = report[comparison]
                    if contains(result, truth[comparison] ?? .nan) { covered["\(way) \(comparison)", default: 0] += 1 }
                    if let chance = result?["chanceToWin"]?.doubleValue { chances[comparison, default: []].append(chance) }
                }
                if way == "fixed-sample" { for arm in ["treatment", "holdout"] { compared += report["arms"]?[arm]?["users"]?.intValue ?? 0 } }
            }
        }
        // Most people are exposed and mature: every experiment compares about 50 people an arm.
        #expect(compared > Self.experiments * Self.population * 7 / 10, "\(compared) people compared")
        for way in ways.keys.sorted() {
            for comparison in Self.comparisons {
                let share = Double(covered["\(way) \(comparison)"] ?? 0) / Double(Self.experiments)
                let expected = way == "sequential" ? 0.93...1 : 0.93...0.97
                #expect(expected.contains(share), "\(way): the \(comparison) difference's 95% interval covered the truth in \(share) of the rehearsals")
            }
        }
        // About 50 people an arm: the effect is 1.9 (goal count) and 1.5 (conversion) standard errors, so the
        // typical chance to win is about Φ(1.9) = 0.97 and Φ(1.5) = 0.93; above 0.8 leaves room for the estimate's noise.
        // (The chance to win is null where the conversion falls back to Newcombe–Wilson: rarely, here.)
        for comparison in Self.comparisons {
            let values = (chances[comparison] ?? []).sorted()
            try #require(values.count >= Self.experiments * 99 / 100, "\(values.count) chances to win of \(comparison)")
            #expect(values[values.count / 2] > 0.8, "the median chance to win of \(comparison) is \(values[values.count / 2])")
        }
    }

    /// With no effect, a calibrated chance to win is about uniform: below 0.05 or above 0.95 in
    /// about 10 % of the experiments that have one (6–14 %: ±2.7 standard errors at 400).
    @Test func theChanceToWinIsCalibratedWithoutAnEffect() throws {
        var extreme: [String: Int] = [:], chances: [String: Int] = [:]
        try rehearse(effect: false) { experiment in
            let report = try measure(experiment, ["--engine", "bayesian"])
            for comparison in Self.comparisons {
                guard let chance = report[comparison]?["chanceToWin"]?.doubleValue else { continue }
                chances[comparison, default: 0] += 1
                if chance < 0.05 || chance > 0.95 { extreme[comparison, default: 0] += 1 }
            }
        }
        for comparison in Self.comparisons {
            let count = chances[comparison] ?? 0
            try #require(count >= Self.experiments * 99 / 100, "\(count) chances to win of \(comparison)")
            let share = Double(extreme[comparison] ?? 0) / Double(count)
            #expect((0.06...0.14).contains(share), "with no effect, the chance to win of \(comparison) was below 5% or above 95% in \(share) of the rehearsals")
        }
    }

    /// Runs the seeded rehearsals, writing each one's rows to a file whose path `body` gets.
    private func rehearse(effect: Bool, _ body: (String) throws -> Void) throws {
        let program = try compile(Self.source)
        let scenario = try RehearsalScenarioDecoder.decode(try JSONParser().parse(Self.scenario(effect: effect)), for: program)
        for experiment in 0..<Self.experiments {
            var rows = ""
            _ = try Rehearsal(program: program, scenario: scenario, seed: UInt64(experiment)).run(population: Self.population) { lines in
                for line in lines { rows += line + "\n" }
            }
            try body(try write("rows.ndjson", rows))
        }
    }

    /// `measure`'s JSON report of the rows at `rowsPath` with `options`.
    private func measure(_ rowsPath: String, _ options: [String]) throws -> JSONValue {
        let programPath = try write("t.tiprules", Self.source)
        let result = run(["measure", programPath, rowsPath, "--tip", "T", "--goal", "goal", "--now", "2026-11-13T00:00:00Z",
                          "--format", "json", "--jobs", "1"] + options)
        try #require(result.status == 0, Comment(rawValue: result.standardError))
        return try JSONParser().parse(result.standardOutput)
    }

    /// Whether the comparison's difference interval holds `truth`.
    private func contains(_ comparison: JSONValue?, _ truth: Double) -> Bool {
        guard let bounds = comparison?["differenceInterval"]?.arrayValue, bounds.count == 2,
              let low = bounds[0].doubleValue, let high = bounds[1].doubleValue else { return false }
        return low <= truth && truth <= high
    }
}
