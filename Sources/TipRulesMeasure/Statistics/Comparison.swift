/// What a comparison of treatment with the holdout gives: the difference (treatment − holdout)
/// with its 95 % interval and the p-value of that interval's test, and the relative lift
/// (difference ÷ holdout's value) with its own interval and p-value. Each p-value belongs to its
/// interval: p < 0.05 exactly when the interval leaves out 0. A statistic that is undefined is
/// nil, with the reason in `notes`.
struct Comparison: Equatable {
    /// How the intervals and p-values were computed.
    enum Method: String {
        /// gbstats' `TwoSidedTTest`: Welch's t, the lift's variance by the delta method.
        case welch
        /// gbstats' `SequentialTwoSidedTTest`: always-valid intervals, read as often as one likes.
        case sequential
        /// Newcombe's hybrid score interval of the difference of two proportions, the MOVER-R
        /// interval of their ratio, each p-value the level at which the interval reaches 0.
        case newcombeWilson = "newcombe-wilson"
    }

    var method: Method?
    var difference: Double?
    var differenceInterval: ClosedRange<Double>?
    var pValue: Double?
    /// `pValue` adjusted for every goal's metrics of the report (`MultipleTesting`).
    var pValueAdjusted: Double?
    var relativeLift: Double?
    var relativeLiftInterval: ClosedRange<Double>?
    var relativeLiftPValue: Double?
    /// With CUPED, the θ of the adjustment (gbstats' `RegressionAdjustedStatistic`).
    var theta: Double?
    /// With the Bayesian engine, the chance to win and each arm's risk of the relative lift.
    var bayesian: EffectBayesian?
    var notes: [String] = []

    /// A comparison that was not made, for `reason`.
    static func undefined(_ reason: String) -> Comparison { Comparison(notes: [reason]) }
}
