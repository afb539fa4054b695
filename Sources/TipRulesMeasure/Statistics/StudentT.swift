import Foundation

/// Student's t distribution with `degreesOfFreedom` ν > 0 (not necessarily whole: Welch's).
struct StudentT {
    let degreesOfFreedom: Double

    /// P(T ≤ t).
    func cdf(_ t: Double) -> Double {
        if t.isNaN { return .nan }
        let tail = twoSidedTail(abs(t)) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// P(|T| ≥ |t|), the two-sided p-value of t, computed directly (no 1 − cdf: precise when tiny):
    /// I_{ν/(ν+t²)}(ν/2, 1/2).
    func twoSidedTail(_ t: Double) -> Double {
        if t.isInfinite { return 0 }
        let square = t * t, total = degreesOfFreedom + square
        return IncompleteBeta.regularized(degreesOfFreedom / total, complement: square / total, a: degreesOfFreedom / 2, b: 0.5)
    }

    /// The density at t.
    func density(_ t: Double) -> Double {
        let nu = degreesOfFreedom
        return exp(-(nu + 1) / 2 * log1p(t * t / nu) - 0.5 * log(nu) - IncompleteBeta.logBeta(nu / 2, 0.5))
    }

    /// The t with P(T ≤ t) = p, for 0 < p < 1: Newton's method on `cdf` from the normal quantile,
    /// kept inside a bracket that bisection narrows whenever a step would leave it.
    func quantile(_ p: Double) -> Double {
        guard p > 0, p < 1 else { return p == 0 ? -.infinity : p == 1 ? .infinity : .nan }
        if p < 0.5 { return -quantile(1 - p) }
        if p == 0.5 { return 0 }
        // The upper tail 1 − p, solved as twoSidedTail(t) = 2(1 − p), which stays precise for p near 1.
        let target = 2 * (1 - p)
        var low = 0.0, high = 1.0
        while twoSidedTail(high) > target { low = high; high *= 2 }
        var t = min(max(Normal.quantile(p), low), high)
        for _ in 0..<200 {
            let error = twoSidedTail(t) - target
            if error > 0 { low = t } else { high = t }
            var next = t + error / (2 * density(t))
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - t) <= abs(t) * 1e-15 { return next }
            t = next
        }
        return t
    }
}
