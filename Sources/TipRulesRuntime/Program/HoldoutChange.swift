/// A release that changes a tip's holdout experiment under the people already in it: its group
/// (every unit is bucketed again: `id:` added to a tip changes the default group) or its share
/// (units move between the arms). Tips are matched by name, else by id.
public struct HoldoutChange: Hashable, Sendable {
    /// The tip's name in the new program.
    public var tip: String
    /// The holdout's group and share before and after.
    public var oldGroup: String
    public var oldPercent: Int
    public var newGroup: String
    public var newPercent: Int
    /// The line of the new program's `holdout(…)`.
    public var line: Int

    /// The changed holdouts of the tips of `new` that have one in `old` too, in `new`'s order.
    public static func changes(from old: Program, to new: Program) -> [HoldoutChange] {
        new.tips.compactMap { tip in
            guard let now = tip.holdout,
                  let before = (old.tips.first { $0.name == tip.name } ?? old.tips.first { $0.id == tip.id })?.holdout,
                  before.group != now.group || before.percent != now.percent else { return nil }
            return HoldoutChange(tip: tip.name, oldGroup: before.group, oldPercent: before.percent,
                                 newGroup: now.group, newPercent: now.percent, line: now.line)
        }
    }

    /// What changes and what it does to the experiment, in a sentence.
    public var message: String {
        var parts: [String] = []
        if oldGroup != newGroup {
            parts.append("its holdout group changes from \"\(oldGroup)\" to \"\(newGroup)\": every unit is bucketed again")
        }
        if oldPercent != newPercent {
            let (low, high) = (min(oldPercent, newPercent) + 1, max(oldPercent, newPercent))
            let moved = low == high ? "holdout bucket \(high)" : "holdout buckets \(low) to \(high)"
            parts.append("its holdout share changes from \(oldPercent) % to \(newPercent) %: \(moved) move to "
                         + (newPercent > oldPercent ? "the holdout arm" : "treatment"))
        }
        return "tip '\(tip)': " + parts.joinedText(separator: "; ")
    }

    public init(tip: String, oldGroup: String, oldPercent: Int, newGroup: String, newPercent: Int, line: Int) {
        self.tip = tip
        self.oldGroup = oldGroup
        self.oldPercent = oldPercent
        self.newGroup = newGroup
        self.newPercent = newPercent
        self.line = line
    }
}
