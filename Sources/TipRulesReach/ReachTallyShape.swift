/// What a tally counts, without the counts: its tips with their rules (index and line) and
/// whether each has a baseline, its groups with their members, its widgets and the tips only the
/// baseline declares. `reach merge` adds up only partials of one shape, and only a shape a
/// program can have (no name twice, rules numbered in order, members that are tips), so the
/// result never depends on the order of the partials.
struct ReachTallyShape: Equatable {
    struct Tip: Equatable {
        var id: String
        var ruleLines: [Int]
        var hasBaseline: Bool
    }

    struct Group: Equatable {
        var id: String
        var members: [String]
    }

    var tips: [Tip]
    var groups: [Group]
    var widgets: [String]
    var removedTips: [String]?

    /// The most rules a tip can have (the bytecode's limit).
    static let maximumRulesPerTip = 65_536

    init(_ tally: ReachTally) {
        tips = tally.tips.map { Tip(id: $0.id, ruleLines: $0.rules.map(\.line), hasBaseline: $0.baseline != nil) }
        groups = tally.groups.map { Group(id: $0.id, members: $0.currentTip.map(\.id)) }
        widgets = tally.widgets.map(\.id)
        removedTips = tally.removedTips?.map(\.id)
    }

    /// Why no program gives a tally of `tally`'s shape, or nil when one can.
    static func problem(in tally: ReachTally) -> String? {
        if let id = firstDuplicate(tally.tips.map(\.id)) { return "the tip \"\(id)\" is listed twice" }
        for tip in tally.tips {
            if tip.rules.count > maximumRulesPerTip { return "the tip \"\(tip.id)\" has more than \(maximumRulesPerTip) rules" }
            if let rule = tip.rules.enumerated().first(where: { $0.offset != $0.element.index }) {
                return "the rules of the tip \"\(tip.id)\" are not numbered 0, 1, 2…: rule \(rule.offset) has the index \(rule.element.index)"
            }
        }
        if let id = firstDuplicate(tally.groups.map(\.id)) { return "the group \"\(id)\" is listed twice" }
        let tipIDs = Set(tally.tips.map(\.id))
        for group in tally.groups {
            let members = group.currentTip.map(\.id)
            if let id = firstDuplicate(members) { return "the group \"\(group.id)\" lists the tip \"\(id)\" twice" }
            if let id = members.first(where: { !tipIDs.contains($0) }) {
                return "the group \"\(group.id)\" lists \"\(id)\", which is not one of the tips"
            }
        }
        if let id = firstDuplicate(tally.widgets.map(\.id)) { return "the widget \"\(id)\" is listed twice" }
        if let removed = tally.removedTips?.map(\.id) {
            if let id = firstDuplicate(removed) { return "the removed tip \"\(id)\" is listed twice" }
            if let id = removed.first(where: tipIDs.contains) { return "\"\(id)\" is listed both as a tip and as a removed tip" }
        }
        return nil
    }

    private static func firstDuplicate(_ names: [String]) -> String? {
        var seen = Set<String>()
        return names.first { !seen.insert($0).inserted }
    }
}
