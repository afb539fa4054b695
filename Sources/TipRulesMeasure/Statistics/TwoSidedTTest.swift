import Foundation

/// One arm's sample as the test reads it: its size, mean and variance.
struct ArmSample: Equatable {
    var count: Double
    var mean: Double
    var variance: Double
    /// The mean before a regression adjustment (CUPED): the relative lift's baseline. nil: `mean`.
    var unadjustedMean: Double?

    /// The relative lift's baseline: the unadjusted mean.
    var baseline: Double { unadjustedMean ?? mean }

    /// A conversion rate: `successes` of `count` units, with the variance p(1 − p) (gbstats'
    /// `ProportionStatistic`).
    static func proportion(successes: Int, of count: Int) -> ArmSample {
        let mean = count > 0 ? Double(successes) / Double(count) : 0
        return ArmSample(count: Double(count), mean: mean, variance: mean * (1 - mean))
    }

    /// A mean from its sums: the sample variance (sum of squares − sum²/n) / (n − 1) (gbstats'
    /// `SampleMeanStatistic`), computed in integers where they do not overflow.
    static func mean(sum: Int, sumOfSquares: Int, count: Int) -> ArmSample {
        guard count > 0 else { return ArmSample(count: 0, mean: 0, variance: 0) }
        let mean = Double(sum) / Double(count)
        guard count > 1 else { return ArmSample(count: 1, mean: mean, variance: 0) }
        let (scaled, overflowA) = sumOfSquares.multipliedReportingOverflow(by: count)
        let (square, overflowB) = sum.multipliedReportingOverflow(by: sum)
        let (spread, overflowC) = scaled.subtractingReportingOverflow(square)
        let variance = overflowA || overflowB || overflowC
            ? (Double(sumOfSquares) - Double(sum) * Double(sum) / Double(count)) / Double(count - 1)
            : Double(spread) / Double(count) / Double(count - 1)
        return ArmSample(count: Double(count), mean: mean, variance: variance)
    }
}

/// The frequentist tests of GrowthBook's stats engine, treatment minus control: the fixed-sample
/// test (gbstats `TwoSidedTTest`: Welch's t with Welch–Satterthwaite degrees of freedom, its
/// two-sided p-value and confidence interval) or, with a tuning, the sequential test (gbstats
/// `SequentialTwoSidedTTest`: the always-valid interval and p-value of Waudby-Smith et al., which
/// may be read as often as one likes); the relative lift (treatment − control) / control with its
/// variance by the delta method and a p-value of its own. Refused as gbstats refuses it: when
/// either arm's variance is 0, or the control's mean is 0.
struct TwoSidedTTest {
    var control: ArmSample
    var treatment: ArmSample
    /// 0.05 for 95 % intervals.
    var alpha = 0.05
    /// gbstats' `sequential_tuning_parameter` for the sequential test; nil for the fixed-sample one.
    var sequentialTuning: Double?
    /// Whether to add GrowthBook's Bayesian reading of the relative lift (`EffectBayesian`).
    var bayesian = false

    func result() -> Comparison {
        guard control.count >= 2, treatment.count >= 2 else {
            return .undefined("each arm needs at least 2 users for the test (treatment \(Int(treatment.count)), holdout \(Int(control.count)))")
        }
        for (name, arm) in [("treatment", treatment), ("holdout", control)] where !(arm.variance > 0) {
            return .undefined("no user of the \(name) arm differs from another: its variance is 0, and the t test is undefined")
        }
        guard control.mean != 0, control.baseline != 0 else {
            return .undefined("the holdout's value is 0: the t test is undefined")
        }
        var result = Comparison(method: sequentialTuning == nil ? .welch : .sequential)
        let controlShare = control.variance / control.count, treatmentShare = treatment.variance / treatment.count
        let variance = controlShare + treatmentShare
        let degrees = variance * variance
            / (treatmentShare * treatmentShare / (treatment.count - 1) + controlShare * controlShare / (control.count - 1))
        let difference = treatment.mean - control.mean
        (result.difference, result.differenceInterval, result.pValue) = test(difference, variance: variance, degrees: degrees)
        // As gbstats: the relative lift and its variance from the unadjusted means.
        let square = control.baseline * control.baseline
        let liftVariance = treatmentShare / square + controlShare * treatment.baseline * treatment.baseline / (square * square)
        (result.relativeLift, result.relativeLiftInterval, result.relativeLiftPValue) = test(difference / control.baseline, variance: liftVariance,
                                                                                            degrees: degrees)
        if bayesian { result.bayesian = EffectBayesian(mean: difference / control.baseline, variance: liftVariance) }
        return result
    }

    /// An estimate's interval and two-sided p-value given its variance.
    private func test(_ estimate: Double, variance: Double, degrees: Double) -> (Double?, ClosedRange<Double>?, Double?) {
        guard let tuning = sequentialTuning else {
            let distribution = StudentT(degreesOfFreedom: degrees)
            let width = distribution.quantile(1 - alpha / 2) * variance.squareRoot()
            return (estimate, (estimate - width)...(estimate + width), distribution.twoSidedTail(estimate / variance.squareRoot()))
        }
        // Waudby-Smith et al. (2023), equations 9, 155 and 161, as gbstats writes them, over all N users.
        let users = control.count + treatment.count
        let logAlpha = log(alpha)
        let rhoSquared = (-2 * logAlpha + log(-2 * logAlpha + 1)) / tuning
        let spread = users * rhoSquared + 1
        let width = (variance * users).squareRoot()
            * (2 * spread * log(spread.squareRoot() / alpha) / (users * users * rhoSquared)).squareRoot()
        let statistic = estimate * estimate * users / variance
        let pValue = min(1, spread.squareRoot() * exp(-rhoSquared * statistic / (2 * spread)))
        return (estimate, (estimate - width)...(estimate + width), pValue)
    }
}
