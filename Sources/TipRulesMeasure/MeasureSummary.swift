import Foundation

/// The report in one plain sentence for someone who does not read intervals: how much the tip
/// likely changes the conversion rate (its relative lift's 95 % interval, in whole percents), whether
/// the test finds a change, and how many people were held out with a word on how precise that makes
/// it. A report that cannot be trusted or has no estimate says so instead.
enum MeasureSummary {
    /// Above this width of the relative lift's interval (in lift, 0.5 = 50 points) the estimate is called imprecise.
    static let imprecise = 0.5

    static func line(_ report: MeasureReport) -> String {
        if report.sampleRatioFlagged {
            return "Do not read this comparison: the arms' sizes are not the split the holdout declares (sample ratio mismatch)."
        }
        let conversion = report.conversion, heldOut = report.tally.holdout.users
        let people = "\(heldOut) \(heldOut == 1 ? "person" : "people") held out"
        if let interval = conversion.relativeLiftInterval {
            let precision = interval.upperBound - interval.lowerBound > imprecise
                ? "the estimate is imprecise" : "the interval spans \(whole(interval.upperBound - interval.lowerBound)) points"
            return "The tip likely changes how many people reach \(report.goal) by between \(signed(interval.lowerBound)) and "
                + "\(signed(interval.upperBound)) (\(verdict(interval))); \(people): \(precision)."
        }
        if let interval = conversion.differenceInterval {
            return "The tip likely changes how many people reach \(report.goal) by between \(MeasureNumbers.points(interval.lowerBound)) and "
                + "\(MeasureNumbers.points(interval.upperBound)) points (\(verdict(interval))); \(people): too few conversions for a relative change."
        }
        return "No estimate yet: \(people) and \(report.tally.treatment.users) treated are too few to compare."
    }

    /// "CUPED over the 14 days before the exposure: θ 0.1234 (conversion), 0.5678 (goalCount)", or nil without CUPED.
    static func cuped(_ report: MeasureReport) -> String? {
        guard let window = report.options.cupedPreWindow else { return nil }
        return "CUPED over the \(MeasureNumbers.duration(Double(window))) before the exposure: θ "
            + "\(MeasureNumbers.plain(report.conversion.theta)) (conversion), \(MeasureNumbers.plain(report.goalCount.theta)) (goalCount)"
    }

    private static func verdict(_ interval: ClosedRange<Double>) -> String {
        interval.lowerBound > 0 ? "it raises it" : interval.upperBound < 0 ? "it lowers it" : "no change is found"
    }

    /// "+28 %".
    private static func signed(_ value: Double) -> String { String(format: "%+.0f %%", value * 100) }

    /// "28".
    private static func whole(_ value: Double) -> String { String(format: "%.0f", value * 100) }
}
