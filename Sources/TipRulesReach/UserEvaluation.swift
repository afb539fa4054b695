import TipRulesRuntime
import TipRulesToolingCore

/// One program's side of a reach run: the fixture builder for a user's rows, the store they are
/// recorded in (one, emptied from user to user) and the evaluator (`eval`'s).
struct UserEvaluation {
    var builder: UserFixtureBuilder
    private var store: EventStore
    private var evaluator: Evaluator
    /// `--user-parameter`: the `String` parameter that takes the user's id when no row gives it.
    private let userParameter: Int?

    init(program: Program, userParameter: Int?) {
        builder = UserFixtureBuilder(program: program)
        store = EventStore(program: program)
        evaluator = Evaluator(program: program)
        self.userParameter = userParameter
    }

    /// The work of every evaluation so far (`Evaluator.workDone`).
    var workDone: Int { evaluator.workDone }

    /// The result for the user whose rows the builder holds.
    mutating func evaluate(user: UnsafeBufferPointer<UInt8>, now: Double) throws(FixtureError) -> EvaluationResult {
        if let userParameter { builder.giveDefault(.string(String(decoding: user, as: UTF8.self)), to: userParameter) }
        try builder.fill(&store, now: now)
        return evaluator.evaluate(store, now: now)
    }
}
