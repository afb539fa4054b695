import Foundation

/// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz),
/// on the side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where it converges fast; for a large
/// and b small (the t distribution with many degrees of freedom), where the fraction converges too
/// slowly near x = 1 to be precise, by DiDonato and Morris' asymptotic expansion. `x` and
/// `1 − x` are both given, so that a caller who knows `1 − x` exactly (the t distribution's
/// t²/(ν + t²)) loses nothing to the subtraction.
enum IncompleteBeta {
    /// I_x(a, b) for a, b > 0 and 0 ≤ x ≤ 1, where `complement` is 1 − x.
    static func regularized(_ x: Double, complement: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if complement <= 0 { return 1 }
        if a >= 10_000, b <= 1, let value = largeA(x, complement: complement, a: a, b: b) { return value }
        if x > (a + 1) / (a + b + 2) { return 1 - regularized(complement, complement: x, a: b, b: a) }
        // Each logarithm from the smaller of x and 1 − x, which is exact: a is large when ν is.
        let logX = x < 0.5 ? log(x) : log1p(-complement), logComplement = complement < 0.5 ? log(complement) : log1p(-x)
        let logFront = a * logX + b * logComplement - logBeta(a, b)
        return exp(logFront) * continuedFraction(x, a: a, b: b) / a
    }

    /// I_x(a, b) for a ≥ 15 and b ≤ 1: DiDonato and Morris' expansion in incomplete gamma functions
    /// (BGRAT of ACM TOMS 708, as R's `toms708.c` writes it), 30 terms at most; nil where it cannot
    /// be used (the terms underflow, or the sum fails to stay positive).
    static func largeA(_ x: Double, complement y: Double, a: Double, b: Double) -> Double? {
        let bMinus1 = b - 1, nu = a + bMinus1 / 2
        let logX = y > 0.375 ? log(x) : log1p(-y)
        let z = -nu * logX
        guard b * z > 0, z < 700 else { return nil }
        // r = e^−z z^b / Γ(b); u = r Γ(a + b) / (Γ(a) nu^b) multiplies the sum at the end.
        let logR = -z + b * log(z) - lgamma(b)
        let logU = logR - (logBeta(a, b) - lgamma(b) + b * log(nu))
        var j = IncompleteGamma.upper(b, z) / exp(logR)
        var sum = j, power = 1.0, cn = 1.0, twiceN = 0.0
        let v = 0.25 / (nu * nu), quarterSquare = 0.25 * logX * logX
        var c: [Double] = [], d: [Double] = []
        for n in 1...30 {
            let bPlus = b + twiceN
            j = (bPlus * (bPlus + 1) * j + (z + bPlus + 1) * power) * v
            twiceN += 2
            power *= quarterSquare
            cn /= twiceN * (twiceN + 1)
            c.append(cn)
            var s = 0.0, coefficient = b - Double(n)
            for i in 0..<(n - 1) {
                s += coefficient * c[i] * d[n - 2 - i]
                coefficient += b
            }
            d.append(bMinus1 * cn + s / Double(n))
            let term = d[n - 1] * j
            sum += term
            guard sum > 0 else { return nil }
            if abs(term) <= 1e-16 * sum { break }
        }
        return exp(logU) * sum
    }

    /// log B(a, b), precise for large arguments too. log Γ(a) + log Γ(b) − log Γ(a + b) loses the
    /// digits of its large terms (an absolute error of about 1e-16 × a log a, 1e-9 at a = 10⁶);
    /// above 10 each log Γ is written as Stirling's formula plus its small remainder
    /// (`stirlingRemainder`), so the large parts cancel in closed form (as R's `lbeta` does).
    static func logBeta(_ a: Double, _ b: Double) -> Double {
        let (small, large) = (min(a, b), max(a, b)), sum = a + b
        if small >= 10 {
            let remainder = stirlingRemainder(small) + stirlingRemainder(large) - stirlingRemainder(sum)
            let stirling: Double = -0.5 * log(large) + 0.5 * log(2 * Double.pi)
            let rest: Double = (small - 0.5) * log(small / sum) + large * log1p(-small / sum)
            return stirling + remainder + rest
        }
        if large >= 10 {
            let remainder = stirlingRemainder(large) - stirlingRemainder(sum)
            let rest: Double = small - small * log(sum) + (large - 0.5) * log1p(-small / sum)
            return lgamma(small) + remainder + rest
        }
        return lgamma(a) + lgamma(b) - lgamma(sum)
    }

    /// The coefficients of Stirling's series: B₂ₖ / (2k (2k − 1)) for k = 1…7.
    private static let stirlingCoefficients: [Double] = [1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360_360, 1.0 / 156]

    /// log Γ(x) − ((x − ½) log x − x + ½ log 2π) for x ≥ 10: Stirling's series to the term in
    /// x⁻¹³, whose first omitted term is below 1e-16 there.
    static func stirlingRemainder(_ x: Double) -> Double {
        let inverse = 1 / x, square = inverse * inverse
        var sum = 0.0
        for coefficient in stirlingCoefficients.reversed() { sum = sum * square + coefficient }
        return inverse * sum
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
