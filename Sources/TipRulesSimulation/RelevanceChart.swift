import TipRulesRuntime

/// Each widget's relevance over a simulation, as a terminal chart (the SVG chart is `SimulationChart`).
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

    private static func format(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return String((value * 100).rounded() / 100)
    }
}
