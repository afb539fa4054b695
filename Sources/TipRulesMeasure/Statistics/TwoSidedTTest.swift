/// One arm's sample as the test reads it: its size, mean and variance.
struct ArmSample: Equatable {
    var count: Double
    var mean: Double
    var variance: Double

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

/// The frequentist fixed-sample test of GrowthBook's stats engine (gbstats `TwoSidedTTest`):
/// treatment minus control, Welch's t with Welch–Satterthwaite degrees of freedom, its two-sided
/// p-value and confidence interval; the relative lift (treatment − control) / control with its
/// variance by the delta method and the same degrees of freedom.
struct TwoSidedTTest {
    var control: ArmSample
    var treatment: ArmSample
    /// 0.05 for 95 % intervals.
    var alpha = 0.05

    /// What the test gives; a statistic that is undefined is nil, with the reason in `notes`.
    struct Result: Equatable {
        var difference: Double?
        var differenceInterval: ClosedRange<Double>?
        var pValue: Double?
        var relativeLift: Double?
        var relativeLiftInterval: ClosedRange<Double>?
        var notes: [String] = []
    }

    func result() -> Result {
        var result = Result()
        guard control.count >= 2, treatment.count >= 2 else {
            result.notes.append("each arm needs at least 2 users for the test (treatment \(Int(treatment.count)), holdout \(Int(control.count)))")
            return result
        }
        let controlShare = control.variance / control.count, treatmentShare = treatment.variance / treatment.count
        let variance = controlShare + treatmentShare
        guard variance > 0 else {
            result.notes.append("no user differs from another in either arm: the variance is 0")
            return result
        }
        let degrees = variance * variance
            / (treatmentShare * treatmentShare / (treatment.count - 1) + controlShare * controlShare / (control.count - 1))
        let distribution = StudentT(degreesOfFreedom: degrees)
        let critical = distribution.quantile(1 - alpha / 2)
        let difference = treatment.mean - control.mean
        let width = critical * variance.squareRoot()
        result.difference = difference
        result.differenceInterval = (difference - width)...(difference + width)
        result.pValue = distribution.twoSidedTail(difference / variance.squareRoot())
        guard control.mean != 0 else {
            result.notes.append("the holdout's value is 0: the relative lift is undefined")
            return result
        }
        let lift = difference / control.mean
        let square = control.mean * control.mean
        let liftVariance = treatmentShare / square + controlShare * treatment.mean * treatment.mean / (square * square)
        let liftWidth = critical * liftVariance.squareRoot()
        result.relativeLift = lift
        result.relativeLiftInterval = (lift - liftWidth)...(lift + liftWidth)
        return result
    }
}
