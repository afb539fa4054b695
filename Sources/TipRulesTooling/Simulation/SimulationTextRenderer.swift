import TipRulesRuntime

/// The readable log of `tiprulec simulate`: one line per action and per status change, e.g.
/// "day 3 09:00 FavoriteBackyardTip becomes available", then each widget's relevance chart.
public struct SimulationTextRenderer {
    public init() {}

    /// The log and, when the program has widgets, the charts.
    public func render(_ log: SimulationLog) -> String {
        let clock = SimulationClock(start: log.timeline.start)
        var lines: [String] = []
        var previous: [String: TipResult] = [:]
        for entry in log.entries {
            let time = clock.label(entry.at)
            let describeChange = { (change: StatusChange) -> String in
                defer { previous[change.tip] = change.result }
                let before = change.oldStatus == nil ? nil : previous[change.tip]
                return "\(time) " + describe(change, clock: clock)
                    + nowTrue(change.result, before: before, held: entry.heldComparisons[change.tip] ?? [:])
            }
            lines += entry.changesBefore.map(describeChange)
            if let action = describe(entry) { lines.append("\(time) " + action) }
            lines += entry.carryOverProblems.map { "\(time) not carried over: \($0)" }
            lines += entry.changesAfter.map(describeChange)
        }
        for chart in RelevanceChart.series(of: log).map({ RelevanceChart.text($0, clock: clock) }) {
            lines += (lines.isEmpty ? [] : [""]) + chart
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// ": the rule at line 18 is now true (… count is 3, needs >= 3)" for the rules that were
    /// false at the tip's previous change and hold now, when the tip becomes available, with
    /// the values of their comparisons that changed.
    private func nowTrue(_ tip: TipResult, before: TipResult?, held: [Int: [HeldComparison]]) -> String {
        guard tip.status == .available, let before, before.pendingReason == .rules else { return "" }
        let rules = zip(before.rules, tip.rules).filter { !$0.result && $1.result }
        guard !rules.isEmpty else { return "" }
        let lines = rules.map { String($1.line) }
        let values = rules.flatMap { old, new in changedValues(held[new.index] ?? [], since: old) }
        let one = lines.count == 1
        return ": the rule\(one ? "" : "s") at line\(one ? "" : "s") \(lines.joined(separator: ", ")) "
            + (one ? "is" : "are") + " now true" + (values.isEmpty ? "" : " (" + values.joined(separator: "; ") + ")")
    }

    /// The phrases of the comparisons that the rule's earlier explanation named (what changed),
    /// or of all of them when it named none of them (an error, or a summary).
    private func changedValues(_ held: [HeldComparison], since old: RuleResult) -> [String] {
        let changed = held.filter { comparison in old.explanation.contains { $0.hasPrefix(comparison.subject) } }
        return (changed.isEmpty ? held : changed).map(\.phrase)
    }

    /// What the step did, or nil for an observation.
    private func describe(_ entry: SimulationEntry) -> String? {
        switch entry.action {
        case .donate(let event, let fields):
            let info = entry.program.events[event]
            let values = zip(info.fields, fields).map { "\($0.name): \(ValueFormatting.describe($1))" }
            return "donate \(info.name)" + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
        case .setParameters(let values):
            return "set " + values.map { "\(entry.program.parameters[$0.index].name) = \(ValueFormatting.describe($0.value))" }
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
        case .update(let update):
            return "the rules update to \(update.path)"
                + (entry.carryOverProblems.isEmpty ? "; the whole state carries over" : "")
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
                let what = tip.pendingReason == .frequencyCap ? "its frequency cap" : "the display frequency"
                return "\(tip.id) is held back by \(what) until \(clock.label(until))"
            }
            let detail = tip.rules.first { !$0.result }.flatMap { $0.error ?? $0.explanation.first }
            return "\(tip.id) \(verb) " + tip.displayExplanation + (detail.map { " (\($0))" } ?? "")
        }
    }
}
