import Foundation

/// The regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 − P(a, x): the series for
/// P below x = a + 1, the continued fraction for Q above it, each computed where it is precise
/// (Numerical Recipes' `gser` and `gcf`).
enum IncompleteGamma {
    /// P(a, x), for a > 0 and x ≥ 0.
    static func lower(_ a: Double, _ x: Double) -> Double {
        if x <= 0 { return 0 }
        return x < a + 1 ? series(a, x) : 1 - continuedFraction(a, x)
    }

    /// Q(a, x), for a > 0 and x ≥ 0.
    static func upper(_ a: Double, _ x: Double) -> Double {
        if x <= 0 { return 1 }
        return x < a + 1 ? 1 - series(a, x) : continuedFraction(a, x)
    }

    private static func series(_ a: Double, _ x: Double) -> Double {
        var term = 1 / a, sum = term, denominator = a
        for _ in 0..<10_000 {
            denominator += 1
            term *= x / denominator
            sum += term
            if abs(term) < abs(sum) * 1e-17 { break }
        }
        return sum * exp(-x + a * log(x) - lgamma(a))
    }

    private static func continuedFraction(_ a: Double, _ x: Double) -> Double {
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var result = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let change = d * c
            result *= change
            if abs(change - 1) < 1e-16 { break }
        }
        return exp(-x + a * log(x) - lgamma(a)) * result
    }
}
