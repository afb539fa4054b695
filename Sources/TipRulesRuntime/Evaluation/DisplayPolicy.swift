/// TipKit's status and display rules (language.md, Semantics), given each tip's rule results:
/// testing overrides, invalidation, display limits, the display frequency and tip groups.
///
/// Decisions the contract leaves open (see `docs/runtime.md`):
/// - A tip hidden by an override reports the status its rules and state give, and does not display.
/// - A tip shown by an override is `available` and displays, whatever its groups say.
/// - A group's candidate must be `available` and not hidden; `.firstAvailable` takes the first
///   such member, `.ordered` the first member that is not invalidated, if it is such a member,
///   and only if the display frequency lets it appear.
/// - A tip in groups displays only if it is the candidate of every group it belongs to; a
///   group's current tip is its candidate if that displays.
struct DisplayPolicy {
    let program: Program
    let store: EventStore
    let now: Double

    /// One tip's status before groups are considered.
    private struct Standing {
        var status: TipStatus
        var reason: InvalidationReason?
        var shown: Bool
        var hidden: Bool
        var frequencyAllows: Bool
        var eligible: Bool { status == .available && !hidden }
    }

    func decide(rules: [[RuleResult]]) -> (tips: [TipResult], groups: [GroupResult]) {
        let standings = program.tips.indices.map { standing(of: $0, rules: rules[$0]) }
        var groupsOfTip = Array(repeating: [Int](), count: program.tips.count)
        let candidates = program.groups.enumerated().map { index, group -> Int? in
            for member in group.members { groupsOfTip[member].append(index) }
            let candidate = group.ordered
                ? group.members.first { standings[$0].status != .invalidated }.flatMap { standings[$0].eligible ? $0 : nil }
                : group.members.first { standings[$0].eligible }
            return candidate.flatMap { standings[$0].shown || standings[$0].frequencyAllows ? $0 : nil }
        }
        let displays = program.tips.indices.map { index in
            standings[index].shown || (standings[index].eligible && standings[index].frequencyAllows
                                       && groupsOfTip[index].allSatisfy { candidates[$0] == index })
        }
        let current = candidates.map { candidate in candidate.flatMap { displays[$0] ? $0 : nil } }
        let tips = program.tips.enumerated().map { index, tip -> TipResult in
            let waiting = groupsOfTip[index].first { candidates[$0] != index }
            return TipResult(id: tip.id, status: standings[index].status, reason: standings[index].reason,
                             display: displays[index],
                             displayExplanation: explain(standings[index], rules: rules[index], waitingIn: waiting,
                                                         current: current),
                             rules: rules[index])
        }
        let groups = program.groups.enumerated().map { index, group in
            GroupResult(id: group.name, currentTip: current[index].map { program.tips[$0].id })
        }
        return (tips, groups)
    }

    private func standing(of index: Int, rules: [RuleResult]) -> Standing {
        let tip = program.tips[index]
        let state = store.tipState(index)
        let testing = store.testing
        let names: Set<String> = [tip.name, tip.id]
        let shown = !testing.showTips.isDisjoint(with: names)
            || (testing.hideTips.isDisjoint(with: names) && testing.showAllTips)
        let hidden = !shown && (!testing.hideTips.isDisjoint(with: names) || testing.hideAllTips)
        var standing = Standing(status: .pending, reason: nil, shown: shown, hidden: hidden,
                                frequencyAllows: frequencyAllows(tip, state))
        if shown {
            standing.status = .available
        } else if let reason = invalidation(tip, state) {
            standing.status = .invalidated
            standing.reason = reason
        } else if rules.allSatisfy(\.result) {
            standing.status = .available
        }
        return standing
    }

    private func invalidation(_ tip: TipInfo, _ state: TipState) -> InvalidationReason? {
        if let reason = state.invalidation { return reason }
        if let limit = tip.options.maxDisplayCount, state.displayCount >= limit { return .displayCountExceeded }
        if let limit = tip.options.maxDisplayDuration, state.displayDuration >= limit { return .displayDurationExceeded }
        return nil
    }

    /// The display frequency holds back only tips that have not appeared yet.
    private func frequencyAllows(_ tip: TipInfo, _ state: TipState) -> Bool {
        guard let last = store.lastDisplayDate else { return true }
        return tip.options.ignoresDisplayFrequency || state.displayCount > 0
            || program.displayFrequency <= 0 || now - last >= program.displayFrequency
    }

    private func explain(_ standing: Standing, rules: [RuleResult], waitingIn group: Int?, current: [Int?]) -> String {
        if standing.shown { return "shown by a testing override" }
        if standing.hidden { return "hidden by a testing override" }
        switch standing.status {
        case .invalidated:
            return "invalidated (\(standing.reason?.rawValue ?? "unknown"))"
        case .pending:
            let lines = rules.filter { !$0.result }.map { String($0.line) }
            return "pending: the rule\(lines.count == 1 ? "" : "s") at line\(lines.count == 1 ? "" : "s") "
                + lines.joined(separator: ", ") + (lines.count == 1 ? " is" : " are") + " false"
        case .available:
            break
        }
        if !standing.frequencyAllows {
            let elapsed = ValueFormatting.duration(ValueFormatting.floor(now - (store.lastDisplayDate ?? now)))
            return "held back by the \(frequencyName) display frequency: the last new tip appeared \(elapsed) ago"
        }
        if let group {
            let name = program.groups[group].name
            let other = current[group].map { "'\(program.tips[$0].id)'" } ?? "none"
            return "waiting in group '\(name)' (its current tip: \(other))"
        }
        return "shown"
    }

    private var frequencyName: String {
        switch program.displayFrequency {
        case 3_600: return "hourly"
        case 86_400: return "daily"
        case 604_800: return "weekly"
        default: return ValueFormatting.duration(program.displayFrequency)
        }
    }
}
