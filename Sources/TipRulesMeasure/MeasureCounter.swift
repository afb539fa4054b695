import TipRulesReach
import TipRulesRuntime
import TipRulesToolingCore

/// Measure's side of a run over rows: each user's rows are checked as reach checks them (one
/// store builder, reused), and a user exposed to the experiment is counted in their arm from the
/// first exposure t0 (unless crossed, or held out after a display of the tip: contaminated):
/// converted when the goal was donated in (t0, t0 + window], with how many
/// times, and in treatment whether the tip was shown, acted on or closed in [t0, t0 + window].
struct MeasureCounter: UserCounter {
    let setup: MeasureSetup
    var tally = MeasureTally()
    private var builder: UserStoreBuilder

    init(setup: MeasureSetup) {
        self.setup = setup
        tally.percent = setup.percent
        tally.guardrails = Array(repeating: MeasureTally.Arms(), count: max(0, setup.goals.count - 1))
        builder = UserStoreBuilder(program: setup.program, now: setup.now)
    }

    var workDone: Int { 0 }

    mutating func startUser() { builder.reset() }

    mutating func add(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        try builder.add(row, text: text)
    }

    func makeDonationShapes() -> DonationShapes { DonationShapes(program: setup.program) }

    mutating func addDonation(_ shapes: borrowing DonationShapes, text: UnsafeBufferPointer<UInt8>) {
        builder.addDonation(shapes, event: shapes.event, text: text)
    }

    mutating func count(user: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        var start: Double?
        var arm: HoldoutArm?
        var crossed = false
        for exposure in builder.exposures where exposure.tip == setup.tip && exposure.group == setup.group {
            if let percent = tally.percent, percent != exposure.percent {
                throw FixtureError(path: "percent", "the group '\(setup.group)' holds out \(percent) percent "
                                   + (setup.percent == nil ? "in earlier exposures" : "in the program") + ", but this exposure says \(exposure.percent)")
            }
            tally.percent = exposure.percent
            start = min(start ?? exposure.date, exposure.date)
            if let first = arm, first != exposure.arm { crossed = true }
            arm = arm ?? exposure.arm
        }
        tally.users += 1
        tally.userDigest &+= ProgramDigest.digest(user)
        guard let start, let arm else { return }
        let end = start + setup.window
        if crossed { return tally.crossed += 1 }
        if arm == .holdout, builder.interactions.contains(where: { $0.tip == setup.tip && $0.kind == .display && $0.date <= start }) {
            return tally.contaminated += 1
        }
        if end > setup.now { return tally.immature += 1 }
        var counts = tally[arm]
        do throws(CommandError) {
            try count(setup.goals[0], from: start, to: end, into: &counts)
            for index in tally.guardrails.indices {
                try count(setup.goals[index + 1], from: start, to: end, into: &tally.guardrails[index][arm])
            }
        } catch {
            throw FixtureError(path: "", error.message)
        }
        if arm == .treatment {
            var seen = (shown: false, actionPerformed: false, tipClosed: false)
            for interaction in builder.interactions where interaction.tip == setup.tip && interaction.date >= start && interaction.date <= end {
                switch interaction.kind {
                case .display: seen.shown = true
                case .actionPerformed: seen.actionPerformed = true
                case .tipClosed: seen.tipClosed = true
                }
            }
            // At most one each a user: never past the users count.
            if seen.shown { counts.shown += 1 }
            if seen.actionPerformed { counts.actionPerformed += 1 }
            if seen.tipClosed { counts.tipClosed += 1 }
        }
        tally[arm] = counts
    }

    /// Adds the user, and whether and how often they reached `goal` in (start, end], to `counts`;
    /// with CUPED, how often in [start − pre-window, start) too.
    private func count(_ goal: Int, from start: Double, to end: Double, into counts: inout MeasureTally.Arm) throws(CommandError) {
        let dates = builder.donationDates(of: goal)
        let goals = dates.reduce(0) { $0 + ($1 > start && $1 <= end ? 1 : 0) }
        if let preWindow = setup.preWindow {
            let before = dates.reduce(0) { $0 + ($1 >= start - preWindow && $1 < start ? 1 : 0) }
            // At most a million goals a user: the products cannot overflow.
            try MeasureTally.add(before, to: &counts.preSum, "preSum")
            try MeasureTally.add(before * before, to: &counts.preSumOfSquares, "preSumOfSquares")
            try MeasureTally.add(before * goals, to: &counts.preGoalProducts, "preGoalProducts")
            try MeasureTally.add(goals > 0 ? before : 0, to: &counts.preConvertedProducts, "preConvertedProducts")
        }
        try MeasureTally.add(1, to: &counts.users, "users")
        try MeasureTally.add(goals > 0 ? 1 : 0, to: &counts.converted, "converted")
        try MeasureTally.add(goals, to: &counts.goalSum, "goalSum")
        // At most a million goals a user (docs/limits.md): the square cannot overflow.
        try MeasureTally.add(goals * goals, to: &counts.goalSumOfSquares, "goalSumOfSquares")
    }
}
