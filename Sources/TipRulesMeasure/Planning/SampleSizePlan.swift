import Foundation

/// How many users an experiment needs: the two-sided z-test of two proportions on Cohen's h
/// (h = 2·asin √p₂ − 2·asin √p₁), exactly statsmodels' `NormalIndPower` with
/// `proportion_effectsize`, the holdout as its first sample and the treatment `ratio` times as
/// large. Its power at n₁ holdout users is Φ(|h|·√ñ − c) + Φ(−|h|·√ñ − c), where
/// ñ = 1 / (1/n₁ + 1/(ratio·n₁)) and c = Φ⁻¹(1 − α/2): both tails, as statsmodels counts them.
struct SampleSizePlan: Equatable {
    /// P: the share held out, 1 to 50.
    var percent: Int
    /// The holdout's conversion rate, 0 < rate < 1.
    var rate: Double
    /// The relative change to detect: the treatment's rate is rate × (1 + effect), inside (0, 1).
    var effect: Double
    var power: Double
    var alpha: Double

    /// The largest number of users a plan answers; beyond it the effect is too small to detect.
    static let maximumUsers = 1e15

    /// The treatment's rate under the effect.
    var targetRate: Double { rate * (1 + effect) }

    /// Cohen's h of the two rates, as statsmodels' `proportion_effectsize(targetRate, rate)`.
    var effectSize: Double { 2 * asin(targetRate.squareRoot()) - 2 * asin(rate.squareRoot()) }

    /// Treatment users per holdout user: (100 − P) / P.
    var ratio: Double { Double(100 - percent) / Double(percent) }

    /// The power of the test with `holdoutUsers` users held out (statsmodels'
    /// `NormalIndPower().power(effectSize, holdoutUsers, alpha, ratio)`).
    func power(holdoutUsers: Double) -> Double {
        tails(abs(effectSize) * (holdoutUsers * ratio / (1 + ratio)).squareRoot())
    }

    /// Both tails' rejection probability when the statistic's mean is `shift`.
    private func tails(_ shift: Double) -> Double {
        let critical = -Normal.quantile(alpha / 2)
        return Normal.cdf(shift - critical) + Normal.cdf(-shift - critical)
    }

    /// The holdout users at which the power is exactly `power`, not rounded (statsmodels'
    /// `solve_power(…, nobs1=None)`); nil when more than `maximumUsers` users in all are needed.
    /// The power grows with the shift |h|·√ñ, which bisection finds to double precision.
    var exactHoldoutUsers: Double? {
        var low = 0.0, high = 64.0
        while tails(high) < power, high < 1e9 { low = high; high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { break }
            if tails(middle) < power { low = middle } else { high = middle }
        }
        let size = abs(effectSize)
        let holdout = (high / size) * (high / size) * (1 + ratio) / ratio
        guard holdout.isFinite, holdout * (1 + ratio) <= Self.maximumUsers else { return nil }
        return holdout
    }

    /// The users exposed in all, a whole number, that give at least the power: ⌈n₁ × 100 / P⌉.
    var users: Int? {
        exactHoldoutUsers.flatMap { Int(exactly: ($0 * 100 / Double(percent)).rounded(.up)) }
    }
}
