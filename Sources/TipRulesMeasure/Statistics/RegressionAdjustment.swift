/// CUPED, as gbstats' `RegressionAdjustedStatistic` computes it: each arm's metric adjusted by a
/// covariate (the user's goal count before the exposure), with one θ for both arms — the
/// covariance of the metric and the covariate over the covariate's variance, both arms together (0
/// when either varies not at all). The adjusted arm's mean is mean − θ · covariate mean, its
/// variance var + θ² var(covariate) − 2 θ cov; its unadjusted mean stays the relative lift's baseline.
struct RegressionAdjustment {
    /// One arm's sums: the users, the metric's sum and sum of squares, the covariate's, and the sum
    /// of metric × covariate.
    struct Sums {
        var count: Int
        var metric: Int
        var metricSquares: Int
        var covariate: Int
        var covariateSquares: Int
        var products: Int
    }

    /// Whether the metric is a conversion (0 or 1, variance p(1 − p)) rather than a count.
    var proportion: Bool
    var control: Sums
    var treatment: Sums

    /// The adjusted samples of both arms, and θ.
    func adjusted() -> (control: ArmSample, treatment: ArmSample, theta: Double) {
        let theta = self.theta
        func adjust(_ sums: Sums) -> ArmSample {
            let metric = metricSample(sums), covariate = ArmSample.mean(sum: sums.covariate, sumOfSquares: sums.covariateSquares, count: sums.count)
            let covariance = Self.covariance(count: Double(sums.count), metric: Double(sums.metric), covariate: Double(sums.covariate),
                                             products: Double(sums.products))
            let variance = sums.count <= 1 ? 0 : metric.variance + theta * theta * covariate.variance - 2 * theta * covariance
            return ArmSample(count: metric.count, mean: metric.mean - theta * covariate.mean, variance: variance, unadjustedMean: metric.mean)
        }
        return (adjust(control), adjust(treatment), theta)
    }

    /// θ over both arms together (their sums added as real numbers, as gbstats adds them).
    var theta: Double {
        let count = Double(control.count) + Double(treatment.count)
        let metric = Double(control.metric) + Double(treatment.metric)
        let covariate = Double(control.covariate) + Double(treatment.covariate)
        let covariateSquares = Double(control.covariateSquares) + Double(treatment.covariateSquares)
        guard count > 1 else { return 0 }
        let covariateVariance = (covariateSquares - covariate * covariate / count) / (count - 1)
        let metricVariance = proportion ? (metric / count) * (1 - metric / count)
            : (Double(control.metricSquares) + Double(treatment.metricSquares) - metric * metric / count) / (count - 1)
        guard covariateVariance != 0, metricVariance != 0 else { return 0 }
        return Self.covariance(count: count, metric: metric, covariate: covariate,
                               products: Double(control.products) + Double(treatment.products)) / covariateVariance
    }

    private func metricSample(_ sums: Sums) -> ArmSample {
        proportion ? .proportion(successes: sums.metric, of: sums.count)
            : .mean(sum: sums.metric, sumOfSquares: sums.metricSquares, count: sums.count)
    }

    /// The sample covariance from sums (0 below 2 users).
    private static func covariance(count: Double, metric: Double, covariate: Double, products: Double) -> Double {
        count <= 1 ? 0 : (products - metric * covariate / count) / (count - 1)
    }
}
