/// A widget panel's score axis: from 0 (or the lowest score, when one is negative) to a round
/// number above the highest score, with four or five ticks at round values.
struct ScoreAxis {
    let lower: Double
    let upper: Double
    let ticks: [Double]

    init(scores: [Double]) {
        let finite = scores.filter(\.isFinite)
        let low = min(finite.min() ?? 0, 0), high = max(finite.max() ?? 0, 0)
        let step = Self.roundStep(for: high > low ? (high - low) / 4 : 1)
        let lower = (low / step).rounded(.down) * step
        upper = max((high / step).rounded(.up) * step, lower + step)
        let count = min(Int(((upper - lower) / step).rounded()), 10)
        ticks = (0...count).map { lower + Double($0) * step }
        self.lower = lower
    }

    /// The y of `score` in a panel from `top` to `top + height` (scores beyond the axis at its ends).
    func y(_ score: Double, top: Double, height: Double) -> Double {
        guard score.isFinite else { return top + height }
        let fraction = (min(max(score, lower), upper) - lower) / (upper - lower)
        return top + height - fraction * height
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    private static func roundStep(for raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= raw, power < 1e300 { power *= 10 }
        while power > raw, power > 1e-300 { power /= 10 }
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? power * 10
    }
}
