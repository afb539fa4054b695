/// The chi-square distribution with `degreesOfFreedom` k > 0.
struct ChiSquare {
    let degreesOfFreedom: Double

    /// P(X ≤ x) = P(k/2, x/2).
    func cdf(_ x: Double) -> Double { IncompleteGamma.lower(degreesOfFreedom / 2, x / 2) }

    /// P(X > x) = Q(k/2, x/2), computed directly (precise when tiny).
    func survival(_ x: Double) -> Double { IncompleteGamma.upper(degreesOfFreedom / 2, x / 2) }
}
