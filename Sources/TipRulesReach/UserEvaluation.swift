import TipRulesRuntime
import TipRulesToolingCore

/// One program's side of a reach run: the builder of a user's store (one store, emptied from user
/// to user), the evaluator (`eval`'s) and the outcome it fills, all reused.
struct UserEvaluation {
    var builder: UserStoreBuilder
    private var evaluator: Evaluator
    private(set) var outcome = Outcome()
    /// `--user-parameter`: the `String` parameter that takes the user's id when no row gives it.
    private let userParameter: Int?

    init(program: Program, now: Double, userParameter: Int?) {
        builder = UserStoreBuilder(program: program, now: now)
        evaluator = Evaluator(program: program)
        self.userParameter = userParameter
    }

    /// The work of every evaluation so far (`Evaluator.workDone`), read once after each evaluation
    /// and kept as a number: the evaluator's own count copies the evaluator at every read.
    private(set) var workDone = 0

    /// Evaluates the user whose rows the builder holds into `outcome`.
    mutating func evaluate(user: UnsafeBufferPointer<UInt8>, now: Double) throws(FixtureError) {
        if let userParameter { builder.giveDefault(.string(String(decoding: user, as: UTF8.self)), to: userParameter) }
        try builder.finish()
        builder.decide(with: &evaluator, now: now, into: &outcome)
        workDone = evaluator.workDone
    }
}
