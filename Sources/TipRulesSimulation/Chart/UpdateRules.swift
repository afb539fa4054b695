/// Rules updates: a dashed vertical rule across the whole plot at each update, with the number
/// of its note and, where there is room, the new program's name at its top.
enum UpdateRules {
    /// The height of the row of update names above the plot.
    static let rowHeight = 22.0

    static func render(_ updates: [ChartModel.Update], layout: ChartLayout, clock: SimulationClock,
                       top: Double, bottom: Double) -> SVGElement {
        var elements: [SVGElement] = []
        var room = LabelRoom()
        let shown = updates.filter { layout.shows($0.at) }
        for (index, update) in shown.enumerated() {
            let x = layout.x(update.at), y = top + rowHeight / 2
            let tooltip = ([clock.label(update.at) + " " + update.sentence] + update.notCarriedOver.map { "not carried over: \($0)" })
                .joined(separator: "\n")
            elements.append(SVGElement("line", ["class": "update", "x1": x, "y1": y, "x2": x, "y2": bottom,
                                                "stroke": ChartPalette.update, "stroke-width": 2.5, "stroke-dasharray": "6 3"],
                                       tooltip: tooltip))
            let badge = ChartMarks.badgeWidth(String(update.note))
            guard room.place(from: x - badge / 2, to: x + badge / 2) else { continue }
            elements.append(ChartMarks.badge(String(update.note), x: x, y: y, tooltip: tooltip))
            let next = index + 1 < shown.count ? layout.x(shown[index + 1].at) - 10 : ChartLayout.width - 8
            let label = TextMetrics.truncated("update: " + update.path, toWidth: next - x - badge, size: 10)
            if !label.isEmpty, room.place(from: x + badge / 2 + 3, to: x + badge / 2 + 3 + TextMetrics.width(label, size: 10)) {
                elements.append(SVGElement("text", ["x": x + badge / 2 + 4, "y": y + 3.5, "font-size": 10, "font-weight": "bold",
                                                    "fill": ChartPalette.text], text: label))
            }
        }
        return .group(["class": "updates"], elements)
    }
}
