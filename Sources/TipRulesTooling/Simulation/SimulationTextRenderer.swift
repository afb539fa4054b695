import TipRulesRuntime

/// The readable log of `tiprulec simulate`: one line per action and per status change, e.g.
/// "day 3 09:00 FavoriteBackyardTip becomes available", then each widget's relevance chart.
public struct SimulationTextRenderer {
    let program: Program

    public init(program: Program) {
        self.program = program
    }

    /// The log and, when the program has widgets, the charts.
    public func render(_ log: SimulationLog) -> String {
        let clock = SimulationClock(start: log.timeline.start)
        var lines: [String] = []
        var previous: [String: TipResult] = [:]
        for entry in log.entries {
            let time = clock.label(entry.at)
            let describeChange = { (change: StatusChange) -> String in
                defer { previous[change.tip] = change.result }
                return "\(time) " + describe(change, clock: clock) + nowTrue(change.result, before: previous[change.tip])
            }
            lines += entry.changesBefore.map(describeChange)
            if let action = describe(entry) { lines.append("\(time) " + action) }
            lines += entry.changesAfter.map(describeChange)
        }
        for chart in RelevanceChart.series(of: log).map({ RelevanceChart.text($0, clock: clock) }) {
            lines += (lines.isEmpty ? [] : [""]) + chart
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// ": the rule at line 18 is now true" for the rules that were false at the tip's previous
    /// change and hold now, when the tip becomes available.
    private func nowTrue(_ tip: TipResult, before: TipResult?) -> String {
        guard tip.status == .available, let before, before.pendingReason == .rules else { return "" }
        let lines = zip(before.rules, tip.rules).filter { !$0.result && $1.result }.map { String($1.line) }
        guard !lines.isEmpty else { return "" }
        let one = lines.count == 1
        return ": the rule\(one ? "" : "s") at line\(one ? "" : "s") \(lines.joined(separator: ", ")) "
            + (one ? "is" : "are") + " now true"
    }

    /// What the step did, or nil for an observation.
    private func describe(_ entry: SimulationEntry) -> String? {
        switch entry.action {
        case .donate(let event, let fields):
            let info = program.events[event]
            let values = zip(info.fields, fields).map { "\($0.name): \(ValueFormatting.describe($1))" }
            return "donate \(info.name)" + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
        case .setParameters(let values):
            return "set " + values.map { "\(program.parameters[$0.index].name) = \(ValueFormatting.describe($0.value))" }
                .joined(separator: ", ")
        case .session(let onScreen, let answer):
            guard !entry.shown.isEmpty else { return "the app opens: no tip to show" }
            let answered: String
            switch answer {
            case .closed: answered = "the person closes it"
            case .performedAction: answered = "the person performs its action"
            case .ignored: answered = "the person ignores it"
            }
            return "the app shows \(entry.shown.joined(separator: ", ")) for \(ValueFormatting.duration(onScreen)); " + answered
        case .launch:
            let resets = entry.resets.map { "\($0.parameter) resets to \(ValueFormatting.describe($0.defaultValue))" }
            return "the app launches" + (resets.isEmpty ? "" : ": " + resets.joined(separator: ", "))
        case .observe:
            return nil
        }
    }

    /// "FavoriteBackyardTip becomes available", "… is held back by the daily display frequency
    /// until day 4 08:00", "… is pending: the rule at line 18 is false (…)", "… is invalidated (tipClosed)".
    private func describe(_ change: StatusChange, clock: SimulationClock) -> String {
        let tip = change.result
        let verb = change.oldStatus == nil ? "is" : "becomes"
        switch tip.status {
        case .available where change.oldStatus == .available:
            return "\(tip.id) " + (tip.display ? "displays again" : "no longer displays: \(tip.displayExplanation)")
        case .available:
            return "\(tip.id) \(verb) available" + (tip.display ? "" : " but does not display: \(tip.displayExplanation)")
        case .invalidated:
            return "\(tip.id) \(verb) invalidated (\(tip.reason?.rawValue ?? "unknown"))"
        case .pending:
            if let until = tip.pendingUntil {
                return "\(tip.id) is held back by the display frequency until \(clock.label(until))"
            }
            let detail = tip.rules.first { !$0.result }.flatMap { $0.error ?? $0.explanation.first }
            return "\(tip.id) \(verb) " + tip.displayExplanation + (detail.map { " (\($0))" } ?? "")
        }
    }
}
