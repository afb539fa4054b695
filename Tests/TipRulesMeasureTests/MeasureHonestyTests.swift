import Foundation
import Testing
@testable import TipRulesMeasure
import TipRulesTestSupport

/// Measure is honest: over many seeded simulated experiments, whose users convert and reach the
/// goal at known rates, the report's 95 % intervals cover the true difference and lift 93–97 % of
/// the time, and with no effect its p-value is below 0.05 about 5 % of the time. Each experiment
/// goes through the report as a run makes it (a tally of whole numbers).
@Suite struct MeasureHonestyTests {
    /// Experiments per check; the share of them is known to about ±0.6 % (one standard error).
    private static let experiments = 1_200
    private static let usersPerArm = 800

    /// A tally of one experiment: each user converts with `rate` and reaches the goal a Poisson
    /// number of times with mean `goalMean` (converted when at least once, so the rate is 1 − e^−mean).
    private func experiment(treatmentMean: Double, holdoutMean: Double, random: inout SplitMix64) -> MeasureTally {
        var tally = MeasureTally()
        tally.percent = 50
        for (arm, mean) in [(\MeasureTally.treatment, treatmentMean), (\MeasureTally.holdout, holdoutMean)] {
            var counts = MeasureTally.Arm()
            let limit = exp(-mean)
            for _ in 0..<Self.usersPerArm {
                // Knuth's Poisson: multiply uniforms until the product falls below e^−mean.
                var goals = 0, product = uniform(&random)
                while product > limit {
                    goals += 1
                    product *= uniform(&random)
                }
                counts.users += 1
                counts.converted += goals > 0 ? 1 : 0
                counts.goalSum += goals
                counts.goalSumOfSquares += goals * goals
            }
            tally[keyPath: arm] = counts
        }
        return tally
    }

    private func uniform(_ random: inout SplitMix64) -> Double { Double(random.next() >> 11) * 0x1p-53 }

    private func report(_ tally: MeasureTally) -> MeasureReport {
        MeasureReport(tip: "T", group: "g", goal: "goal", window: 604_800, now: 0, tally: tally)
    }

    @Test func intervalsCoverTheTrueEffect() {
        var random = SplitMix64(seed: 0x6D65_6173_7572_6531)
        let (treatmentMean, holdoutMean) = (0.30, 0.24)
        let trueRates = (treatment: 1 - exp(-treatmentMean), holdout: 1 - exp(-holdoutMean))
        var covered = (rate: 0, rateLift: 0, mean: 0, meanLift: 0)
        for _ in 0..<Self.experiments {
            let result = report(experiment(treatmentMean: treatmentMean, holdoutMean: holdoutMean, random: &random))
            if result.conversion.differenceInterval?.contains(trueRates.treatment - trueRates.holdout) == true { covered.rate += 1 }
            if result.conversion.relativeLiftInterval?.contains(trueRates.treatment / trueRates.holdout - 1) == true { covered.rateLift += 1 }
            if result.goalCount.differenceInterval?.contains(treatmentMean - holdoutMean) == true { covered.mean += 1 }
            if result.goalCount.relativeLiftInterval?.contains(treatmentMean / holdoutMean - 1) == true { covered.meanLift += 1 }
        }
        for (name, count) in [("rate", covered.rate), ("rate lift", covered.rateLift), ("mean", covered.mean), ("mean lift", covered.meanLift)] {
            let share = Double(count) / Double(Self.experiments)
            #expect((0.93...0.97).contains(share), "the \(name)'s 95% interval covered the truth in \(share) of the experiments")
        }
    }

    @Test func withNoEffectAboutFivePercentAreSignificant() {
        var random = SplitMix64(seed: 0x6E6F_2065_6666_6563)
        var significant = (rate: 0, mean: 0)
        for _ in 0..<Self.experiments {
            let result = report(experiment(treatmentMean: 0.25, holdoutMean: 0.25, random: &random))
            if let p = result.conversion.pValue, p < 0.05 { significant.rate += 1 }
            if let p = result.goalCount.pValue, p < 0.05 { significant.mean += 1 }
        }
        for (name, count) in [("rate", significant.rate), ("mean", significant.mean)] {
            let share = Double(count) / Double(Self.experiments)
            #expect((0.03...0.07).contains(share), "with no effect, the \(name)'s p was below 0.05 in \(share) of the experiments")
        }
    }

    /// The sample-ratio check flags a split that is not the declared one, and rarely a fair one.
    @Test func sampleRatioCheckFlagsAnUnevenSplit() {
        var random = SplitMix64(seed: 0x7372_6D20_6368_6563)
        var flagged = 0
        for _ in 0..<Self.experiments {
            // 10 % held out, each of 5,000 users assigned fairly.
            var holdout = 0
            for _ in 0..<5_000 where uniform(&random) < 0.10 { holdout += 1 }
            if let p = SampleRatioCheck(treatment: 5_000 - holdout, holdout: holdout, percent: 10).pValue, p < SampleRatioCheck.threshold {
                flagged += 1
            }
        }
        #expect(flagged <= 5, "a fair split was flagged \(flagged) times in \(Self.experiments)")
        // 9 % held out where 10 % was declared: lost holdout users.
        let uneven = SampleRatioCheck(treatment: 45_500, holdout: 4_500, percent: 10).pValue ?? 1
        #expect(uneven < SampleRatioCheck.threshold)
    }
}
