import TipRulesRuntime

/// Each widget's relevance over a simulation, as a terminal chart and as SVG.
public enum RelevanceChart {
    /// One widget's score at every step occurrence.
    public struct Series: Sendable {
        public var widget: String
        public var points: [(at: Double, score: Double)]
    }

    /// The series of every widget of the simulated programs, in declaration order (a widget a
    /// rules update adds comes after the others), each with a point at every step its program has it.
    public static func series(of log: SimulationLog) -> [Series] {
        var all: [Series] = []
        for entry in log.entries {
            for widget in entry.widgets {
                if let index = all.firstIndex(where: { $0.widget == widget.id }) {
                    all[index].points.append((entry.at, widget.score))
                } else {
                    all.append(Series(widget: widget.id, points: [(entry.at, widget.score)]))
                }
            }
        }
        return all
    }

    /// "CardRecentPurchasesWidget", then one line per instant: "day 1 09:41 ████████ 52.6".
    static func text(_ series: Series, clock: SimulationClock, width: Int = 40) -> [String] {
        let top = series.points.map(\.score).max() ?? 0
        let labels = series.points.map { clock.label($0.at) }
        let labelWidth = labels.map(\.count).max() ?? 0
        return ["\(series.widget) relevance"] + zip(labels, series.points).map { label, point in
            let filled = top > 0 ? Int((point.score / top * Double(width)).rounded()) : 0
            let padding = String(repeating: " ", count: labelWidth - label.count)
            return "  \(label)\(padding) " + String(repeating: "█", count: filled) + " " + format(point.score)
        }
    }

    /// An SVG document: one polyline per widget, time left to right, score bottom to top, with
    /// a dot and a label at each instant.
    public static func svg(of log: SimulationLog) -> String {
        let all = series(of: log)
        let clock = SimulationClock(start: log.timeline.start)
        let width = 720.0, rowHeight = 200.0, margin = 60.0
        let instants = all.flatMap { $0.points.map(\.at) }
        let earliest = instants.min() ?? 0
        let span = max((instants.max() ?? 0) - earliest, 1)
        let height = Double(all.count) * (rowHeight + margin) + margin
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width + 2 * margin))\" height=\"\(format(height))\" font-family=\"sans-serif\" font-size=\"11\">"]
        for (row, series) in all.enumerated() {
            let top = max(series.points.map(\.score).max() ?? 0, 1)
            let base = margin + Double(row) * (rowHeight + margin) + rowHeight
            let coordinates = series.points.map { point in
                (x: margin + (point.at - earliest) / span * width, y: base - point.score / top * rowHeight, point: point)
            }
            parts.append("<g class=\"widget\" data-widget=\"\(escaped(series.widget))\">")
            parts.append("<text x=\"\(format(margin))\" y=\"\(format(base - rowHeight - 10))\">\(escaped(series.widget))</text>")
            parts.append("<line x1=\"\(format(margin))\" y1=\"\(format(base))\" x2=\"\(format(margin + width))\" y2=\"\(format(base))\" stroke=\"#999\"/>")
            let path = coordinates.map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " ")
            parts.append("<polyline fill=\"none\" stroke=\"#0a7\" stroke-width=\"2\" points=\"\(path)\"/>")
            for coordinate in coordinates {
                let label = escaped(clock.label(coordinate.point.at))
                parts.append("<circle cx=\"\(format(coordinate.x))\" cy=\"\(format(coordinate.y))\" r=\"3\" fill=\"#0a7\" data-time=\"\(label)\" data-score=\"\(format(coordinate.point.score))\"><title>\(label): \(format(coordinate.point.score))</title></circle>")
            }
            parts.append("</g>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private static func format(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return String((value * 100).rounded() / 100)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;").replacingAll("\"", "&quot;")
    }
}

private extension String {
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
