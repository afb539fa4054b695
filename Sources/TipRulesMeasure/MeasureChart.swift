import TipRulesSimulation

/// The chart of `measure --format svg`, readable at a glance: each arm's conversion rate with its
/// 95 % interval on one axis, then the relative lift of the rate and of the mean goal count with
/// their 95 % intervals around a line at 0 (an interval that does not cross it is a difference the
/// test finds), and the sample-ratio check. Self-contained SVG, no script.
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
        let rateScale = Scale(low: 0, high: min(1, rateHigh * 1.15))
        children.append(heading("Conversion rate (95% interval)", top: top))
        top += 12
        for (name, arm, color) in rates {
            children.append(mark(name, value: arm.rate, interval: arm.rateInterval, scale: rateScale, top: top, color: color,
                                 label: "\(MeasureNumbers.percent(arm.rate)) of \(arm.counts.users)"))
            top += rowHeight
        }
        children += axis(rateScale, top: top, format: MeasureNumbers.percent)
        top += 44
        children.append(heading("Relative lift, treatment against holdout (95% interval)", top: top))
        top += 12
        let lifts = [("conversion", report.conversion), ("goalCount mean", report.goalCount)]
        let bounds = lifts.flatMap { [$0.1.relativeLiftInterval?.lowerBound, $0.1.relativeLiftInterval?.upperBound] }.compactMap { $0 }
        let reach = max(0.05, bounds.map(abs).max() ?? 0) * 1.15
        let liftScale = Scale(low: -reach, high: reach)
        let zero = liftScale.x(0)
        children.append(SVGElement("line", ["class": "zero", "x1": zero, "y1": top, "x2": zero, "y2": top + rowHeight * 2]))
        for (name, result) in lifts {
            let color = result.relativeLiftInterval.map { $0.lowerBound > 0 ? "#1e8e3e" : $0.upperBound < 0 ? "#b3261e" : "#8a8a8a" } ?? "#8a8a8a"
            let label = result.relativeLift.map { MeasureNumbers.lift($0) + (result.pValue.map { ", " + MeasureNumbers.pValue($0) } ?? "") } ?? "undefined"
            children.append(mark(name, value: result.relativeLift, interval: result.relativeLiftInterval, scale: liftScale, top: top,
                                 color: color, label: label))
            top += rowHeight
        }
        children += axis(liftScale, top: top, format: MeasureNumbers.lift)
        top += 44
        let ratio: String
        if let p = report.sampleRatioPValue {
            ratio = "Sample ratio: \(MeasureNumbers.pValue(p))" + (report.sampleRatioFlagged ? " — mismatch: do not trust the comparison" : ", ok")
        } else {
            ratio = "Sample ratio: undefined"
        }
        children.append(SVGElement("text", ["class": report.sampleRatioFlagged ? "flagged" : "muted", "x": 16, "y": top], text: ratio))
        top += 20
        children.append(SVGElement("text", ["class": "muted", "x": 16, "y": top],
                                   text: "\(report.tally.immature) immature and \(report.tally.crossed) crossed users left out"))
        for note in report.notes {
            top += 20
            children.append(SVGElement("text", ["class": "muted", "x": 16, "y": top], text: "note: " + note))
        }
        top += 16
        let svg = SVGElement("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": width, "height": top,
                                     "viewBox": "0 0 \(SVGText.number(width)) \(SVGText.number(top))"], children: children)
        return svg.rendered()
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
        children.append(SVGElement("text", ["class": "muted", "x": scale.x(value ?? scale.low) + 10, "y": y - 8], text: label))
        return SVGElement.group(["class": "row"], children)
    }

    /// The axis below rows: a line and five labelled ticks.
    private static func axis(_ scale: Scale, top: Double, format: (Double) -> String) -> [SVGElement] {
        var elements = [SVGElement("line", ["class": "axis", "x1": left, "y1": top, "x2": width - right, "y2": top])]
        for step in 0...4 {
            let value = scale.low + (scale.high - scale.low) * Double(step) / 4
            let x = scale.x(value)
            elements.append(SVGElement("line", ["class": "axis", "x1": x, "y1": top, "x2": x, "y2": top + 5]))
            elements.append(SVGElement("text", ["class": "muted", "x": x, "y": top + 19, "text-anchor": "middle"], text: format(value)))
        }
        return elements
    }
}
