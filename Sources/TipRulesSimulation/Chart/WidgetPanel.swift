import TipRulesRuntime

/// One widget's panel: its name, a score axis with round values, the relevance as a step
/// function (each score held for its duration, then 0) over shaded relevant spans, a dot per
/// step with the exact values in its tooltip, errors marked on the baseline, and below, when
/// the widget declares `suggest` windows, the windows that held.
enum WidgetPanel {
    private static let titleHeight = 20.0
    private static let stripHeight = 16.0

    static func height(_ track: WidgetTrack) -> Double {
        titleHeight + ChartLayout.panelHeight + (hasSuggestions(track) ? stripHeight + 4 : 0) + 14
    }

    static func render(_ track: WidgetTrack, layout: ChartLayout, clock: SimulationClock, top: Double) -> SVGElement {
        let plotTop = top + titleHeight, height = ChartLayout.panelHeight, bottom = plotTop + height
        let axis = ScoreAxis(scores: track.samples.map(\.result.score))
        let y = { (score: Double) in axis.y(score, top: plotTop, height: height) }
        let title = TextMetrics.truncated(track.widget + " · relevance score", toWidth: layout.right - layout.left - 6,
                                          size: ChartLayout.fontSize, bold: true)
        var elements = [ChartText.heading(title, x: layout.left + 3, baseline: top + 14, size: ChartLayout.fontSize,
                                          className: "widget-name")]
        elements += track.relevantSpans.map { span in
            SVGElement("rect", ["class": "relevant", "x": layout.x(span.from), "y": plotTop,
                                "width": layout.x(span.to) - layout.x(span.from), "height": height,
                                "fill": ChartPalette.relevant, "fill-opacity": 0.18],
                       tooltip: "relevant from \(clock.label(span.from)) to \(span.to.isFinite ? clock.label(span.to) : "the end")")
        }
        elements += axis.ticks.flatMap { value in [
            SVGElement("line", ["x1": layout.left, "y1": y(value), "x2": layout.right, "y2": y(value),
                                "stroke": value == 0 ? ChartPalette.dayGrid : ChartPalette.grid, "stroke-width": 1]),
            SVGElement("text", ["class": "score-tick", "x": layout.left - 6, "y": y(value) + 4, "text-anchor": "end",
                                "fill": ChartPalette.quietText], text: SVGText.number(value)),
        ] }
        elements.append(SVGElement("path", ["class": "relevance", "d": stepPath(track.levels, layout: layout, y: y),
                                            "fill": "none", "stroke": ChartPalette.relevance, "stroke-width": 2]))
        elements += valueLabels(track, layout: layout, y: y, plotTop: plotTop)
        elements += points(track, layout: layout, clock: clock, y: y, bottom: bottom)
        if hasSuggestions(track) { elements.append(suggestions(track, layout: layout, clock: clock, top: bottom + 4)) }
        return .group(["class": "widget", "data-widget": track.widget], elements)
    }

    /// A dot per step with its exact values, and a warning triangle at each step with an error.
    /// When the steps crowd together, the dots are smaller and a dot within 2 pixels of the one
    /// before is left out (the step function still shows its score), as is an error triangle
    /// that would overlap the one before.
    private static func points(_ track: WidgetTrack, layout: ChartLayout, clock: SimulationClock, y: (Double) -> Double,
                               bottom: Double) -> [SVGElement] {
        let crowded = Double(track.samples.count) * 8 > layout.right - layout.left
        var elements: [SVGElement] = []
        var lastDot = -Double.infinity
        var errorRoom = LabelRoom()
        for sample in track.samples where layout.shows(sample.at) {
            let x = layout.x(sample.at)
            if !crowded || x - lastDot >= 2 {
                var dot = ChartMarks.score(x: x, y: y(sample.result.score), radius: crowded ? 1.5 : 3)
                dot.attributes += [("data-time", clock.label(sample.at)), ("data-score", exact(sample.result.score))]
                dot.tooltip = describe(sample, clock: clock)
                elements.append(dot)
                lastDot = x
            }
            let errors = (sample.result.error.map { [$0] } ?? []) + (sample.result.suggestion?.errors ?? [])
            if !errors.isEmpty, errorRoom.place(from: x - 7, to: x + 7) {
                elements.append(ChartMarks.error(x: x, y: bottom - 8,
                                                 tooltip: "\(clock.label(sample.at)) error: " + errors.joined(separator: "; ")))
            }
        }
        return elements
    }

    /// The score written where it changes to a value above 0, above the level (below it near the
    /// top), where it is well clear of the one before.
    private static func valueLabels(_ track: WidgetTrack, layout: ChartLayout, y: (Double) -> Double,
                                    plotTop: Double) -> [SVGElement] {
        var room = LabelRoom()
        var previous: Double?
        var labels: [SVGElement] = []
        for sample in track.samples where layout.shows(sample.at) {
            let score = sample.result.score
            defer { previous = score }
            guard score > 0, score != previous else { continue }
            let text = exact(score), x = layout.x(sample.at) + 5
            // Some room after each value, so that a busy day does not become a row of numbers.
            guard room.place(from: x, to: x + TextMetrics.width(text, size: 10, bold: true) + 30) else { continue }
            let level = y(score)
            labels.append(SVGElement("text", ["class": "score-value", "x": x, "y": level - plotTop < 14 ? level + 13 : level - 5,
                                              "font-size": 10, "font-weight": "bold", "fill": ChartPalette.relevance,
                                              "stroke": "#ffffff", "stroke-width": 3, "stroke-linejoin": "round",
                                              "paint-order": "stroke"], text: text))
        }
        return labels
    }

    /// The strip of suggestion windows under the panel, with its name in the left column.
    private static func suggestions(_ track: WidgetTrack, layout: ChartLayout, clock: SimulationClock, top: Double) -> SVGElement {
        var elements = [SVGElement("text", ["x": layout.left - 8, "y": top + 12, "text-anchor": "end", "fill": ChartPalette.text],
                                   text: "suggested")]
        elements += track.windows.filter { $0.to >= layout.axis.lower && $0.from <= layout.axis.upper }.map { window in
            SVGElement("rect", ["class": "suggestion", "x": layout.x(window.from), "y": top,
                                "width": max(layout.x(window.to) - layout.x(window.from), 2), "height": stripHeight,
                                "fill": ChartPalette.suggestion, "stroke": ChartPalette.orange, "stroke-width": 1],
                       tooltip: "suggested from \(clock.label(window.from)) to \(clock.label(window.to)) "
                           + "(the window that held at \(clock.label(window.seenAt)))")
        }
        return .group(["class": "suggestions"], elements)
    }

    /// "day 1 09:41: score 52.6 for 30 minutes (until day 1 10:11), relevant; suggested from … to …".
    private static func describe(_ sample: WidgetTrack.Sample, clock: SimulationClock) -> String {
        let result = sample.result
        var text = "\(clock.label(sample.at)): score \(exact(result.score))"
        text += result.duration > 0 ? " for \(ValueFormatting.duration(result.duration))" : ", duration 0 (until the next step)"
        if sample.holdsUntil.isFinite { text += " (held until \(clock.label(sample.holdsUntil)))" }
        text += result.relevant ? ", relevant" : ", not relevant"
        if let error = result.error { text += " (error: \(error))" }
        if let suggestion = result.suggestion {
            text += suggestion.window.map { "; suggested from \(clock.label($0.lowerBound)) to \(clock.label($0.upperBound))" }
                ?? "; not suggested: no suggestion window holds"
        }
        return text
    }

    /// The step function's path: along each level, and straight up or down between levels.
    private static func stepPath(_ levels: [WidgetTrack.Level], layout: ChartLayout, y: (Double) -> Double) -> String {
        var path = ""
        var previous: WidgetTrack.Level?
        for level in levels {
            let x1 = SVGText.number(layout.x(level.from)), x2 = SVGText.number(layout.x(level.to))
            let height = SVGText.number(y(level.score))
            path += previous?.to == level.from ? "V\(height)H\(x2)" : "M\(x1) \(height)H\(x2)"
            previous = level
        }
        return path.isEmpty ? "M0 0" : path
    }

    private static func hasSuggestions(_ track: WidgetTrack) -> Bool {
        track.samples.contains { $0.result.suggestion != nil }
    }

    /// "52.6", "12": the score as the runtime has it.
    private static func exact(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? value.description
    }
}
