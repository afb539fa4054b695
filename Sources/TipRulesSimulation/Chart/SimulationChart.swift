import TipRulesRuntime
import TipRulesCalendar

/// The chart of `tiprulec simulate --format svg` (docs/simulate.md): a self-contained SVG a
/// person reads without the source. Under a title and a legend, on one time axis in the
/// timeline's own time: each widget's relevance, each tip's status over time with its
/// displays, the donations, parameter changes and launches, and the rules updates; under them,
/// the numbered notes that say what changed and why. Hovering a mark gives its exact values.
public enum SimulationChart {
    private static let sectionHeight = 24.0

    /// The chart of `log`; `program` and `timeline` name the files in the title.
    public static func svg(of log: SimulationLog, program: String, timeline: String) -> String {
        let clock = SimulationClock(start: log.timeline.start, utcOffset: log.finalStore.utcOffset)
        let model = ChartModel(log, clock: clock)
        let layout = ChartLayout(model: model, clock: clock)
        let title = "\(program) · \(timeline)"
        var header = [
            SVGElement("text", ["x": 16, "y": 28, "font-size": 17, "font-weight": "bold", "fill": ChartPalette.text], text: title),
            SVGElement("text", ["x": 16, "y": 47, "fill": ChartPalette.quietText], text: subtitle(log, model: model, clock: clock)),
        ]
        let legend = ChartLegend.render(model, top: 58)
        header.append(legend.element)
        var y = 58 + legend.height + 10

        let sections = sectionHeights(model)
        let tall = sections.reduce(0, +) > 420
        if tall {
            header.append(layout.axis.labels(layout, y: y + 12))
            y += layout.axis.labelsHeight + 4
        }
        let updatesTop = y
        if !model.updates.isEmpty { y += UpdateRules.rowHeight }
        let plotTop = y
        var plot: [SVGElement] = []
        if !model.widgets.isEmpty {
            plot.append(sectionTitle("Widgets: relevance over time", y: y))
            y += sectionHeight
            for track in model.widgets {
                plot.append(WidgetPanel.render(track, layout: layout, clock: clock, top: y))
                y += WidgetPanel.height(track)
            }
        }
        if !model.tips.isEmpty {
            plot.append(sectionTitle("Tips: status over time", y: y))
            y += sectionHeight
            plot.append(TipLanes.render(model.tips, layout: layout, clock: clock, top: y))
            y += TipLanes.height(model.tips)
        }
        if EventLanes.height(model) > 0 {
            plot.append(sectionTitle("What the person and the app did", y: y + 6))
            y += sectionHeight + 6
            plot.append(EventLanes.render(model, layout: layout, clock: clock, top: y))
            y += EventLanes.height(model)
        }
        let plotBottom = y + 4
        let axisLabels = layout.axis.labels(layout, y: plotBottom + 14)
        y = plotBottom + layout.axis.labelsHeight + 10
        let notes = ChartNotes.render(model.notes, clock: clock, top: y)
        y += notes.height + 12

        let height = y
        let document = SVGElement("svg", [
            "xmlns": "http://www.w3.org/2000/svg", "width": ChartLayout.width, "height": height,
            "viewBox": "0 0 \(SVGText.number(ChartLayout.width)) \(SVGText.number(height))",
            "font-family": "DejaVu Sans, Verdana, sans-serif", "font-size": ChartLayout.fontSize,
        ], children: [
            SVGElement("title", text: title),
            ChartPalette.definitions,
            SVGElement("rect", ["width": ChartLayout.width, "height": height, "fill": "#ffffff"]),
            layout.axis.gridlines(layout, top: plotTop, bottom: plotBottom),
        ] + header + plot
          + (model.updates.isEmpty ? [] : [UpdateRules.render(model.updates, layout: layout, clock: clock, top: updatesTop,
                                                                 bottom: plotBottom)])
          + [axisLabels] + (model.notes.isEmpty ? [] : [notes.element]))
        return document.rendered()
    }

    /// "10 steps from day 1 08:00 to day 5 18:00 · times in UTC · day 1 is 2026-11-20" ("1 step
    /// at day 1 08:00 · …").
    private static func subtitle(_ log: SimulationLog, model: ChartModel, clock: SimulationClock) -> String {
        let count = log.entries.count, last = log.entries.last?.at ?? model.first
        let date = RFC3339.format(clock.firstMidnight + Double(clock.utcOffset)).map { String($0.prefix(10)) }
        let span = count == 1 ? "at \(clock.label(last))" : "from \(clock.label(model.first)) to \(clock.label(last))"
        return "\(count) step\(count == 1 ? "" : "s") \(span) · times in \(clock.zoneName)" + (date.map { " · day 1 is \($0)" } ?? "")
    }

    private static func sectionTitle(_ text: String, y: Double) -> SVGElement {
        ChartText.heading(text, x: 16, baseline: y + 16, size: 13, className: "section")
    }

    /// The heights of the plot's sections (to decide whether the time axis is also written on top).
    private static func sectionHeights(_ model: ChartModel) -> [Double] {
        model.widgets.map(WidgetPanel.height) + [TipLanes.height(model.tips), EventLanes.height(model)]
    }
}
