import Foundation
@testable import TipRulesMeasure
import TipRulesToolingCore
import Testing

/// What a person reads: the text table keeps its columns apart whatever a cell holds, the CSV
/// carries the users left out, the intervals and the notes, the chart keeps every label inside it on
/// round ticks, and one plain sentence says what the report means.
@Suite struct MeasureFormatTests {
    private func report(treatment: MeasureTally.Arm, holdout: MeasureTally.Arm) -> MeasureReport {
        var tally = MeasureTally()
        (tally.percent, tally.treatment, tally.holdout, tally.immature, tally.crossed, tally.contaminated) = (10, treatment, holdout, 4, 5, 6)
        return MeasureReport(tip: "T", group: "g", goal: "goal", window: 604_800, now: 0, tally: tally)
    }

    private let wide = MeasureTally.Arm(users: 1_080, converted: 348, goalSum: 480, goalSumOfSquares: 1_000)
    private let small = MeasureTally.Arm(users: 120, converted: 19, goalSum: 25, goalSumOfSquares: 40)

    @Test func theTextTableKeepsItsColumnsApart() {
        let text = MeasureTextRenderer.render(report(treatment: MeasureTally.Arm(users: 1), holdout: MeasureTally.Arm()))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let holdout = lines.first { $0.hasPrefix("holdout") }.map(String.init) ?? ""
        #expect(holdout.split(separator: " ") == ["holdout", "0", "0", "undefined", "undefined", "undefined", "undefined"], Comment(rawValue: text))
        #expect(!text.contains("0undefined") && !text.contains("dundefined"), Comment(rawValue: text))
    }

    @Test func theCSVCarriesWhatWasLeftOutTheIntervalsAndTheNotes() {
        let csv = MeasureCSVRenderer.render(report(treatment: MeasureTally.Arm(users: 1), holdout: MeasureTally.Arm()))
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.allSatisfy { $0.count == MeasureCSVRenderer.header.count || $0.first == "note" || $0.first == "summary" }, Comment(rawValue: csv))
        for (name, count) in [("immature", "4"), ("crossed", "5"), ("contaminated", "6")] {
            #expect(rows.contains { $0.first.map(String.init) == name && $0[1] == Substring(count) }, Comment(rawValue: csv))
        }
        #expect(csv.contains("rateLow,rateHigh") && csv.contains("relativeLiftPValue"))
        #expect(csv.contains("\nnote,") && csv.contains("\"the holdout arm has no users: its rate and goal counts are undefined\""), Comment(rawValue: csv))
        let treatment = rows.first { $0.first == "treatment" } ?? []
        #expect(Double(treatment[4]) == 0 && (Double(treatment[5]) ?? 0) > 0.5, Comment(rawValue: csv))
    }

    /// The plain sentence: the relative lift's interval in whole percents, and how many were held out.
    @Test func onePlainSentenceSaysWhatTheReportMeans() {
        let line = MeasureSummary.line(report(treatment: wide, holdout: small))
        #expect(line.wholeMatch(of: /The tip likely changes how many people reach goal by between \+\d+ % and \+\d+ % \(it raises it\); 120 people held out: the estimate is imprecise\./) != nil,
                Comment(rawValue: line))
        var flagged = report(treatment: wide, holdout: MeasureTally.Arm(users: 5, converted: 1, goalSum: 1, goalSumOfSquares: 1))
        flagged = MeasureReport(tip: "T", group: "g", goal: "goal", window: 1, now: 0, tally: flagged.tally)
        #expect(MeasureSummary.line(flagged).hasPrefix("Do not read this comparison"))
    }

    /// Every text of the chart stays inside it (at the width the chart allows a character), and
    /// every tick is a round number.
    @Test func theChartClipsNothingAndUsesRoundTicks() throws {
        for (treatment, holdout) in [(wide, small), (small, wide), (wide, MeasureTally.Arm(users: 20)), (MeasureTally.Arm(users: 3_000, converted: 2_999, goalSum: 2_999, goalSumOfSquares: 2_999), small)] {
            let svg = MeasureChart.render(report(treatment: treatment, holdout: holdout))
            let texts = try NSRegularExpression(pattern: #"<text ([^>]*)>([^<]*)</text>"#).matches(in: svg, range: NSRange(svg.startIndex..., in: svg))
            #expect(!texts.isEmpty)
            for match in texts {
                let attributes = String(svg[Range(match.range(at: 1), in: svg)!]), content = String(svg[Range(match.range(at: 2), in: svg)!])
                let x = Double(attributes.firstMatch(of: /x="([-0-9.]+)"/)?.1 ?? "") ?? -1
                let width = Double(content.count) * 7.2
                let (start, end) = attributes.contains("text-anchor=\"end\"") ? (x - width, x)
                    : attributes.contains("text-anchor=\"middle\"") ? (x - width / 2, x + width / 2) : (x, x + width)
                #expect(start >= 0 && end <= 640, "\(content) spans \(start) to \(end)")
                if attributes.contains("text-anchor=\"middle\"") {
                    // A tick: a whole number of percent, or one of 2.5, 0.5 … steps.
                    let number = Double(content.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "+", with: "")) ?? .nan
                    #expect((number * 2).rounded() == number * 2 || (number * 10).rounded() == number * 10 && content.count <= 6, "tick \(content)")
                }
            }
        }
    }
}
