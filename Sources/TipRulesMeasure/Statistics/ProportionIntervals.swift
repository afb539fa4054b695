import Foundation

/// Intervals for conversion rates that hold their level where the normal approximation does not
/// (few conversions, or few users without one): Wilson's score interval of one rate, Newcombe's
/// hybrid score interval of a difference of two (his method 10), and the MOVER-R interval of their
/// ratio (Donner and Zou) from continuity-corrected Wilson intervals. None collapses to a point at
/// 0 or at 100 %. Each p-value is its interval's: the level 1 − p at which the interval's bound
/// reaches 0 (the difference) or 1 (the ratio).
enum ProportionIntervals {
    /// The normal quantile of a 95 % interval.
    static let z95 = Normal.quantile(0.975)

    /// Wilson's score interval of `successes` of `count` (at least 1) at the normal quantile `z`.
    static func wilson(_ successes: Int, of count: Int, z: Double = z95) -> ClosedRange<Double> {
        let n = Double(count), p = Double(successes) / n, square = z * z
        let denominator = 1 + square / n
        let center = (p + square / (2 * n)) / denominator
        let half = z * (p * (1 - p) / n + square / (4 * n * n)).squareRoot() / denominator
        // At 0 and at 100 % the bound on that side is exactly the rate.
        return (successes == 0 ? 0 : max(0, center - half))...(successes == count ? 1 : min(1, center + half))
    }

    /// Wilson's interval with Yates' continuity correction (Newcombe's method 4).
    static func correctedWilson(_ successes: Int, of count: Int, z: Double) -> ClosedRange<Double> {
        let n = Double(count), p = Double(successes) / n, q = 1 - p, square = z * z
        let low = successes == 0 ? 0
            : (2 * n * p + square - 1 - z * max(0, square - 2 - 1 / n + 4 * p * (n * q + 1)).squareRoot()) / (2 * (n + square))
        let high = successes == count ? 1
            : (2 * n * p + square + 1 + z * max(0, square + 2 - 1 / n + 4 * p * (n * q - 1)).squareRoot()) / (2 * (n + square))
        return max(0, low)...min(1, high)
    }

    /// Treatment's rate against the holdout's (each arm with at least one user).
    static func compare(treatment: (successes: Int, count: Int), holdout: (successes: Int, count: Int)) -> Comparison {
        let p1 = Double(treatment.successes) / Double(treatment.count), p2 = Double(holdout.successes) / Double(holdout.count)
        let difference = { (z: Double) in
            newcombe(p1, wilson(treatment.successes, of: treatment.count, z: z), p2, wilson(holdout.successes, of: holdout.count, z: z))
        }
        var result = Comparison(method: .newcombeWilson)
        result.difference = p1 - p2
        result.differenceInterval = difference(z95)
        result.pValue = pValue(estimate: p1 - p2, target: 0, interval: difference)
        guard holdout.successes > 0 else {
            result.notes.append("no user of the holdout reached the goal: the relative lift is undefined")
            return result
        }
        let ratio = { (z: Double) in
            moverR(p1, correctedWilson(treatment.successes, of: treatment.count, z: z),
                   p2, correctedWilson(holdout.successes, of: holdout.count, z: z))
        }
        let interval = ratio(z95)
        guard interval.upperBound.isFinite else {
            result.notes.append("the relative lift's interval has no upper bound: the relative lift is undefined")
            return result
        }
        result.relativeLift = p1 / p2 - 1
        result.relativeLiftInterval = (interval.lowerBound - 1)...(interval.upperBound - 1)
        result.relativeLiftPValue = pValue(estimate: p1 / p2, target: 1, interval: ratio)
        return result
    }

    /// Newcombe's interval of p1 − p2 from each rate's interval.
    private static func newcombe(_ p1: Double, _ one: ClosedRange<Double>, _ p2: Double, _ two: ClosedRange<Double>) -> ClosedRange<Double> {
        let below = (p1 - one.lowerBound) * (p1 - one.lowerBound) + (two.upperBound - p2) * (two.upperBound - p2)
        let above = (one.upperBound - p1) * (one.upperBound - p1) + (p2 - two.lowerBound) * (p2 - two.lowerBound)
        return (p1 - p2 - below.squareRoot())...(p1 - p2 + above.squareRoot())
    }

    /// The MOVER-R interval of p1 / p2 from each rate's interval (p2 > 0, so the lower bound of
    /// the second is above 0): the roots of (p1 − θ p2)² = (p1 − l1)² + θ² (u2 − p2)² and of its
    /// counterpart for the upper bound.
    private static func moverR(_ p1: Double, _ one: ClosedRange<Double>, _ p2: Double, _ two: ClosedRange<Double>) -> ClosedRange<Double> {
        let product = p1 * p2
        let (l1, u1, l2, u2) = (one.lowerBound, one.upperBound, two.lowerBound, two.upperBound)
        // The lower bound's quadratic has the leading coefficient u2 (2 p2 − u2), 0 when u2 = 2 p2: then it is linear.
        let leading = u2 * (2 * p2 - u2), constant = l1 * (2 * p1 - l1)
        let low = product == 0 ? 0 : leading == 0 ? constant / (2 * product)
            : (product - max(0, product * product - constant * leading).squareRoot()) / leading
        let high = (product + max(0, product * product - u1 * l2 * (2 * p1 - u1) * (2 * p2 - l2)).squareRoot()) / (l2 * (2 * p2 - l2))
        return max(0, min(low, p1 / p2))...max(high, p1 / p2)
    }

    /// The two-sided p-value of an interval family: 2(1 − Φ(z)) for the z at which the bound on the
    /// side of `target` reaches it (bisection; the bounds widen as z grows); 1 when even the
    /// narrowest interval holds it.
    private static func pValue(estimate: Double, target: Double, interval: (Double) -> ClosedRange<Double>) -> Double {
        guard estimate != target else { return 1 }
        func holds(_ z: Double) -> Bool { interval(z).contains(target) }
        if holds(0) { return 1 }
        var low = 0.0, high = 1.0
        while !holds(high) {
            low = high
            high *= 2
            if high > 64 { return erfc(high / 2.0.squareRoot()) }
        }
        for _ in 0..<200 where high - low > 1e-13 * high {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle }
        }
        return erfc((low + high) / 2 / 2.0.squareRoot())
    }
}
