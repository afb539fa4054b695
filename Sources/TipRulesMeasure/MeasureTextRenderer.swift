import TipRulesRuntime
import TipRulesToolingCore

/// A measure report for a person (`--format text`): the experiment, each arm's users, conversions
/// and goal counts, the treatment's interactions, each comparison with its interval and p-value,
/// the sample-ratio check, and the notes.
enum MeasureTextRenderer {
    static func render(_ report: MeasureReport) -> String {
        let tally = report.tally
        var lines: [String] = []
        let share = tally.percent.map { ", \($0)% held out" } ?? ""
        lines.append("\(report.tip) (group \"\(report.group)\"\(share)): \(report.goal) within \(MeasureNumbers.duration(report.window)) of the exposure")
        lines.append("now: \(ValueFormatting.date(report.now)); \(tally.treatment.users + tally.holdout.users) users compared, "
                     + "\(tally.immature) immature and \(tally.crossed) crossed left out")
        lines.append("")
        lines.append(row("", "users", "converted", "rate", "goalCount mean", "variance"))
        for (name, arm) in [("treatment", report.treatment), ("holdout", report.holdout)] {
            lines.append(row(name, "\(arm.counts.users)", "\(arm.counts.converted)", MeasureNumbers.percent(arm.rate),
                             MeasureNumbers.plain(arm.goalMean), MeasureNumbers.plain(arm.goalVariance)))
        }
        let treatment = tally.treatment
        lines.append("treatment: shown to \(treatment.shown), action performed by \(treatment.actionPerformed), closed by \(treatment.tipClosed)")
        lines.append("")
        lines.append("conversion: " + comparison(report.conversion, difference: { MeasureNumbers.points($0) + " points" },
                                                  bound: MeasureNumbers.points))
        lines.append("goalCount:  " + comparison(report.goalCount, difference: MeasureNumbers.signed, bound: MeasureNumbers.signed))
        if let p = report.sampleRatioPValue, let percent = tally.percent {
            lines.append("sample ratio: \(MeasureNumbers.pValue(p)) against \(100 - percent) : \(percent)"
                         + (report.sampleRatioFlagged ? " — MISMATCH: the arms' sizes are not the split the holdout declares; do not trust the comparison" : ", ok"))
        } else {
            lines.append("sample ratio: undefined")
        }
        if !report.notes.isEmpty {
            lines.append("")
            lines += report.notes.map { "note: \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: String...) -> String {
        let widths = [10, 8, 10, 9, 15, 9]
        return zip(cells, widths).enumerated().map { index, pair in
            let padding = String(repeating: " ", count: max(0, pair.1 - pair.0.count))
            return index == 0 ? pair.0 + padding : padding + pair.0
        }.joined()
    }

    private static func comparison(_ result: TwoSidedTTest.Result, difference: (Double) -> String, bound: (Double) -> String) -> String {
        guard let value = result.difference, let interval = result.differenceInterval, let p = result.pValue else { return "undefined" }
        var text = "\(difference(value)) [\(bound(interval.lowerBound)), \(bound(interval.upperBound))], \(MeasureNumbers.pValue(p))"
        if let lift = result.relativeLift, let liftInterval = result.relativeLiftInterval {
            text += "; relative lift \(MeasureNumbers.lift(lift)) [\(MeasureNumbers.lift(liftInterval.lowerBound)), \(MeasureNumbers.lift(liftInterval.upperBound))]"
        } else {
            text += "; relative lift undefined"
        }
        return text
    }
}

/// A measure report for a spreadsheet (`--format csv`): a header, a line per arm, one per
/// comparison and one for the sample-ratio check; a cell that does not apply, or whose statistic
/// is undefined, is empty. Numbers are written as JSON writes them.
enum MeasureCSVRenderer {
    static let header = ["row", "users", "converted", "rate", "goalCountMean", "goalCountVariance", "shown", "actionPerformed",
                         "tipClosed", "difference", "differenceLow", "differenceHigh", "pValue", "relativeLift",
                         "relativeLiftLow", "relativeLiftHigh"]

    static func render(_ report: MeasureReport) -> String {
        func number(_ value: Double?) -> String { value.map { JSONWriter.string(from: .number($0)) } ?? "" }
        var lines = [header.joined(separator: ",")]
        for (name, arm) in [("treatment", report.treatment), ("holdout", report.holdout)] {
            let counts = arm.counts
            let interactions = name == "treatment" ? [counts.shown, counts.actionPerformed, counts.tipClosed].map(String.init) : ["", "", ""]
            lines.append(([name, String(counts.users), String(counts.converted), number(arm.rate), number(arm.goalMean),
                           number(arm.goalVariance)] + interactions + Array(repeating: "", count: 7)).joined(separator: ","))
        }
        for (name, result) in [("conversion", report.conversion), ("goalCount", report.goalCount)] {
            lines.append(([name] + Array(repeating: "", count: 8)
                          + [number(result.difference), number(result.differenceInterval?.lowerBound), number(result.differenceInterval?.upperBound),
                             number(result.pValue), number(result.relativeLift), number(result.relativeLiftInterval?.lowerBound),
                             number(result.relativeLiftInterval?.upperBound)]).joined(separator: ","))
        }
        lines.append((["sampleRatio"] + Array(repeating: "", count: 11) + [number(report.sampleRatioPValue)]
                      + Array(repeating: "", count: 3)).joined(separator: ","))
        return lines.joined(separator: "\n") + "\n"
    }
}
