/// The sample-ratio check: the chi-square test (one degree of freedom) of the arms' user counts
/// against the split the holdout declares, `percent` : 100 − `percent`. A mismatch means units were
/// lost or moved unevenly between the arms, and the comparison is not to be trusted.
struct SampleRatioCheck {
    var treatment: Int
    var holdout: Int
    var percent: Int

    /// Flagged below this p-value.
    static let threshold = 0.001

    /// The p-value; nil when there are no users.
    var pValue: Double? {
        let total = Double(treatment) + Double(holdout)
        guard total > 0, percent > 0, percent < 100 else { return nil }
        let expectedHoldout = total * Double(percent) / 100, expectedTreatment = total - expectedHoldout
        let statistic = (Double(treatment) - expectedTreatment) * (Double(treatment) - expectedTreatment) / expectedTreatment
            + (Double(holdout) - expectedHoldout) * (Double(holdout) - expectedHoldout) / expectedHoldout
        return ChiSquare(degreesOfFreedom: 1).survival(statistic)
    }
}
