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
        if let tuning = report.options.sequentialTuning {
            lines.append("sequential test (tuning \(tuning)): the intervals and p-values hold however often the report is read")
        }
        if let cuped = MeasureSummary.cuped(report) { lines.append(cuped) }
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
        lines += comparisons(report.conversion, report.goalCount, correction: report.options.correction, indent: "")
        for guardrail in report.guardrails {
            lines.append("guardrail \(guardrail.goal): treatment \(MeasureNumbers.percent(guardrail.treatment.rate)) converted, "
                         + "holdout \(MeasureNumbers.percent(guardrail.holdout.rate)); goalCount mean \(MeasureNumbers.plain(guardrail.treatment.goalMean)) "
                         + "and \(MeasureNumbers.plain(guardrail.holdout.goalMean))")
            lines += comparisons(guardrail.conversion, guardrail.goalCount, correction: report.options.correction, indent: "  ")
        }
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

    /// A goal's conversion and goalCount lines.
    private static func comparisons(_ conversion: Comparison, _ goalCount: Comparison, correction: MultipleTesting, indent: String) -> [String] {
        [indent + "conversion: " + comparison(conversion, correction: correction, difference: { MeasureNumbers.points($0) + " points" },
                                              bound: MeasureNumbers.points),
         indent + "goalCount:  " + comparison(goalCount, correction: correction, difference: MeasureNumbers.signed, bound: MeasureNumbers.signed)]
    }

    /// The relative lift first (the headline) with its own p-value, then the difference with its own
    /// and, corrected, its adjusted p-value.
    private static func comparison(_ result: Comparison, correction: MultipleTesting, difference: (Double) -> String,
                                   bound: (Double) -> String) -> String {
        guard let value = result.difference, let interval = result.differenceInterval, let p = result.pValue else { return "undefined (see the notes)" }
        let adjusted = result.pValueAdjusted.map { correction == .none ? "" : " (\(correction.rawValue)-adjusted \(MeasureNumbers.pValue($0)))" } ?? ""
        let absolute = "difference \(difference(value)) [\(bound(interval.lowerBound)), \(bound(interval.upperBound))], \(MeasureNumbers.pValue(p))" + adjusted
        let method = result.method == .newcombeWilson ? " (Newcombe–Wilson)" : ""
        guard let lift = result.relativeLift, let liftInterval = result.relativeLiftInterval, let liftP = result.relativeLiftPValue else {
            return "relative lift undefined; " + absolute + method
        }
        let bayesian = result.bayesian.map {
            "; chance to win \(MeasureNumbers.percent($0.chanceToWin)), risk \(MeasureNumbers.plain($0.holdoutRisk)) (holdout) "
                + "\(MeasureNumbers.plain($0.treatmentRisk)) (treatment)"
        } ?? ""
        return "relative lift \(MeasureNumbers.lift(lift)) [\(MeasureNumbers.lift(liftInterval.lowerBound)), "
            + "\(MeasureNumbers.lift(liftInterval.upperBound))], \(MeasureNumbers.pValue(liftP)); " + absolute + method + bayesian
    }
}

/// A measure report for a spreadsheet (`--format csv`): a header, a line per arm (with its rate's
/// interval), one per comparison (the relative lift and the difference, each with its interval and
/// p-value, the adjusted p-value, CUPED's θ, the Bayesian chance to win and risks, and the method), the same four lines for each guardrail goal, one for the sample-ratio check, one for each count of users left out,
/// the plain summary and one line per note; a cell that does not apply, or whose statistic is
/// undefined, is empty. Numbers are written as JSON writes them, text quoted as CSV quotes it.
enum MeasureCSVRenderer {
    static let header = ["row", "users", "converted", "rate", "rateLow", "rateHigh", "goalCountMean", "goalCountVariance", "shown",
                         "actionPerformed", "tipClosed", "method", "relativeLift", "relativeLiftLow", "relativeLiftHigh",
                         "relativeLiftPValue", "difference", "differenceLow", "differenceHigh", "pValue", "pValueAdjusted", "theta", "chanceToWin", "riskHoldout", "riskTreatment", "text"]

    static func render(_ report: MeasureReport) -> String {
        func number(_ value: Double?) -> String { value.map { JSONWriter.string(from: .number($0)) } ?? "" }
        /// A line with `cells` by column name, the others empty.
        func line(_ name: String, _ cells: [String: String]) -> String {
            ([name] + header.dropFirst().map { cells[$0] ?? "" }).joined(separator: ",")
        }
        func arm(_ arm: MeasureReport.ArmSummary) -> [String: String] {
            ["users": String(arm.counts.users), "converted": String(arm.counts.converted), "rate": number(arm.rate),
             "rateLow": number(arm.rateInterval?.lowerBound), "rateHigh": number(arm.rateInterval?.upperBound),
             "goalCountMean": number(arm.goalMean), "goalCountVariance": number(arm.goalVariance)]
        }
        func comparison(_ result: Comparison) -> [String: String] {
            ["method": result.method?.rawValue ?? "", "relativeLift": number(result.relativeLift),
             "relativeLiftLow": number(result.relativeLiftInterval?.lowerBound), "relativeLiftHigh": number(result.relativeLiftInterval?.upperBound),
             "relativeLiftPValue": number(result.relativeLiftPValue), "difference": number(result.difference),
             "differenceLow": number(result.differenceInterval?.lowerBound), "differenceHigh": number(result.differenceInterval?.upperBound),
             "pValue": number(result.pValue), "pValueAdjusted": number(result.pValueAdjusted), "theta": number(result.theta),
             "chanceToWin": number(result.bayesian?.chanceToWin), "riskHoldout": number(result.bayesian?.holdoutRisk),
             "riskTreatment": number(result.bayesian?.treatmentRisk)]
        }
        var lines = [header.joined(separator: ",")]
        var treatment = arm(report.treatment)
        treatment["shown"] = String(report.treatment.counts.shown)
        treatment["actionPerformed"] = String(report.treatment.counts.actionPerformed)
        treatment["tipClosed"] = String(report.treatment.counts.tipClosed)
        lines += [line("treatment", treatment), line("holdout", arm(report.holdout)),
                  line("conversion", comparison(report.conversion)), line("goalCount", comparison(report.goalCount))]
        // Each guardrail's rows, named after its goal.
        for guardrail in report.guardrails {
            let name = "guardrail \(guardrail.goal) "
            lines += [line(name + "treatment", arm(guardrail.treatment)), line(name + "holdout", arm(guardrail.holdout)),
                      line(name + "conversion", comparison(guardrail.conversion)), line(name + "goalCount", comparison(guardrail.goalCount))]
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
