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
                     + "\(tally.immature) immature, \(tally.crossed) crossed and \(tally.contaminated) contaminated left out")
        lines.append("")
        var table = [["", "users", "converted", "rate", "95% interval", "goalCount mean", "variance"]]
        for (name, arm) in [("treatment", report.treatment), ("holdout", report.holdout)] {
            table.append([name, "\(arm.counts.users)", "\(arm.counts.converted)", MeasureNumbers.percent(arm.rate),
                          arm.rateInterval.map { "[\(MeasureNumbers.percent($0.lowerBound)), \(MeasureNumbers.percent($0.upperBound))]" } ?? "undefined",
                          MeasureNumbers.plain(arm.goalMean), MeasureNumbers.plain(arm.goalVariance)])
        }
        lines += aligned(table)
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
        lines.append("")
        lines.append(MeasureSummary.line(report))
        if !report.notes.isEmpty {
            lines.append("")
            lines += report.notes.map { "note: \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rows as columns, each as wide as its widest cell and two spaces apart: the first
    /// left-aligned, the others right-aligned.
    private static func aligned(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : "  " + padding + cell
            }.joined()
        }
    }

    /// The relative lift first (the headline) with its own p-value, then the difference with its own.
    private static func comparison(_ result: Comparison, difference: (Double) -> String, bound: (Double) -> String) -> String {
        guard let value = result.difference, let interval = result.differenceInterval, let p = result.pValue else { return "undefined (see the notes)" }
        let absolute = "difference \(difference(value)) [\(bound(interval.lowerBound)), \(bound(interval.upperBound))], \(MeasureNumbers.pValue(p))"
        let method = result.method == .newcombeWilson ? " (Newcombe–Wilson)" : ""
        guard let lift = result.relativeLift, let liftInterval = result.relativeLiftInterval, let liftP = result.relativeLiftPValue else {
            return "relative lift undefined; " + absolute + method
        }
        return "relative lift \(MeasureNumbers.lift(lift)) [\(MeasureNumbers.lift(liftInterval.lowerBound)), "
            + "\(MeasureNumbers.lift(liftInterval.upperBound))], \(MeasureNumbers.pValue(liftP)); " + absolute + method
    }
}

/// A measure report for a spreadsheet (`--format csv`): a header, a line per arm (with its rate's
/// interval), one per comparison (the relative lift and the difference, each with its interval and
/// p-value, and the method), one for the sample-ratio check, one for each count of users left out,
/// the plain summary and one line per note; a cell that does not apply, or whose statistic is
/// undefined, is empty. Numbers are written as JSON writes them, text quoted as CSV quotes it.
enum MeasureCSVRenderer {
    static let header = ["row", "users", "converted", "rate", "rateLow", "rateHigh", "goalCountMean", "goalCountVariance", "shown",
                         "actionPerformed", "tipClosed", "method", "relativeLift", "relativeLiftLow", "relativeLiftHigh",
                         "relativeLiftPValue", "difference", "differenceLow", "differenceHigh", "pValue", "text"]

    static func render(_ report: MeasureReport) -> String {
        func number(_ value: Double?) -> String { value.map { JSONWriter.string(from: .number($0)) } ?? "" }
        /// A line with `cells` by column name, the others empty.
        func line(_ name: String, _ cells: [String: String]) -> String {
            ([name] + header.dropFirst().map { cells[$0] ?? "" }).joined(separator: ",")
        }
        var lines = [header.joined(separator: ",")]
        for (name, arm) in [("treatment", report.treatment), ("holdout", report.holdout)] {
            let counts = arm.counts
            var cells = ["users": String(counts.users), "converted": String(counts.converted), "rate": number(arm.rate),
                         "rateLow": number(arm.rateInterval?.lowerBound), "rateHigh": number(arm.rateInterval?.upperBound),
                         "goalCountMean": number(arm.goalMean), "goalCountVariance": number(arm.goalVariance)]
            if name == "treatment" {
                cells["shown"] = String(counts.shown)
                cells["actionPerformed"] = String(counts.actionPerformed)
                cells["tipClosed"] = String(counts.tipClosed)
            }
            lines.append(line(name, cells))
        }
        for (name, result) in [("conversion", report.conversion), ("goalCount", report.goalCount)] {
            lines.append(line(name, ["method": result.method?.rawValue ?? "", "relativeLift": number(result.relativeLift),
                                     "relativeLiftLow": number(result.relativeLiftInterval?.lowerBound),
                                     "relativeLiftHigh": number(result.relativeLiftInterval?.upperBound),
                                     "relativeLiftPValue": number(result.relativeLiftPValue), "difference": number(result.difference),
                                     "differenceLow": number(result.differenceInterval?.lowerBound),
                                     "differenceHigh": number(result.differenceInterval?.upperBound), "pValue": number(result.pValue)]))
        }
        lines.append(line("sampleRatio", ["pValue": number(report.sampleRatioPValue)]))
        let tally = report.tally
        for (name, count) in [("immature", tally.immature), ("crossed", tally.crossed), ("contaminated", tally.contaminated)] {
            lines.append(line(name, ["users": String(count)]))
        }
        lines.append(line("summary", ["text": quoted(MeasureSummary.line(report))]))
        lines += report.notes.map { line("note", ["text": quoted($0)]) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in double quotes, its own doubled.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
