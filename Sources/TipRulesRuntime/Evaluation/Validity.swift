/// The instants for which a cached result holds when none of its inputs changes: the instant it
/// was computed at, and the instants after it before `until` (the next instant at which it may
/// change). `until` is never late: it is at or before the true change, so a result is at worst
/// computed again too early.
struct Validity: Hashable {
    /// The instant the result was computed at.
    var from: Double
    /// The first instant after `from` at which the result may differ; `from` itself (or NaN)
    /// when it may differ at any other instant.
    var until: Double

    /// A result that reads no time: it holds at every instant.
    static let always = Validity(from: -.infinity, until: .infinity)

    /// A result that may differ at any instant but `now`.
    static func only(_ now: Double) -> Validity { Validity(from: now, until: now) }

    func holds(at now: Double) -> Bool {
        now == from || (from < now && now < until)
    }

    /// `a + b` less a margin of a few units in the last place, for instants found by adding a
    /// window to a date: the comparison that decides when a date leaves a window subtracts the
    /// window from now, and its rounding may reach the boundary slightly before `a + b`.
    static func earliest(_ a: Double, plus b: Double) -> Double {
        let sum = a + b
        guard sum.isFinite else { return sum }
        return sum - 4 * max(a.magnitude, b.magnitude, sum.magnitude).ulp
    }
}
