import TipRulesToolingCore

/// Reach's side of a run over rows: the rows of a user become its fixture and store (one store,
/// reused), evaluated by the runtime's `Evaluator` as `eval` does, with the baseline too, and counted.
package struct ReachCounter: UserCounter {
    let setup: ReachSetup
    package var tally: ReachTally
    private var program: UserEvaluation
    private var baseline: UserEvaluation?
    /// Whether `baseline` is set: what each row and user asks, without copying the optional (a
    /// large value) to ask it.
    private let hasBaseline: Bool

    package init(setup: ReachSetup) {
        self.setup = setup
        tally = ReachTally(program: setup.program, baseline: setup.baseline)
        program = UserEvaluation(program: setup.program, now: setup.now, userParameter: setup.userParameter?.program)
        baseline = setup.baseline.map { UserEvaluation(program: $0, now: setup.now, userParameter: setup.userParameter?.baseline) }
        hasBaseline = setup.baseline != nil
    }

    /// The work of both programs' evaluations so far, kept as a number (set after each user's): a
    /// property computed from the evaluations would copy them at every read, user after user.
    package private(set) var workDone = 0

    package mutating func startUser() {
        program.builder.reset()
        if hasBaseline { baseline?.builder.reset() }
    }

    package mutating func add(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        try program.builder.add(row, text: text)
        if hasBaseline { try baseline?.builder.add(row, text: text) }
    }

    package func makeDonationShapes() -> DonationShapes { DonationShapes(program: setup.program, baseline: setup.baseline) }

    @inline(__always)
    package mutating func addDonation(_ shapes: borrowing DonationShapes, text: UnsafeBufferPointer<UInt8>) {
        program.builder.addDonation(shapes, event: shapes.event, text: text)
        if hasBaseline { baseline?.builder.addDonation(shapes, event: shapes.baselineEvent, text: text) }
    }

    package mutating func count(user: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        defer {
            let (total, overflow) = program.workDone.addingReportingOverflow(hasBaseline ? baseline?.workDone ?? 0 : 0)
            workDone = overflow ? Int.max : total
        }
        try program.evaluate(user: user, now: setup.now)
        // Without a baseline, no pair of an outcome and its tips is made (and released) per user.
        guard hasBaseline else { return tally.add(program.outcome, of: setup.program, baseline: nil) }
        try baseline?.evaluate(user: user, now: setup.now)
        if let outcome = baseline?.outcome {
            tally.add(program.outcome, of: setup.program, baseline: (outcome, setup.baselineTips))
        }
    }
}
