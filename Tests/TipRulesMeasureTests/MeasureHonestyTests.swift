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

    /// A small experiment with a rare goal: 10 % held out, `heldOut` users in the holdout and nine
    /// times as many treated, each converting (once) with its arm's rate.
    private func rareExperiment(heldOut: Int, treatmentRate: Double, holdoutRate: Double, random: inout SplitMix64) -> MeasureTally {
        var tally = MeasureTally()
        tally.percent = 10
        for (arm, users, rate) in [(\MeasureTally.treatment, 9 * heldOut, treatmentRate), (\MeasureTally.holdout, heldOut, holdoutRate)] {
            var counts = MeasureTally.Arm()
            counts.users = users
            for _ in 0..<users where uniform(&random) < rate { counts.converted += 1 }
            (counts.goalSum, counts.goalSumOfSquares) = (counts.converted, counts.converted)
            tally[keyPath: arm] = counts
        }
        return tally
    }

    /// Small holdouts (25, 50, 100 users) and rare goals (1, 2, 5 %), where a t test is far too
    /// sure of itself: the conversion rate's interval covers the true difference 93–97 % of the time
    /// and the true lift 93–98 % (where it is defined: a holdout without conversions has none), and
    /// with no effect p < 0.05 in 3–7 % of the experiments.
    @Test func smallRareGoalExperimentsAreHonest() {
        var random = SplitMix64(seed: 0x7261_7265_2067_6F61)
        let cells = [25, 50, 100].flatMap { heldOut in [0.01, 0.02, 0.05].map { (heldOut, $0) } }
        var covered = (difference: 0, lift: 0, lifts: 0), significant = (difference: 0, lift: 0, lifts: 0)
        let perCell = Self.experiments / cells.count
        for (heldOut, rate) in cells {
            for _ in 0..<perCell {
                let effect = report(rareExperiment(heldOut: heldOut, treatmentRate: rate * 1.5, holdoutRate: rate, random: &random)).conversion
                if effect.differenceInterval?.contains(rate * 0.5) == true { covered.difference += 1 }
                if let interval = effect.relativeLiftInterval {
                    covered.lifts += 1
                    if interval.contains(0.5) { covered.lift += 1 }
                }
                let none = report(rareExperiment(heldOut: heldOut, treatmentRate: rate, holdoutRate: rate, random: &random)).conversion
                if let p = none.pValue, p < 0.05 { significant.difference += 1 }
                if let p = none.relativeLiftPValue {
                    significant.lifts += 1
                    if p < 0.05 { significant.lift += 1 }
                }
            }
        }
        let total = perCell * cells.count
        // The lift's interval (from continuity-corrected Wilson intervals) errs on the safe side here: up to 98 %.
        for (name, count, of, range) in [("difference", covered.difference, total, 0.93...0.97), ("lift", covered.lift, covered.lifts, 0.93...0.98)] {
            let share = Double(count) / Double(of)
            #expect(range.contains(share), "the \(name)'s 95% interval covered the truth in \(share) of \(of) small experiments")
        }
        for (name, count, of) in [("difference", significant.difference, total), ("lift", significant.lift, significant.lifts)] {
            let share = Double(count) / Double(of)
            #expect((0.03...0.07).contains(share), "with no effect, the \(name)'s p was below 0.05 in \(share) of \(of) small experiments")
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
