import Foundation

/// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz),
/// on the side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where it converges fast. `x` and
/// `1 − x` are both given, so that a caller who knows `1 − x` exactly (the t distribution's
/// t²/(ν + t²)) loses nothing to the subtraction.
enum IncompleteBeta {
    /// I_x(a, b) for a, b > 0 and 0 ≤ x ≤ 1, where `complement` is 1 − x.
    static func regularized(_ x: Double, complement: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if complement <= 0 { return 1 }
        if x > (a + 1) / (a + b + 2) { return 1 - regularized(complement, complement: x, a: b, b: a) }
        let logFront = a * log(x) + b * log(complement) - logBeta(a, b)
        return exp(logFront) * continuedFraction(x, a: a, b: b) / a
    }

    /// log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b).
    static func logBeta(_ a: Double, _ b: Double) -> Double {
        lgamma(a) + lgamma(b) - lgamma(a + b)
    }

    /// The continued fraction of I_x(a, b) (Numerical Recipes' `betacf`), to double precision.
    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        let sum = a + b, plus = a + 1, minus = a - 1
        var c = 1.0
        var d = 1 - sum * x / plus
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...10_000 {
            let m = Double(m), twice = 2 * m
            var step = m * (b - m) * x / ((minus + twice) * (a + twice))
            d = 1 + step * d
            if abs(d) < tiny { d = tiny }
            c = 1 + step / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            step = -(a + m) * (sum + m) * x / ((a + twice) * (plus + twice))
            d = 1 + step * d
            if abs(d) < tiny { d = tiny }
            c = 1 + step / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let change = d * c
            result *= change
            if abs(change - 1) < 1e-16 { break }
        }
        return result
    }
}
