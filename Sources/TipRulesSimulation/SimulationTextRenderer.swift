import TipRulesRuntime

/// The readable log of `tiprulec simulate`: one line per action and per status change, e.g.
/// "day 3 09:00 FavoriteBackyardTip becomes available", then each widget's relevance chart.
public struct SimulationTextRenderer {
    public init() {}

    /// The log and, when the program has widgets, the charts.
    public func render(_ log: SimulationLog) -> String {
        let clock = SimulationClock(start: log.timeline.start)
        var lines: [String] = []
        for (entry, step) in zip(log.entries, SimulationNarrative(log, clock: clock).steps) {
            let time = clock.label(entry.at)
            lines += step.before.map { "\(time) \($0.sentence)" }
            lines += step.groupsBefore.map { "\(time) \($0)" }
            if let action = step.action { lines.append("\(time) " + action) }
            lines += step.notCarriedOver.map { "\(time) not carried over: \($0)" }
            lines += step.exposures.map { "\(time) \($0)" }
            lines += step.after.map { "\(time) \($0.sentence)" }
            lines += step.groupsAfter.map { "\(time) \($0)" }
        }
        for chart in RelevanceChart.series(of: log).map({ RelevanceChart.text($0, clock: clock) }) {
            lines += (lines.isEmpty ? [] : [""]) + chart
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
