import TipRulesReach

/// A measure report (docs/measure.md): what the experiment is, each arm's counts, rate and goal
/// counts, and the comparisons of treatment with the holdout, computed from a tally. Every
/// statistic that is undefined is nil, with the reason in `notes`.
struct MeasureReport {
    var tip: String
    var group: String
    var goal: String
    var window: Double
    var now: Double
    var tally: MeasureTally

    /// One arm's statistics.
    struct ArmSummary {
        var counts: MeasureTally.Arm
        /// The conversion rate and its 95 % interval (nil without users).
        var rate: Double?
        var rateInterval: ClosedRange<Double>?
        /// The mean and sample variance of the goal count (the variance nil below 2 users).
        var goalMean: Double?
        var goalVariance: Double?
    }

    let treatment: ArmSummary
    let holdout: ArmSummary
    /// The conversion rate's comparison (treatment minus holdout) and the mean goal count's.
    let conversion: TwoSidedTTest.Result
    let goalCount: TwoSidedTTest.Result
    let sampleRatioPValue: Double?
    let notes: [String]

    init(tip: String, group: String, goal: String, window: Double, now: Double, tally: MeasureTally) {
        (self.tip, self.group, self.goal, self.window, self.now, self.tally) = (tip, group, goal, window, now, tally)
        treatment = Self.summary(tally.treatment)
        holdout = Self.summary(tally.holdout)
        let rates = TwoSidedTTest(control: .proportion(successes: tally.holdout.converted, of: tally.holdout.users),
                                  treatment: .proportion(successes: tally.treatment.converted, of: tally.treatment.users)).result()
        let means = TwoSidedTTest(control: Self.goalSample(tally.holdout), treatment: Self.goalSample(tally.treatment)).result()
        conversion = rates
        goalCount = means
        sampleRatioPValue = tally.percent.flatMap {
            SampleRatioCheck(treatment: tally.treatment.users, holdout: tally.holdout.users, percent: $0).pValue
        }
        var notes: [String] = []
        for (name, arm) in [("treatment", tally.treatment), ("holdout", tally.holdout)] {
            if arm.users == 0 { notes.append("the \(name) arm has no users: its rate and goal counts are undefined") }
            else if arm.users == 1 { notes.append("the \(name) arm has 1 user: its goal count's variance is undefined") }
        }
        notes += rates.notes.map { "conversion: \($0)" }
        notes += means.notes.map { "goalCount: \($0)" }
        if tally.percent == nil { notes.append("sampleRatio: no exposure gives the share held out") }
        else if sampleRatioPValue == nil { notes.append("sampleRatio: no users") }
        self.notes = notes
    }

    /// Whether the sample-ratio check fails (p below `SampleRatioCheck.threshold`).
    var sampleRatioFlagged: Bool { (sampleRatioPValue ?? 1) < SampleRatioCheck.threshold }

    private static func goalSample(_ arm: MeasureTally.Arm) -> ArmSample {
        .mean(sum: arm.goalSum, sumOfSquares: arm.goalSumOfSquares, count: arm.users)
    }

    private static func summary(_ arm: MeasureTally.Arm) -> ArmSummary {
        var summary = ArmSummary(counts: arm)
        guard arm.users > 0 else { return summary }
        let rate = ArmSample.proportion(successes: arm.converted, of: arm.users)
        summary.rate = rate.mean
        if arm.users > 1 {
            let width = StudentT(degreesOfFreedom: rate.count - 1).quantile(0.975) * (rate.variance / rate.count).squareRoot()
            summary.rateInterval = max(0, rate.mean - width)...min(1, rate.mean + width)
        }
        let goals = goalSample(arm)
        summary.goalMean = goals.mean
        summary.goalVariance = arm.users > 1 ? goals.variance : nil
        return summary
    }
}
