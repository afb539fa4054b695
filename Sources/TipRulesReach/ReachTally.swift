import TipRulesRuntime
import TipRulesToolingCore

/// The counts of a reach report (`reach.md`): how many users each tip reaches, with which status
/// and why, how many each rule holds back, each group's current tip and each widget's relevance,
/// and, against a baseline program, who gains and who loses a tip. Adding a user and merging two
/// tallies are the only ways counts change, so a run split any way merges to the same report.
package struct ReachTally: Equatable, RowsTally {
    package var users = 0
    package var rows = 0
    package var skippedUsers = 0
    var tips: [Tip]
    var groups: [Group]
    var widgets: [Widget]
    /// The tips only the baseline declares; nil without a baseline.
    var removedTips: [Removed]?

    static let statuses = ["available", "pending", "invalidated"]
    static let pendingReasons = ["rules", "frequencyCap", "displayFrequency", "heldOut"]
    static let invalidatedReasons = InvalidationReason.allCases.map(\.rawValue)

    struct Tip: Equatable {
        var id: String
        var display = 0
        /// Counts by `statuses`, `pendingReasons` and `invalidatedReasons`, in that order.
        var status = [0, 0, 0]
        var pendingReason = [0, 0, 0, 0]
        var invalidatedReason = [0, 0, 0, 0]
        var rules: [Rule]
        /// With a baseline: nil for a tip the baseline does not declare.
        var baseline: Baseline?
    }

    struct Rule: Equatable {
        var index: Int
        var line: Int
        var isFalse = 0
        var error = 0
        var onlyObstacle = 0
    }

    struct Baseline: Equatable {
        var display = 0
        var gained = 0
        var lost = 0
    }

    struct Group: Equatable {
        var id: String
        /// The member tips' ids and how many users have each as the current tip.
        var currentTip: [(id: String, count: Int)]
        var none = 0

        static func == (a: Group, b: Group) -> Bool {
            a.id == b.id && a.none == b.none && a.currentTip.map(\.id) == b.currentTip.map(\.id)
                && a.currentTip.map(\.count) == b.currentTip.map(\.count)
        }
    }

    struct Widget: Equatable {
        var id: String
        var relevant = 0
        /// The sum of the scores, kept compensated (Neumaier) so that the order of the additions —
        /// how the users were split between threads — does not show: `sum` is its value.
        var scoreSum = 0.0
        var scoreCompensation = 0.0
        var scoreMin = 0.0
        var scoreMax = 0.0
    }

    struct Removed: Equatable {
        var id: String
        var display = 0
    }

    /// Zero counts for every tip, rule, group and widget of `program` (and of `baseline`).
    init(program: Program, baseline: Program?) {
        tips = program.tips.map { tip in
            Tip(id: tip.id, rules: tip.rules.enumerated().map { Rule(index: $0, line: $1.line) },
                baseline: baseline.flatMap { $0.tipIndex(named: tip.id) == nil ? nil : Baseline() })
        }
        groups = program.groups.map { group in
            Group(id: group.name, currentTip: group.members.map { (program.tips[$0].id, 0) })
        }
        widgets = program.widgets.map { Widget(id: $0.name) }
        removedTips = baseline.map { old in
            old.tips.filter { tip in !program.tips.contains { $0.id == tip.id } }.map { Removed(id: $0.id) }
        }
    }

    init(tips: [Tip], groups: [Group], widgets: [Widget], removedTips: [Removed]?) {
        self.tips = tips
        self.groups = groups
        self.widgets = widgets
        self.removedTips = removedTips
    }

    /// Counts one user's outcome for `program` (and, with a baseline, the baseline's outcome for the
    /// same rows, with how its tips correspond to the program's).
    mutating func add(_ outcome: Outcome, of program: Program, baseline old: (outcome: Outcome, tips: BaselineTips)?) {
        users += 1
        // Each tip's rules follow the tips' before it in `decisions.rules`, as in the tally.
        var first = 0
        for (index, decision) in outcome.decisions.tips.enumerated() {
            if decision.display { tips[index].display += 1 }
            tips[index].status[Self.statusIndex(decision.status)] += 1
            if let reason = decision.pendingReason { tips[index].pendingReason[Self.pendingReasonIndex(reason)] += 1 }
            if let reason = decision.reason { tips[index].invalidatedReason[Self.invalidationReasonIndex(reason)] += 1 }
            var notTrue = 0
            var obstacle = 0
            let ruleCount = tips[index].rules.count
            for rule in 0..<ruleCount where !outcome.decisions.rules[first + rule] {
                notTrue += 1
                obstacle = rule
                tips[index].rules[rule].isFalse += 1
                if outcome.failures[first + rule] { tips[index].rules[rule].error += 1 }
            }
            first += ruleCount
            if notTrue == 1 { tips[index].rules[obstacle].onlyObstacle += 1 }
            if let old, tips[index].baseline != nil {
                let before = old.tips.indices[index].map { old.outcome.decisions.tips[$0].display } ?? false
                if before { tips[index].baseline?.display += 1 }
                if decision.display && !before { tips[index].baseline?.gained += 1 }
                if before && !decision.display { tips[index].baseline?.lost += 1 }
            }
        }
        if let old, removedTips != nil {
            for (position, tip) in old.tips.removed.enumerated() where old.outcome.decisions.tips[tip].display {
                removedTips?[position].display += 1
            }
        }
        for (index, current) in outcome.decisions.currentTips.enumerated() {
            if let current, let member = program.groups[index].members.firstIndex(of: current) {
                groups[index].currentTip[member].count += 1
            } else {
                groups[index].none += 1
            }
        }
        for (index, score) in outcome.scores.enumerated() {
            if let score { add(score: score, to: index) }
        }
    }

    /// A reason's position in `invalidatedReasons` (`InvalidationReason.allCases`' order).
    private static func invalidationReasonIndex(_ reason: InvalidationReason) -> Int {
        switch reason {
        case .actionPerformed: return 0
        case .tipClosed: return 1
        case .displayCountExceeded: return 2
        case .displayDurationExceeded: return 3
        }
    }

    private static func statusIndex(_ status: TipStatus) -> Int {
        switch status {
        case .available: return 0
        case .pending: return 1
        case .invalidated: return 2
        }
    }

    private static func pendingReasonIndex(_ reason: PendingReason) -> Int {
        switch reason {
        case .rules: return 0
        case .frequencyCap: return 1
        case .displayFrequency: return 2
        case .heldOut: return 3
        }
    }

    private mutating func add(score: Double, to index: Int) {
        scoreRange(widgets[index].relevant == 0, min: score, max: score, into: index)
        widgets[index].relevant += 1
        widgets[index].addToSum(score)
    }

    private mutating func scoreRange(_ first: Bool, min low: Double, max high: Double, into index: Int) {
        widgets[index].scoreMin = first ? low : Swift.min(widgets[index].scoreMin, low)
        widgets[index].scoreMax = first ? high : Swift.max(widgets[index].scoreMax, high)
    }

    /// Adds `other`'s counts, a tally of the same programs over other users (the same `shape`);
    /// a count whose sum does not fit in 64 bits is an error naming it, nothing is guessed.
    package mutating func merge(_ other: ReachTally) throws(CommandError) {
        try Self.add(other.users, to: &users, "users")
        try Self.add(other.rows, to: &rows, "rows")
        try Self.add(other.skippedUsers, to: &skippedUsers, "skippedUsers")
        for index in tips.indices where other.tips.indices.contains(index) {
            let theirs = other.tips[index]
            let name = "tips[\(index)]"
            try Self.add(theirs.display, to: &tips[index].display, name + ".display")
            try Self.add(theirs.status, to: &tips[index].status, name + ".status")
            try Self.add(theirs.pendingReason, to: &tips[index].pendingReason, name + ".pendingReason")
            try Self.add(theirs.invalidatedReason, to: &tips[index].invalidatedReason, name + ".invalidatedReason")
            for rule in tips[index].rules.indices where theirs.rules.indices.contains(rule) {
                let ruleName = name + ".rules[\(rule)]"
                try Self.add(theirs.rules[rule].isFalse, to: &tips[index].rules[rule].isFalse, ruleName + ".false")
                try Self.add(theirs.rules[rule].error, to: &tips[index].rules[rule].error, ruleName + ".error")
                try Self.add(theirs.rules[rule].onlyObstacle, to: &tips[index].rules[rule].onlyObstacle, ruleName + ".onlyObstacle")
            }
            if let baseline = theirs.baseline, var mine = tips[index].baseline {
                try Self.add(baseline.display, to: &mine.display, name + ".baseline.display")
                try Self.add(baseline.gained, to: &mine.gained, name + ".baseline.gained")
                try Self.add(baseline.lost, to: &mine.lost, name + ".baseline.lost")
                tips[index].baseline = mine
            }
        }
        for index in groups.indices where other.groups.indices.contains(index) {
            try Self.add(other.groups[index].none, to: &groups[index].none, "groups[\(index)].none")
            for member in groups[index].currentTip.indices where other.groups[index].currentTip.indices.contains(member) {
                let id = groups[index].currentTip[member].id
                try Self.add(other.groups[index].currentTip[member].count, to: &groups[index].currentTip[member].count,
                             "groups[\(index)].currentTip.\(id)")
            }
        }
        for index in widgets.indices where other.widgets.indices.contains(index) && other.widgets[index].relevant > 0 {
            let theirs = other.widgets[index]
            let first = widgets[index].relevant == 0
            try Self.add(theirs.relevant, to: &widgets[index].relevant, "widgets[\(index)].relevant")
            scoreRange(first, min: theirs.scoreMin, max: theirs.scoreMax, into: index)
            widgets[index].addToSum(theirs.scoreSum)
            widgets[index].addToSum(theirs.scoreCompensation)
        }
        if let theirs = other.removedTips, var removed = removedTips {
            for index in removed.indices where theirs.indices.contains(index) {
                try Self.add(theirs[index].display, to: &removed[index].display, "removedTips[\(index)].display")
            }
            removedTips = removed
        }
    }

    /// `total += amount`, or an error naming the count when the sum does not fit in an `Int`.
    private static func add(_ amount: Int, to total: inout Int, _ name: @autoclosure () -> String) throws(CommandError) {
        let (sum, overflow) = total.addingReportingOverflow(amount)
        guard !overflow else { throw CommandError("\(name()): the merged count is larger than \(Int.max)") }
        total = sum
    }

    /// Adds `amounts` to `totals`, position by position.
    private static func add(_ amounts: [Int], to totals: inout [Int], _ name: String) throws(CommandError) {
        for position in totals.indices where amounts.indices.contains(position) {
            try add(amounts[position], to: &totals[position], "\(name)[\(position)]")
        }
    }
}

extension ReachTally.Widget {
    /// The sum of the scores counted.
    var sum: Double { scoreSum + scoreCompensation }

    mutating func addToSum(_ value: Double) {
        let total = scoreSum + value
        scoreCompensation += abs(scoreSum) >= abs(value) ? (scoreSum - total) + value : (value - total) + scoreSum
        scoreSum = total
    }
}
