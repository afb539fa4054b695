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
        /// The conversion rate and its 95 % interval, Wilson's (nil without users).
        var rate: Double?
        var rateInterval: ClosedRange<Double>?
        /// The mean and sample variance of the goal count (the variance nil below 2 users).
        var goalMean: Double?
        var goalVariance: Double?
    }

    /// One guardrail goal's statistics: each arm's and the two comparisons.
    struct GoalResult {
        var goal: String
        var treatment: ArmSummary
        var holdout: ArmSummary
        var conversion: Comparison
        var goalCount: Comparison
    }

    var options: MeasureOptions
    let treatment: ArmSummary
    let holdout: ArmSummary
    /// The conversion rate's comparison (treatment minus holdout) and the mean goal count's.
    let conversion: Comparison
    let goalCount: Comparison
    /// Each guardrail goal's, in the order of `options.guardrails`.
    let guardrails: [GoalResult]
    let sampleRatioPValue: Double?
    let notes: [String]

    init(tip: String, group: String, goal: String, window: Double, now: Double, tally: MeasureTally,
         options: MeasureOptions = MeasureOptions()) {
        (self.tip, self.group, self.goal, self.window, self.now, self.tally, self.options) = (tip, group, goal, window, now, tally, options)
        treatment = Self.summary(tally.treatment)
        holdout = Self.summary(tally.holdout)
        var results = [GoalResult(goal: goal, treatment: treatment, holdout: holdout,
                                  conversion: Self.compareRates(tally.treatment, tally.holdout, options: options),
                                  goalCount: Self.compareGoalCounts(tally.treatment, tally.holdout, options: options))]
        for (name, arms) in zip(options.guardrails, tally.guardrails) {
            results.append(GoalResult(goal: name, treatment: Self.summary(arms.treatment), holdout: Self.summary(arms.holdout),
                                      conversion: Self.compareRates(arms.treatment, arms.holdout, options: options),
                                      goalCount: Self.compareGoalCounts(arms.treatment, arms.holdout, options: options)))
        }
        Self.adjust(&results, options.correction)
        conversion = results[0].conversion
        goalCount = results[0].goalCount
        guardrails = Array(results.dropFirst())
        sampleRatioPValue = tally.percent.flatMap {
            SampleRatioCheck(treatment: tally.treatment.users, holdout: tally.holdout.users, percent: $0).pValue
        }
        var notes: [String] = []
        for (name, arm) in [("treatment", tally.treatment), ("holdout", tally.holdout)] {
            if arm.users == 0 { notes.append("the \(name) arm has no users: its rate and goal counts are undefined") }
            else if arm.users == 1 { notes.append("the \(name) arm has 1 user: its goal count's variance is undefined") }
        }
        for (index, result) in results.enumerated() {
            let prefix = index == 0 ? "" : "guardrail \(result.goal) "
            notes += result.conversion.notes.map { prefix + "conversion: \($0)" }
            notes += result.goalCount.notes.map { prefix + "goalCount: \($0)" }
        }
        if tally.percent == nil { notes.append("sampleRatio: no exposure gives the share held out") }
        else if sampleRatioPValue == nil { notes.append("sampleRatio: no users") }
        self.notes = notes
    }

    /// Adjusts the p-values of every goal's two comparisons together (those that are defined).
    private static func adjust(_ results: inout [GoalResult], _ correction: MultipleTesting) {
        let paths: [WritableKeyPath<GoalResult, Comparison>] = [\.conversion, \.goalCount]
        let tested = results.indices.flatMap { index in paths.map { (index, $0) } }.filter { results[$0.0][keyPath: $0.1].pValue != nil }
        let adjusted = correction.adjusted(tested.map { results[$0.0][keyPath: $0.1].pValue ?? 1 })
        for ((index, path), value) in zip(tested, adjusted) { results[index][keyPath: path].pValueAdjusted = value }
    }

    /// Whether the sample-ratio check fails (p below `SampleRatioCheck.threshold`).
    var sampleRatioFlagged: Bool { (sampleRatioPValue ?? 1) < SampleRatioCheck.threshold }

    /// Below this many users who reached the goal, or who did not, in an arm, the normal
    /// approximation of Welch's t does not hold its level.
    static let fewestOutcomes = 10

    /// The arm with the fewest users who reached the goal (`converted`) or did not, and how many, when below `fewestOutcomes`.
    private static func fewest(_ treatment: MeasureTally.Arm, _ holdout: MeasureTally.Arm, converted: Bool) -> (arm: String, count: Int)? {
        let counts = [("treatment", treatment), ("holdout", holdout)].map { name, arm in
            (arm: name, count: converted ? arm.converted : arm.users - arm.converted)
        }
        return counts.filter { $0.count < fewestOutcomes }.min { $0.count < $1.count }
    }

    /// "3 users of the holdout arm".
    private static func users(_ few: (arm: String, count: Int)) -> String {
        "\(few.count) user\(few.count == 1 ? "" : "s") of the \(few.arm) arm"
    }

    /// The conversion rates: Welch's t (or the sequential test) as gbstats computes it where each
    /// arm has enough users who reached the goal and who did not; where one has fewer,
    /// Newcombe–Wilson score intervals for the fixed-sample test, and none for the sequential test
    /// (no interval that holds its level at this size stays valid when read at any time).
    private static func compareRates(_ treatment: MeasureTally.Arm, _ holdout: MeasureTally.Arm, options: MeasureOptions) -> Comparison {
        guard treatment.users > 0, holdout.users > 0 else {
            return .undefined("each arm needs at least 1 user (treatment \(treatment.users), holdout \(holdout.users))")
        }
        let fewConverted = fewest(treatment, holdout, converted: true), fewOthers = fewest(treatment, holdout, converted: false)
        guard let few = fewConverted ?? fewOthers else {
            return test(treatment, holdout, options: options, proportion: true)
        }
        let tooFew = users(few) + " " + (fewConverted != nil ? "reached the goal" : "did not reach the goal") + ", fewer than \(fewestOutcomes): "
        if options.sequentialTuning != nil { return .undefined(tooFew + "the sequential test does not hold its level at this size") }
        var result = ProportionIntervals.compare(treatment: (treatment.converted, treatment.users), holdout: (holdout.converted, holdout.users))
        result.notes.insert(tooFew + "Newcombe–Wilson score intervals, which hold their level at this size, instead of Welch's t", at: 0)
        return result
    }

    /// The mean goal counts by Welch's t, refused where an arm has too few users who reached the
    /// goal for it to hold its level.
    private static func compareGoalCounts(_ treatment: MeasureTally.Arm, _ holdout: MeasureTally.Arm, options: MeasureOptions) -> Comparison {
        if let few = fewest(treatment, holdout, converted: true), treatment.users > 0, holdout.users > 0 {
            return .undefined(users(few) + " reached the goal, fewer than "
                              + "\(fewestOutcomes): Welch's t test of the goal counts does not hold its level at this size (the conversion rate's interval does)")
        }
        return test(treatment, holdout, options: options, proportion: false)
    }

    /// gbstats' test of the conversion (`proportion`) or of the goal count, fixed or sequential,
    /// with CUPED's adjustment when the options ask for it (θ in the comparison).
    private static func test(_ treatment: MeasureTally.Arm, _ holdout: MeasureTally.Arm, options: MeasureOptions, proportion: Bool) -> Comparison {
        let tuning = options.sequentialTuning.map(Double.init)
        guard options.cupedPreWindow != nil else {
            let control = proportion ? .proportion(successes: holdout.converted, of: holdout.users) : goalSample(holdout)
            let treated = proportion ? .proportion(successes: treatment.converted, of: treatment.users) : goalSample(treatment)
            return TwoSidedTTest(control: control, treatment: treated, sequentialTuning: tuning, bayesian: options.bayesian).result()
        }
        func sums(_ arm: MeasureTally.Arm) -> RegressionAdjustment.Sums {
            RegressionAdjustment.Sums(count: arm.users, metric: proportion ? arm.converted : arm.goalSum,
                                      metricSquares: proportion ? arm.converted : arm.goalSumOfSquares, covariate: arm.preSum,
                                      covariateSquares: arm.preSumOfSquares, products: proportion ? arm.preConvertedProducts : arm.preGoalProducts)
        }
        let adjusted = RegressionAdjustment(proportion: proportion, control: sums(holdout), treatment: sums(treatment)).adjusted()
        var result = TwoSidedTTest(control: adjusted.control, treatment: adjusted.treatment, sequentialTuning: tuning,
                                   bayesian: options.bayesian).result()
        if result.method != nil { result.theta = adjusted.theta }
        return result
    }

    private static func goalSample(_ arm: MeasureTally.Arm) -> ArmSample {
        .mean(sum: arm.goalSum, sumOfSquares: arm.goalSumOfSquares, count: arm.users)
    }

    private static func summary(_ arm: MeasureTally.Arm) -> ArmSummary {
        var summary = ArmSummary(counts: arm)
        guard arm.users > 0 else { return summary }
        summary.rate = Double(arm.converted) / Double(arm.users)
        summary.rateInterval = ProportionIntervals.wilson(arm.converted, of: arm.users)
        let goals = goalSample(arm)
        summary.goalMean = goals.mean
        summary.goalVariance = arm.users > 1 ? goals.variance : nil
        return summary
    }
}
