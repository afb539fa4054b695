/// What the engine last decided for each tip (its status, pending reason and display), with the
/// instants each decision holds for, and the tips decided again since the last report.
struct TipDecisions {
    private(set) var standings: [DisplayPolicy.Standing]
    private var entries: CacheEntries
    /// The tips decided since the last `takeDecided()`, and whether each is among them.
    private var decided: [Int] = []
    private var isDecided: [Bool]
    /// Each tip's holdout assignment at the last refresh.
    private var holdouts: [HoldoutAssignment?]

    /// Decisions for `count` tips, none made yet.
    init(count: Int) {
        standings = Array(repeating: DisplayPolicy.Standing(status: .pending), count: count)
        entries = CacheEntries(count: count)
        isDecided = Array(repeating: false, count: count)
        holdouts = Array(repeating: nil, count: count)
    }

    /// The tip's rule results or state changed.
    mutating func markStale(_ tip: Int) {
        if isDecided.indices.contains(tip) { entries.markStale(tip) }
    }

    /// What every tip reads changed (the last display date, a full evaluation).
    mutating func markAllStale() {
        entries.markAllStale()
    }

    /// Decides again, at `now`, the tips that are stale or whose decision does not hold then,
    /// from `rules` (each tip's rule results) and `holdouts` (each tip's holdout assignment now: a
    /// tip whose assignment changed is decided again). Makes no display policy when none is due.
    mutating func refresh(program: Program, store: EventStore, now: Double, rules: [[RuleResult]],
                          holdouts: [HoldoutAssignment?]?) {
        if let holdouts {
            for tip in holdouts.indices where holdouts[tip] != self.holdouts[tip] {
                self.holdouts[tip] = holdouts[tip]
                markStale(tip)
            }
        }
        entries.expire(at: now)
        guard entries.hasStale else { return }
        let policy = DisplayPolicy(program: program, store: store, now: now, explaining: false)
        while let tip = entries.takeNextStale() {
            let standing = policy.standing(of: tip, rulesHold: rules[tip].allSatisfy(\.result), holdout: self.holdouts[tip])
            standings[tip] = standing
            entries.record(tip, policy.validity(of: tip, standing))
            if !isDecided[tip] {
                isDecided[tip] = true
                decided.append(tip)
            }
        }
    }

    /// The tips decided since the last call, in order: the only ones whose decision may differ
    /// from the last report.
    mutating func takeDecided() -> [Int] {
        guard !decided.isEmpty else { return [] }
        let tips = decided.sorted()
        for tip in tips { isDecided[tip] = false }
        decided.removeAll(keepingCapacity: true)
        return tips
    }
}
