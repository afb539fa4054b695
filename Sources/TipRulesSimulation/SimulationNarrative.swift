import TipRulesRuntime

/// The sentences of a simulation, step by step, for the text log and the chart's notes and
/// tooltips: what each step did ("donate enteredBackyardDetailView(backyardID: 7)") and each
/// status change with its reason ("FavoriteBackyardTip becomes available: the rules at lines
/// 16, 18 are now true (…)"), without the time.
struct SimulationNarrative {
    /// A status change and its sentence.
    struct Change {
        var change: StatusChange
        var sentence: String
    }

    /// What one step occurrence did and changed.
    struct Step {
        /// The changes time brought before the step acted.
        var before: [Change]
        /// What the step did; nil for an observation.
        var action: String?
        /// For an update: what the new program could not take over, e.g. "parameter
        /// 'isLoggedIn' is gone; its value is dropped".
        var notCarriedOver: [String]
        /// The exposures the step recorded, e.g. "pro-filters: exposure in group \"pro-filters\"
        /// (holdout arm, 10 %): held out, it would have been presented now".
        var exposures: [String]
        /// The changes the step caused.
        var after: [Change]
        /// The groups whose current tip changed before the step acted and by its end, e.g.
        /// "group Onboarding now presents ShareTip".
        var groupsBefore: [String]
        var groupsAfter: [String]
    }

    /// One step per entry of the log, in order.
    let steps: [Step]

    init(_ log: SimulationLog, clock: SimulationClock) {
        var previous: [String: TipResult] = [:]
        var steps: [Step] = []
        for entry in log.entries {
            let tell = { (change: StatusChange) -> Change in
                defer { previous[change.tip] = change.result }
                let before = change.oldStatus == nil ? nil : previous[change.tip]
                return Change(change: change, sentence: Self.describe(change, clock: clock)
                    + Self.nowTrue(change.result, before: before, held: entry.heldComparisons[change.tip] ?? [:]))
            }
            let before = entry.changesBefore.map(tell)
            steps.append(Step(before: before, action: Self.describe(entry),
                              notCarriedOver: entry.carryOverProblems.map { "\($0)" },
                              exposures: entry.exposures.map(Self.describe),
                              after: entry.changesAfter.map(tell),
                              groupsBefore: entry.groupChangesBefore.map(Self.describe),
                              groupsAfter: entry.groupChangesAfter.map(Self.describe)))
        }
        self.steps = steps
    }

    /// "pro-filters: exposure in group "pro-filters" (treatment, 10 %): its first display".
    static func describe(_ exposure: Exposure) -> String {
        let why = exposure.arm == .holdout ? "held out, it would have been presented now" : "its first display"
        return "\(exposure.tip): exposure in group \(ValueFormatting.quoted(exposure.group)) (\(exposure.arm.rawValue), \(exposure.percent) %): \(why)"
    }

    /// ": the rule at line 18 is now true (… count is 3, needs >= 3)" for the rules that were
    /// false at the tip's previous change and hold now, when the tip becomes available, with
    /// the values of their comparisons that changed.
    private static func nowTrue(_ tip: TipResult, before: TipResult?, held: [Int: [HeldComparison]]) -> String {
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
    private static func changedValues(_ held: [HeldComparison], since old: RuleResult) -> [String] {
        let changed = held.filter { comparison in old.explanation.contains { $0.hasPrefix(comparison.subject) } }
        return (changed.isEmpty ? held : changed).map(\.phrase)
    }

    /// "donate enteredBackyardDetailView(backyardID: 7)".
    static func donation(_ event: Int, _ fields: [ScalarValue], program: Program) -> String {
        let info = program.events[event]
        let values = zip(info.fields, fields).map { "\($0.name): \(ValueFormatting.describe($1))" }
        return "donate \(info.name)" + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
    }

    /// "group Onboarding presents FavoriteBackyardTip", "… now presents ShareTip", "… now presents no tip".
    static func describe(_ change: GroupChange) -> String {
        "group \(change.group) " + (change.from == nil ? "presents " : "now presents ") + (change.to ?? "no tip")
    }

    /// "the app shows A (of group Onboarding), B for 20 seconds; the person ignores it" (after
    /// `listing` tips: "A, B and 28 more tips"), or "the app opens: no tip to show".
    static func shown(_ tips: [String], presentedBy: [String: String] = [:], onScreen: Double, answer: TimelineAnswer,
                      listing: Int = .max) -> String {
        guard !tips.isEmpty else { return "the app opens: no tip to show" }
        let answered: String
        switch answer {
        case .closed: answered = "the person closes it"
        case .performedAction: answered = "the person performs its action"
        case .ignored: answered = "the person ignores it"
        }
        let named = tips.prefix(listing).map { tip in presentedBy[tip].map { "\(tip) (of group \($0))" } ?? tip }
            .joined(separator: ", ") + (tips.count > listing ? " and \(tips.count - listing) more tips" : "")
        return "the app shows \(named) for \(ValueFormatting.duration(onScreen)); " + answered
    }

    /// What the step did, or nil for an observation.
    private static func describe(_ entry: SimulationEntry) -> String? {
        switch entry.action {
        case .donate(let event, let fields):
            return donation(event, fields, program: entry.program)
        case .setParameters(let values):
            return "set " + values.map { "\(entry.program.parameters[$0.index].name) = \(ValueFormatting.describe($0.value))" }
                .joined(separator: ", ")
        case .session(let onScreen, let answer):
            return shown(entry.shown, presentedBy: entry.presentedBy, onScreen: onScreen, answer: answer)
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
    private static func describe(_ change: StatusChange, clock: SimulationClock) -> String {
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
            let details = falseRuleDetails(tip.rules)
            return "\(tip.id) \(verb) " + tip.displayExplanation + (details.isEmpty ? "" : " (\(details))")
        }
    }

    /// What made each false rule false, as `eval` lists it: "isLoggedIn is false, needs == true"
    /// for one rule; "line 16: …; line 18: …" when several rules are false.
    private static func falseRuleDetails(_ rules: [RuleResult]) -> String {
        let falseRules = rules.filter { !$0.result }
        let explained = falseRules.compactMap { rule -> (line: Int, text: String)? in
            let phrases = (rule.error.map { ["error: \($0)"] } ?? []) + rule.explanation
            return phrases.isEmpty ? nil : (rule.line, phrases.joined(separator: "; "))
        }
        guard falseRules.count > 1 else { return explained.first?.text ?? "" }
        return explained.map { "line \($0.line): \($0.text)" }.joined(separator: "; ")
    }
}
