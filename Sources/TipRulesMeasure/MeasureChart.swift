import Foundation
import TipRulesSimulation

/// The chart of `measure --format svg`, readable at a glance: each arm's conversion rate with its
/// 95 % interval on one axis, then the relative lift of the rate and of the mean goal count (of the
/// primary goal, then of each guardrail) with their 95 % intervals around a line at 0 (an interval that does not cross it is a difference the
/// test finds; colour and label follow the relative test), on round ticks, the sample-ratio check,
/// the users left out, the plain summary and the notes. Nothing passes the right edge. Self-contained
/// SVG, no script.
enum MeasureChart {
    private static let width = 640.0, left = 150.0, right = 40.0, rowHeight = 34.0

    static func render(_ report: MeasureReport) -> String {
        var children: [SVGElement] = [
            SVGElement("style", text: "text { font: 13px sans-serif; fill: #222 } .title { font-weight: bold; font-size: 15px } "
                       + ".axis { stroke: #999 } .zero { stroke: #444; stroke-dasharray: 4 3 } .muted { fill: #777 } "
                       + ".flagged { fill: #b3261e; font-weight: bold }"),
            SVGElement("text", ["class": "title", "x": 16, "y": 24],
                       text: "\(report.tip): \(report.goal) within \(MeasureNumbers.duration(report.window)) of the exposure"),
        ]
        var top = 50.0
        let rates = [("treatment", report.treatment, "#2a6fdb"), ("holdout", report.holdout, "#8a8a8a")]
        let rateHigh = max(0.01, rates.compactMap { $0.1.rateInterval?.upperBound ?? $0.1.rate }.max() ?? 0)
        let rateTicks = Ticks(low: 0, high: min(1, rateHigh))
        let rateScale = Scale(low: rateTicks.low, high: rateTicks.high)
        children.append(heading("Conversion rate (95% interval)", top: top))
        top += 12
        for (name, arm, color) in rates {
            children.append(mark(name, value: arm.rate, interval: arm.rateInterval, scale: rateScale, top: top, color: color,
                                 label: "\(MeasureNumbers.percent(arm.rate)) of \(arm.counts.users)"))
            top += rowHeight
        }
        children += axis(rateScale, ticks: rateTicks, top: top, signed: false)
        top += 44
        let lift = report.options.sequentialTuning == nil ? "Relative lift, treatment against holdout (95% interval)"
            : "Relative lift, sequential test (95% always-valid interval)"
        children.append(heading(lift, top: top))
        top += 12
        // The primary goal's, then each guardrail's, named after its goal.
        let lifts = [("conversion", report.conversion), ("goalCount mean", report.goalCount)]
            + report.guardrails.flatMap { [("\($0.goal) conversion", $0.conversion), ("\($0.goal) goalCount", $0.goalCount)] }
        let bounds = lifts.flatMap { [$0.1.relativeLiftInterval?.lowerBound, $0.1.relativeLiftInterval?.upperBound] }
            .compactMap { $0 }.filter(\.isFinite)
        let liftTicks = Ticks(low: min(-0.05, bounds.min() ?? 0), high: max(0.05, bounds.max() ?? 0))
        let liftScale = Scale(low: liftTicks.low, high: liftTicks.high)
        let zero = liftScale.x(0)
        children.append(SVGElement("line", ["class": "zero", "x1": zero, "y1": top, "x2": zero, "y2": top + rowHeight * Double(lifts.count)]))
        for (name, result) in lifts {
            // The colour and the label follow one test: the relative lift's interval and its own p-value.
            let color = result.relativeLiftInterval.map { $0.lowerBound > 0 ? "#1e8e3e" : $0.upperBound < 0 ? "#b3261e" : "#8a8a8a" } ?? "#8a8a8a"
            var label = "undefined"
            if let lift = result.relativeLift, let interval = result.relativeLiftInterval, let p = result.relativeLiftPValue {
                label = "\(MeasureNumbers.lift(lift)) [\(MeasureNumbers.lift(interval.lowerBound)), \(MeasureNumbers.lift(interval.upperBound))], "
                    + MeasureNumbers.pValue(p) + (result.bayesian.map { ", \(String(format: "%.0f%%", $0.chanceToWin * 100)) to win" } ?? "")
            }
            children.append(mark(name, value: result.relativeLift, interval: result.relativeLiftInterval, scale: liftScale, top: top,
                                 color: color, label: label))
            top += rowHeight
        }
        children += axis(liftScale, ticks: liftTicks, top: top, signed: true)
        top += 44
        let ratio: String
        if let p = report.sampleRatioPValue {
            ratio = "Sample ratio: \(MeasureNumbers.pValue(p))" + (report.sampleRatioFlagged ? " — mismatch: do not trust the comparison" : ", ok")
        } else {
            ratio = "Sample ratio: undefined"
        }
        children.append(SVGElement("text", ["class": report.sampleRatioFlagged ? "flagged" : "muted", "x": 16, "y": top], text: ratio))
        let tally = report.tally
        var paragraphs = ["\(tally.immature) immature, \(tally.crossed) crossed and \(tally.contaminated) contaminated users left out"]
        paragraphs += [MeasureSummary.cuped(report), MeasureSummary.line(report)].compactMap { $0 }
        paragraphs += report.notes.map { "note: " + $0 }
        for line in paragraphs.flatMap(wrapped) {
            top += 18
            children.append(SVGElement("text", ["class": "muted", "x": 16, "y": top], text: line))
        }
        top += 16
        let svg = SVGElement("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": width, "height": top,
                                     "viewBox": "0 0 \(SVGText.number(width)) \(SVGText.number(top))"], children: children)
        return svg.rendered()
    }

    /// About how wide a character of the chart's 13-pixel text is, to keep labels inside it.
    private static let characterWidth = 7.2

    /// `text` in lines that fit the chart's width, broken between words.
    private static func wrapped(_ text: String) -> [String] {
        let most = Int((width - 32) / characterWidth)
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > most {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }

    /// Round ticks over at least [low, high]: a step of 1, 2, 2.5 or 5 times a power of ten, four to
    /// eight of them, the ends at multiples of the step.
    private struct Ticks {
        var low: Double
        var high: Double
        var step: Double

        init(low: Double, high: Double) {
            let rough = (high - low) / 4, power = pow(10, floor(log10(rough)))
            step = [1.0, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= rough * 0.999 } ?? 10 * power
            self.low = (low / step).rounded(.down) * step
            self.high = (high / step).rounded(.up) * step
        }

        var values: [Double] {
            let count = Int(((high - low) / step).rounded())
            return (0...count).map { low + Double($0) * step }
        }

        /// A value as a percentage with as many decimals as the step needs.
        func label(_ value: Double, signed: Bool) -> String {
            let decimals = (0...3).first { digits in
                let scaled = step * 100 * pow(10, Double(digits))
                return abs(scaled - scaled.rounded()) < 1e-6
            } ?? 3
            if abs(value) < step / 1e6 { return "0%" }
            return String(format: signed ? "%+.\(decimals)f%%" : "%.\(decimals)f%%", value * 100)
        }
    }

    /// Values to horizontal positions between the margins.
    private struct Scale {
        var low: Double
        var high: Double

        func x(_ value: Double) -> Double {
            let clamped = min(max(value, low), high)
            return MeasureChart.left + (clamped - low) / (high - low) * (MeasureChart.width - MeasureChart.left - MeasureChart.right)
        }
    }

    private static func heading(_ text: String, top: Double) -> SVGElement {
        SVGElement("text", ["class": "title", "x": 16, "y": top], text: text)
    }

    /// One row: the name, the interval as a bar, the value as a dot, and its label.
    private static func mark(_ name: String, value: Double?, interval: ClosedRange<Double>?, scale: Scale, top: Double,
                             color: String, label: String) -> SVGElement {
        let y = top + rowHeight / 2
        var children = [SVGElement("text", ["x": 16, "y": y + 4], text: name)]
        if let interval {
            children.append(SVGElement("line", ["x1": scale.x(interval.lowerBound), "y1": y, "x2": scale.x(interval.upperBound), "y2": y,
                                                "stroke": color, "stroke-width": 6, "stroke-opacity": 0.35, "stroke-linecap": "round"]))
        }
        if let value {
            children.append(SVGElement("circle", ["cx": scale.x(value), "cy": y, "r": 5, "fill": color]))
        }
        // Right of the dot, or ending at the chart's right edge where it would pass it.
        let x = scale.x(value ?? scale.low), labelWidth = Double(label.count) * characterWidth
        if x + 10 + labelWidth <= width - 8 {
            children.append(SVGElement("text", ["class": "muted", "x": x + 10, "y": y - 8], text: label))
        } else {
            children.append(SVGElement("text", ["class": "muted", "x": width - 8, "y": y - 8, "text-anchor": "end"], text: label))
        }
        return SVGElement.group(["class": "row"], children)
    }

    /// The axis below rows: a line and its labelled round ticks.
    private static func axis(_ scale: Scale, ticks: Ticks, top: Double, signed: Bool) -> [SVGElement] {
        var elements = [SVGElement("line", ["class": "axis", "x1": left, "y1": top, "x2": width - right, "y2": top])]
        for value in ticks.values {
            let x = scale.x(value)
            elements.append(SVGElement("line", ["class": "axis", "x1": x, "y1": top, "x2": x, "y2": top + 5]))
            elements.append(SVGElement("text", ["class": "muted", "x": x, "y": top + 19, "text-anchor": "middle"], text: ticks.label(value, signed: signed)))
        }
        return elements
    }
}
