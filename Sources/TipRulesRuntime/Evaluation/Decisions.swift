/// What an evaluation decides, without the results written for people: each rule's result,
/// each tip's status and display, each group's current tip. `Evaluator.decide(_:now:into:)`
/// fills one in place; keep it and pass it again, and deciding allocates nothing.
///
/// ```swift
/// var decisions = Decisions()
/// evaluator.decide(store, now: now, into: &decisions)
/// for tip in decisions.tips.indices where decisions.tips[tip].display { show(tip) }
/// ```
public struct Decisions: Hashable, Sendable {
    /// Every rule's result, tip after tip in declaration order, each tip's rules in order
    /// (`rules(ofTip:)` gives one tip's). A rule that fails to evaluate is false.
    public internal(set) var rules: [Bool] = []
    /// Each tip's decision, by tip index.
    public internal(set) var tips: [TipDecision] = []
    /// For each group, by group index, the index of the tip it presents; nil when it presents none.
    public internal(set) var currentTips: [Int?] = []
    /// Where each tip's rules start in `rules`, and where the last one's end.
    private var ruleStarts: [Int] = [0]

    public init() {}

    /// The results of tip `tip`'s rules, in order; empty for an index that names no tip.
    public func rules(ofTip tip: Int) -> ArraySlice<Bool> {
        guard tip >= 0, tip < ruleStarts.count - 1 else { return [] }
        return rules[ruleStarts[tip]..<ruleStarts[tip + 1]]
    }

    /// Sizes every array for a program whose tips' rules start at `ruleStarts` in the flat list
    /// (the last entry is where they end) and which has `groupCount` groups. Shares the
    /// evaluator's `ruleStarts`, so that the next call finds it unchanged at once.
    mutating func shape(ruleStarts: [Int], groupCount: Int) {
        guard self.ruleStarts != ruleStarts || currentTips.count != groupCount else { return }
        self.ruleStarts = ruleStarts
        rules = Array(repeating: false, count: ruleStarts[ruleStarts.count - 1])
        tips = Array(repeating: TipDecision(status: .pending, display: false), count: ruleStarts.count - 1)
        currentTips = Array(repeating: nil, count: groupCount)
    }
}

/// One tip's decision: `TipResult` without its rules and explanations.
public struct TipDecision: Hashable, Sendable {
    public var status: TipStatus
    /// For an invalidated tip, why.
    public var reason: InvalidationReason?
    /// For a pending tip, what holds it back; nil otherwise.
    public var pendingReason: PendingReason?
    /// For a tip held back by the display frequency or a frequency cap, when it lets it go.
    public var pendingUntil: Double?
    /// Whether the tip would be shown now: it is `available` and no testing override hides it.
    public var display: Bool

    public init(status: TipStatus, reason: InvalidationReason? = nil, pendingReason: PendingReason? = nil,
                pendingUntil: Double? = nil, display: Bool) {
        self.status = status
        self.reason = reason
        self.pendingReason = pendingReason
        self.pendingUntil = pendingUntil
        self.display = display
    }
}
