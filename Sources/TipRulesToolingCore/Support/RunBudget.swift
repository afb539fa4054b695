#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The work budget of a whole `simulate`, `test` or `reach` run (`--max-steps N`): the steps of
/// every evaluation the run does, added up. Each evaluation is bounded by its own budget
/// (docs/limits.md); this bounds how much a run may do in all, so that a program whose rules
/// each spend their whole budget cannot make a long timeline or many users run for hours. The
/// threads of a run share one.
package final class RunBudget: @unchecked Sendable {
    /// 2³¹ steps: some 10 million users or timeline steps of ordinary rules, or about 4,000
    /// evaluations that each spend the whole budget of one evaluation.
    package static let defaultSteps = 1 << 31
    /// The option that sets the budget.
    package static let option = "--max-steps"

    package let steps: Int
    private var lock = pthread_mutex_t()
    private var spent = 0

    package init(steps: Int = RunBudget.defaultSteps) {
        self.steps = steps
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// The budget `--max-steps` sets in `parsed`, or the default.
    package static func parse(_ parsed: ParsedArguments) -> Result<RunBudget, CommandError> {
        parsed.wholeNumber(option, in: 1...Int.max).map { RunBudget(steps: $0 ?? defaultSteps) }
    }

    /// Adds `work` steps to what the run spent; false once that is more than the budget.
    @discardableResult
    package func charge(_ work: Int) -> Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let (total, overflow) = spent.addingReportingOverflow(max(0, work))
        spent = overflow ? Int.max : total
        return spent <= steps
    }

    /// The steps spent so far (`Int.max` once the count overflowed).
    package var spentSteps: Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return spent
    }

    /// Whether the run spent more than its budget.
    package var isExhausted: Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return spent > steps
    }

    /// What a run that spent its budget stops with (exit 2).
    package var exhaustion: CommandError {
        CommandError("the run used up its work budget of \(steps) steps (\(Self.option) N raises it)")
    }
}

/// Charges a run's budget with the work counters of the evaluators it uses, as they grow.
package struct RunWorkMeter {
    package let budget: RunBudget
    /// The work charged so far.
    package private(set) var charged = 0

    package init(_ budget: RunBudget) {
        self.budget = budget
    }

    /// Charges what `total` (all the work done so far) adds; throws once the budget is spent.
    package mutating func update(total: Int) throws(CommandError) {
        let added = total - charged
        charged = total
        guard budget.charge(added) else { throw budget.exhaustion }
    }
}
