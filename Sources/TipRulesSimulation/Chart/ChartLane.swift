/// A lane across the plot: its name in the left column (cut to fit, the whole name in its
/// tooltip) and a light band on every other lane so that a lane is easy to follow.
enum ChartLane {
    static func frame(_ name: String, index: Int, top: Double, layout: ChartLayout) -> [SVGElement] {
        let height = ChartLayout.laneHeight
        var elements: [SVGElement] = []
        if index % 2 == 0 {
            elements.append(SVGElement("rect", ["x": 8, "y": top, "width": layout.right - 8, "height": height,
                                                "fill": ChartPalette.laneBackground]))
        }
        let label = TextMetrics.truncated(name, toWidth: layout.labelWidth, size: ChartLayout.fontSize)
        elements.append(SVGElement("text", ["class": "lane-name", "x": layout.left - 8, "y": top + height / 2 + 4,
                                            "text-anchor": "end", "fill": ChartPalette.text],
                                   text: label, tooltip: label == name ? nil : name))
        return elements
    }
}

/// Places labels left to right on one line, each only where it does not overlap the one
/// before: how the chart thins out labels and badges when instants crowd together.
struct LabelRoom {
    private var end = -Double.infinity

    /// Whether a label from `from` to `to` fits after the last placed one (with a gap); if so,
    /// it is placed.
    mutating func place(from: Double, to: Double) -> Bool {
        guard from >= end + 3 else { return false }
        end = to
        return true
    }
}
