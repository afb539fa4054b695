/// TipKit's status and display rules (language.md, Semantics), given each tip's rule results:
/// testing overrides, invalidation, display limits, the display frequency, and tip groups.
///
/// A tip's status and display are its own: they never depend on the groups it belongs to. Each
/// group then picks, from its own members only, the tip it presents. Decisions the language reference
/// leaves open are listed in `docs/runtime.md` ("Status, display and groups").
///
/// Without `explaining`, it decides and says nothing: every explanation text is empty.
/// `decision(ofTip:rulesHold:)` and `currentTip(in:status:displays:)` decide one tip and one
/// group without building results (the evaluator's `decide`).
package struct DisplayPolicy {
    let program: Program
    let store: EventStore
    let now: Double
    let explaining: Bool

    /// TipKit keeps a tip view on screen at least this long before `MaxDisplayDuration` can
    /// invalidate it.
    static let minimumDisplayDuration = 60.0

    /// A testing override that applies to a tip.
    enum Override {
        case shown, hidden
    }

    /// One tip's decision.
    struct Standing {
        var status: TipStatus
        var reason: InvalidationReason?
        var pendingReason: PendingReason?
        var pendingUntil: Double?
        var override: Override?
        /// The bucket of a unit in the tip's holdout arm, when the holdout holds it back.
        var heldOutBucket: Int?
        var displays: Bool { status == .available && override != .hidden }
        /// Whether the tip would display were the unit in treatment.
        var displaysInTreatment: Bool { displays || heldOutBucket != nil && override != .hidden }

        var decision: TipDecision {
            TipDecision(status: status, reason: reason, pendingReason: pendingReason, pendingUntil: pendingUntil,
                        display: displays)
        }
    }

    /// Every tip's result and every group's, given each tip's rule results and holdout assignment.
    func decide(rules: [[RuleResult]], holdouts: [HoldoutAssignment?]) -> (tips: [TipResult], groups: [GroupResult]) {
        let standings = program.tips.indices.map {
            standing(of: $0, rulesHold: rules[$0].allSatisfy(\.result), holdout: holdouts[$0])
        }
        let explanations = explaining ? program.tips.indices.map { explain(standings[$0], tip: $0, rules: rules[$0]) }
                                      : Array(repeating: "", count: program.tips.count)
        let choices = program.groups.map { group in
            choose(in: group, standings: standings) { member in
                // A blocking member's first false rule says what it waits for.
                let detail = standings[member].pendingReason == .rules
                    ? rules[member].first { !$0.result }.flatMap { $0.error ?? $0.explanation.first } : nil
                return explanations[member] + (detail.map { " — \($0)" } ?? "")
            }
        }
        var groupExplanations = Array(repeating: [String](), count: program.tips.count)
        for (group, choice) in zip(program.groups, choices) where explaining {
            // A tip that displays on its own but that this group does not present: say why.
            for member in Set(group.members) where choice.current != member && standings[member].displays {
                groupExplanations[member].append(choice.note(for: member))
            }
        }
        let tips = program.tips.enumerated().map { index, tip in
            let standing = standings[index]
            return TipResult(id: tip.id, title: tip.title, message: tip.message, image: tip.image, appTexts: tip.appTexts, status: standing.status, reason: standing.reason,
                             pendingReason: standing.pendingReason, pendingUntil: standing.pendingUntil,
                             display: standing.displays, displayExplanation: explanations[index],
                             groupExplanations: groupExplanations[index], rules: rules[index], actions: tip.actions)
        }
        let groups = zip(program.groups, choices).map { group, choice in
            GroupResult(id: group.name, currentTip: choice.current.map { program.tips[$0].id },
                        explanation: choice.explanation)
        }
        return (tips, groups)
    }

    // MARK: - One tip

    /// Tip `index`'s status and display, given whether all its rules hold and where the unit
    /// stands in its holdout.
    func decision(ofTip index: Int, rulesHold: Bool, holdout: HoldoutAssignment?) -> TipDecision {
        standing(of: index, rulesHold: rulesHold, holdout: holdout).decision
    }

    /// `decision(ofTip:rulesHold:holdout:)` for `store` at `now` without a policy, which would
    /// copy the store (retaining each of its arrays) at every evaluation: what deciding many
    /// stores in a row calls.
    static func decision(ofTip index: Int, rulesHold: Bool, holdout: HoldoutAssignment?, program: Program,
                         store: EventStore, now: Double) -> TipDecision {
        standing(of: index, rulesHold: rulesHold, holdout: holdout, program: program, store: store, now: now).decision
    }

    /// language.md's order: overrides, stored invalidation, display limits, rules, frequency;
    /// then a tip that would be available is held back in its holdout arm.
    func standing(of index: Int, rulesHold: Bool, holdout: HoldoutAssignment?) -> Standing {
        Self.standing(of: index, rulesHold: rulesHold, holdout: holdout, program: program, store: store, now: now)
    }

    private static func standing(of index: Int, rulesHold: Bool, holdout: HoldoutAssignment?, program: Program,
                                 store: EventStore, now: Double) -> Standing {
        var standing = treatmentStanding(of: index, rulesHold: rulesHold, program: program, store: store, now: now)
        if let holdout, holdout.arm == .holdout, standing.status == .available, standing.override != .shown {
            standing.status = .pending
            standing.pendingReason = .heldOut
            standing.heldOutBucket = holdout.bucket
        }
        return standing
    }

    /// The decision as if the unit were in treatment.
    /// Reads the tip's options and state alone: copying its whole `TipInfo` would retain each of
    /// its strings and arrays, for every tip of every evaluation.
    private static func treatmentStanding(of index: Int, rulesHold: Bool, program: Program, store: EventStore,
                                          now: Double) -> Standing {
        var standing = Standing(status: .available,
                                override: store.testing.isEmpty ? nil : override(of: program.tips[index], testing: store.testing))
        if standing.override == .shown { return standing }
        let options = program.tips[index].options
        let state = store.tipState(index)
        if let reason = Self.invalidation(options, state) {
            standing.status = .invalidated
            standing.reason = reason
        } else if !rulesHold {
            standing.status = .pending
            standing.pendingReason = .rules
        } else if let until = capHold(options, state, now: now) {
            standing.status = .pending
            standing.pendingReason = .frequencyCap
            standing.pendingUntil = until
        } else if let until = frequencyHold(options, state, lastDisplay: store.lastDisplayDate,
                                            frequency: program.displayFrequency, now: now) {
            standing.status = .pending
            standing.pendingReason = .displayFrequency
            standing.pendingUntil = until
        }
        return standing
    }

    /// Show these tips, hide these tips, show all tips, hide all tips: strongest first.
    func override(of tip: TipInfo) -> Override? {
        Self.override(of: tip, testing: store.testing)
    }

    private static func override(of tip: TipInfo, testing: TestingOverrides) -> Override? {
        func names(_ tips: Set<String>) -> Bool { !tips.isEmpty && (tips.contains(tip.name) || tips.contains(tip.id)) }
        if names(testing.showTips) { return .shown }
        if names(testing.hideTips) { return .hidden }
        if testing.showAllTips { return .shown }
        if testing.hideAllTips { return .hidden }
        return nil
    }

    /// The recorded invalidation, else the display limit the tip (with these options) has
    /// reached, if any.
    package static func invalidation(_ options: TipOptions, _ state: TipState) -> InvalidationReason? {
        if let reason = state.invalidation { return reason }
        if let limit = options.maxDisplayCount, state.displayCount >= limit { return .displayCountExceeded }
        if let limit = options.maxDisplayDuration,
           state.displayDuration >= max(limit, Self.minimumDisplayDuration) {
            return .displayDurationExceeded
        }
        return nil
    }

    /// When every frequency cap lets the tip go, if one holds it back now: the latest of the
    /// caps' release dates.
    private static func capHold(_ options: TipOptions, _ state: TipState, now: Double) -> Double? {
        options.frequencyCaps.compactMap { $0.hold(displays: state.displayDates, now: now) }.max()
    }

    /// "2 displays in the last 7 days, cap 2; again from 2026-11-27T08:00:00Z", for each cap
    /// that holds the tip back.
    private func capPhrase(_ tip: TipInfo, _ state: TipState) -> String {
        tip.options.frequencyCaps.compactMap { cap in
            cap.hold(displays: state.displayDates, now: now).map { until in
                let count = cap.displaysInWindow(state.displayDates, now: now)
                return "\(count) display\(count == 1 ? "" : "s") in the last \(Self.window(cap.seconds)), "
                    + "cap \(cap.count); again from \(ValueFormatting.date(until))"
            }
        }.joinedText(separator: "; ")
    }

    /// A cap's window in whole days when it is ("7 days" for a week), else in words.
    private static func window(_ seconds: Double) -> String {
        guard seconds >= 86_400, let days = Int(exactly: seconds / 86_400) else { return ValueFormatting.duration(seconds) }
        return days == 1 ? "day" : "\(days) days"
    }

    /// When the display frequency lets the tip go, if it holds the tip back now. It holds back
    /// only tips that have never displayed and do not ignore it, and only after a tip appeared.
    private static func frequencyHold(_ options: TipOptions, _ state: TipState, lastDisplay: Double?, frequency: Double,
                                      now: Double) -> Double? {
        guard let last = lastDisplay, !options.ignoresDisplayFrequency, state.displayCount == 0,
              frequency > 0 else { return nil }
        let until = last + frequency
        return now < until ? until : nil
    }

    private func explain(_ standing: Standing, tip: Int, rules: [RuleResult]) -> String {
        switch (standing.override, standing.status) {
        case (.shown, _):
            return "shown by a testing override"
        case (.hidden, let status):
            return "hidden by a testing override (its status: \(status.rawValue))"
        case (nil, .invalidated):
            return "invalidated (\(standing.reason?.rawValue ?? "unknown"))"
        case (nil, .pending):
            if standing.pendingReason == .frequencyCap {
                return "pending: held back by its frequency cap: " + capPhrase(program.tips[tip], store.tipState(tip))
            }
            if let bucket = standing.heldOutBucket, let holdout = program.tips[tip].holdout {
                return "pending: held out of \(ValueFormatting.quoted(holdout.group)) (holdout bucket \(bucket) <= \(holdout.percent))"
            }
            if let until = standing.pendingUntil { return "pending: " + frequencyPhrase(until: until) }
            if program.tips[tip].isPaused { return "pending: paused by the channel, this release's kill switch" }
            return "pending: " + falseRulesPhrase(rules)
        case (nil, .available):
            return "available"
        }
    }

    /// "the rule at line 7 is false", "the rules at lines 7, 9 are false".
    private func falseRulesPhrase(_ rules: [RuleResult]) -> String {
        let lines = rules.filter { !$0.result }.map { String($0.line) }
        let one = lines.count == 1
        return "the rule\(one ? "" : "s") at line\(one ? "" : "s") " + lines.joinedText(separator: ", ")
            + (one ? " is" : " are") + " false"
    }

    /// "held back by the daily display frequency until 2026-11-22T01:00:00Z (in 16 hours): the last
    /// new tip appeared 8 hours ago".
    private func frequencyPhrase(until: Double) -> String {
        let last = store.lastDisplayDate ?? now
        return "held back by the \(frequencyName) display frequency until \(ValueFormatting.date(until))"
            + " (in \(ValueFormatting.approximateDuration(until - now))): the last new tip appeared "
            + "\(ValueFormatting.approximateDuration(now - last)) ago"
    }

    private var frequencyName: String {
        switch program.displayFrequency {
        case 3_600: return "hourly"
        case 86_400: return "daily"
        case 604_800: return "weekly"
        case 2_592_000: return "monthly"
        default: return ValueFormatting.duration(program.displayFrequency)
        }
    }

    // MARK: - Groups

    /// The tip a group presents, and why.
    private struct Choice {
        var group: String
        var current: Int?
        var explanation: String
        /// For an `.ordered` group with no current tip: the member everyone after it waits for.
        var blocker: (index: Int, name: String, why: String)?
        var members: [Int]
        var names: [String]

        /// Why the group does not present `member`.
        func note(for member: Int) -> String {
            let name = names[member]
            if let blocker, let position = members.firstIndex(of: member),
               let blocking = members.firstIndex(of: blocker.index), position > blocking {
                return "in group \(group), \(name) waits for \(blocker.name), which is \(blocker.why)"
            }
            return "group \(group) " + explanation
        }
    }

    /// The tip `group` presents, given its members' statuses and displays.
    /// `.priority`: the member that displays with the highest priority, the first declared
    /// among equals. `.firstAvailable`: the first member, in declared order, that displays.
    /// `.ordered`: the first member that is not invalidated, and only if it displays. A member
    /// held out (`heldOut`) takes no place in the group: the others are chosen as if it were not there.
    func currentTip(in group: GroupInfo, status: (Int) -> TipStatus, displays: (Int) -> Bool,
                    heldOut: (Int) -> Bool) -> Int? {
        Self.currentTip(in: group, program: program, status: status, displays: displays, heldOut: heldOut)
    }

    /// `currentTip(in:status:displays:heldOut:)` of a group of `program`, without a policy.
    static func currentTip(in group: GroupInfo, program: Program, status: (Int) -> TipStatus,
                           displays: (Int) -> Bool, heldOut: (Int) -> Bool) -> Int? {
        if group.ordered {
            guard let next = group.members.first(where: { status($0) != .invalidated && !heldOut($0) }) else { return nil }
            return displays(next) ? next : nil
        }
        guard group.byPriority else { return group.members.first(where: displays) }
        var best: Int?
        for member in group.members where displays(member) {
            if let current = best, program.tips[member].options.priority <= program.tips[current].options.priority { continue }
            best = member
        }
        return best
    }

    /// The tip a group presents (`currentTip`) and, when explaining, why.
    private func choose(in group: GroupInfo, standings: [Standing], why: (Int) -> String) -> Choice {
        let current = currentTip(in: group, status: { standings[$0].status }, displays: { standings[$0].displays },
                                 heldOut: { standings[$0].heldOutBucket != nil })
        let names = explaining ? program.tips.map(\.id) : []
        var choice = Choice(group: group.name, current: current, explanation: "", members: group.members, names: names)
        guard explaining else { return choice }
        if let current {
            choice.explanation = "presents \(names[current])" + (group.byPriority && !group.ordered
                ? ", the available member with the highest priority (\(program.tips[current].options.priority))" : "")
        } else if group.ordered {
            guard let next = group.members.first(where: { standings[$0].status != .invalidated && standings[$0].heldOutBucket == nil }) else {
                choice.explanation = "presents no tip: every member is invalidated"
                return choice
            }
            let reason = why(next)
            choice.blocker = (next, names[next], reason)
            choice.explanation = "presents no tip: it waits for \(names[next]), which is \(reason)"
        } else {
            let reasons = group.members.map { "\(names[$0]) is \(why($0))" }
            choice.explanation = "presents no tip: no member is available (" + reasons.joinedText(separator: "; ") + ")"
        }
        return choice
    }
}
