import Foundation

/// GrowthBook's Bayesian engine with its default prior (gbstats `EffectBayesianABTest`, an improper
/// flat prior on the relative effect): the posterior of the relative lift is normal with the
/// estimate's mean and variance; the chance that treatment beats the holdout is P(lift > 0), and
/// each arm's risk is the expected loss of choosing it — for the holdout E[max(lift, 0)], for
/// treatment E[max(−lift, 0)].
struct EffectBayesian: Equatable {
    var chanceToWin: Double
    var holdoutRisk: Double
    var treatmentRisk: Double

    /// The posterior N(`mean`, `variance`) of the relative lift read as gbstats reads it.
    init(mean: Double, variance: Double) {
        let sigma = variance.squareRoot(), z = mean / sigma
        let density = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
        chanceToWin = Normal.cdf(z)
        holdoutRisk = mean * Normal.cdf(z) + sigma * density
        treatmentRisk = -mean * Normal.cdf(-z) + sigma * density
    }
}
