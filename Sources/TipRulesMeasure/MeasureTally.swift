import TipRulesReach
import TipRulesRuntime
import TipRulesToolingCore

/// The sufficient statistics of a measure report, all whole numbers: per arm the users, how many
/// converted, the sum and the sum of squares of their goal counts, and the treatment's interactions;
/// the users left out (immature, crossed, contaminated) and the share held out the exposures give.
/// Adding a user and merging two tallies are the only ways they change, so a run split any way
/// merges exactly. Each run's tally is a part with an identity (a digest of its users), so that
/// a part merged twice is refused.
package struct MeasureTally: RowsTally, Equatable {
    /// Users read (every user of the rows, exposed or not).
    package var users = 0
    package var rows = 0
    package var skippedUsers = 0
    /// Exposed users whose window has not ended by now.
    var immature = 0
    /// Exposed users whose exposures put them in both arms.
    var crossed = 0
    /// Held-out users who displayed the tip at or before their first exposure.
    var contaminated = 0
    /// The sum (wrapping) of a digest of each user's id read so far: the same users, the same sum.
    var userDigest: UInt64 = 0
    /// The identities of the runs merged into this tally (none before `sealed()`).
    var parts: Set<UInt64> = []
    /// The share held out, as the program declares it or the first exposure gave it; nil before any.
    var percent: Int?
    var treatment = Arm()
    var holdout = Arm()
    /// Each guardrail goal's counts (after the primary goal's in `treatment` and `holdout`), in the
    /// order of the goals: the users are the arms', the interactions left at 0.
    var guardrails: [Arms] = []

    /// The two arms' counts of one goal.
    struct Arms: Equatable {
        var treatment = Arm()
        var holdout = Arm()

        subscript(arm: HoldoutArm) -> Arm {
            get { arm == .treatment ? treatment : holdout }
            set { if arm == .treatment { treatment = newValue } else { holdout = newValue } }
        }
    }

    /// One arm's counts.
    struct Arm: Equatable {
        /// The counts of a goal, which each goal has (the others are the arm's).
        static let goalCountNames = ["converted", "goalSum", "goalSumOfSquares"]

        var users = 0
        var converted = 0
        var goalSum = 0
        var goalSumOfSquares = 0
        /// Users with a display, an action performed, a tip closed in their window (kept for treatment).
        var shown = 0
        var actionPerformed = 0
        var tipClosed = 0
        /// With CUPED: the sum and sum of squares of the users' goal counts before the exposure (the
        /// covariate), and the sums of covariate × goal count and of covariate × converted.
        var preSum = 0
        var preSumOfSquares = 0
        var preGoalProducts = 0
        var preConvertedProducts = 0

        static let preCountNames = ["preSum", "preSumOfSquares", "preGoalProducts", "preConvertedProducts"]

        /// The covariate's counts in the order of `preCountNames`.
        var preCounts: [Int] {
            get { [preSum, preSumOfSquares, preGoalProducts, preConvertedProducts] }
            set { (preSum, preSumOfSquares, preGoalProducts, preConvertedProducts) = (newValue[0], newValue[1], newValue[2], newValue[3]) }
        }

        static let countNames = ["users", "converted", "goalSum", "goalSumOfSquares", "shown", "actionPerformed", "tipClosed"]

        /// The goal's counts in the order of `goalCountNames`.
        var goalCounts: [Int] {
            get { [converted, goalSum, goalSumOfSquares] }
            set { (converted, goalSum, goalSumOfSquares) = (newValue[0], newValue[1], newValue[2]) }
        }

        /// The counts in the order of `countNames`.
        var counts: [Int] {
            get { [users, converted, goalSum, goalSumOfSquares, shown, actionPerformed, tipClosed] }
            set { (users, converted, goalSum, goalSumOfSquares, shown, actionPerformed, tipClosed) =
                  (newValue[0], newValue[1], newValue[2], newValue[3], newValue[4], newValue[5], newValue[6]) }
        }
    }

    subscript(arm: HoldoutArm) -> Arm {
        get { arm == .treatment ? treatment : holdout }
        set { if arm == .treatment { treatment = newValue } else { holdout = newValue } }
    }

    package mutating func merge(_ other: MeasureTally) throws(CommandError) {
        if let mine = percent, let theirs = other.percent, mine != theirs {
            throw CommandError("the exposures hold out two shares of the group: \(mine) and \(theirs) percent")
        }
        percent = percent ?? other.percent
        try Self.add(other.users, to: &users, "users")
        try Self.add(other.rows, to: &rows, "rows")
        try Self.add(other.skippedUsers, to: &skippedUsers, "skippedUsers")
        try Self.add(other.immature, to: &immature, "immature")
        try Self.add(other.crossed, to: &crossed, "crossed")
        try Self.add(other.contaminated, to: &contaminated, "contaminated")
        if let twice = parts.intersection(other.parts).min() {
            throw CommandError("the same part of the rows is given twice (part \(Self.partName(twice)))")
        }
        parts.formUnion(other.parts)
        userDigest &+= other.userDigest
        guard guardrails.count == other.guardrails.count else {
            throw CommandError("the tallies count \(guardrails.count) and \(other.guardrails.count) guardrail goals")
        }
        for arm in HoldoutArm.allCases {
            try Self.add(other[arm], to: &self[arm], arm.rawValue)
            for index in guardrails.indices {
                try Self.add(other.guardrails[index][arm], to: &guardrails[index][arm], "guardrails[\(index)].\(arm.rawValue)")
            }
        }
    }

    /// Adds one arm's counts to another's, naming the count that would overflow.
    private static func add(_ other: Arm, to arm: inout Arm, _ name: String) throws(CommandError) {
        var counts = arm.counts, preCounts = arm.preCounts
        for (index, count) in Arm.countNames.enumerated() {
            try add(other.counts[index], to: &counts[index], "\(name).\(count)")
        }
        for (index, count) in Arm.preCountNames.enumerated() {
            try add(other.preCounts[index], to: &preCounts[index], "\(name).\(count)")
        }
        (arm.counts, arm.preCounts) = (counts, preCounts)
    }

    /// The tally of a whole run, a part: its identity is its users' digest (a run without users
    /// adds nothing, and has none).
    func sealed() -> MeasureTally {
        var tally = self
        if users > 0 { tally.parts = [userDigest] }
        return tally
    }

    /// A part's identity as a partial writes it: 16 hexadecimal digits.
    static func partName(_ part: UInt64) -> String {
        let digits = String(part, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Adds `amount` to `total`, or names the count that would pass `Int.max`.
    static func add(_ amount: Int, to total: inout Int, _ name: @autoclosure () -> String) throws(CommandError) {
        let (sum, overflow) = total.addingReportingOverflow(amount)
        guard !overflow else { throw CommandError("\(name()): the merged count is larger than \(Int.max)") }
        total = sum
    }
}
