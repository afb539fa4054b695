/// A whole rule of a common shape that the machine decides natively instead of running its
/// instructions: a parameter compared with a constant, a donation count (in a window or not)
/// compared with a constant, the size of a donation subset's group (of a few donations, in a
/// window or not) compared with a constant, a `Version` parameter compared with a constant, and
/// a rollout of a parameter with a constant share and group. `ExecutableCode` recognises them when a program
/// is loaded (the evaluator keeps them beside the rules' `ExecutableCode`), as closure loops
/// are fused (`ScanPlan`). A trivial value: deciding one copies and retains nothing.
///
/// A native rule only restates its verified instructions: the same result, the same failure
/// (kind and line), the same work charged to the evaluation's budget. It is the fast path's
/// only: the explain mode always runs the instructions, so its records are theirs.
struct NativeRule {
    /// What the rule computes.
    enum Kind {
        /// `param P; const K; compare op; ret`, either operand first, or `param P; ret` of a
        /// `Bool` parameter (as `== true`).
        case parameter(ParameterTest)
        /// `donations E; [const D; within E;] count; const K; compareInt op; ret`, either
        /// operand first: how many donations the rule sees (in the last `window` seconds)
        /// compared with `K`.
        case count(event: Int, window: Double?, comparison: ComparisonOperator, bound: Int)
        /// `donations E; [const D; within E;] largestSubset E F; count; const K; compareInt op;
        /// ret` (or `smallestSubset`), either operand first: the size of the largest (smallest)
        /// group of equal field `F` values among the donations the rule sees (in the last
        /// `window` seconds) compared with `K`. Decided natively for at most
        /// `NativeRule.groupedRowLimit` donations (pairs compared, no table); more are left to the
        /// instructions.
        case groupCount(event: Int, window: Double?, grouping: Grouping, comparison: ComparisonOperator, bound: Int)
        /// `param P; const V; compareVersion op; ret`, either operand first: the parameter, a
        /// `Version`, compared with a release constant.
        case version(parameter: Int, comparison: ComparisonOperator, constant: ReleaseVersion, constantLength: Int)
        /// `const S; param P; const G; rollout; ret` with `S` in 0...100: whether the
        /// parameter's bucket in group `G` is within `S`. `group` has hashed `G` and `:`.
        case rollout(parameter: Int, share: Int, group: MurmurHash3.Hasher, groupLength: Int)
    }

    /// What a `.groupCount` rule groups by: the field operand (0 the date), whether its values
    /// are floating-point (`0.0` and `-0.0` one group, every NaN one group), and whether the
    /// largest group or the smallest wins.
    struct Grouping {
        let field: Int
        let floating: Bool
        let largest: Bool
    }

    /// The most donations a `.groupCount` rule groups natively: comparing each with those
    /// before it costs less than the machine's group table up to about this many.
    static let groupedRowLimit = 32

    /// A parameter compared with a constant: the `.parameter` kind's rule.
    struct ParameterTest {
        let parameter: Int
        let test: ConstantTest
        /// The source line of the comparison.
        let line: Int

        /// The rule's result for the parameter values `parameters`, charging `work`.
        @inline(__always)
        func decide(_ parameters: [ScalarValue], constants: [ScalarValue], work: inout Int) -> Result<Bool, EvaluationFailure> {
            test.holds(for: parameters[parameter], constants: constants, work: &work, line: line)
        }
    }

    /// A parameter's comparison with a constant, by the compared type.
    enum ConstantTest {
        /// `Bool` and `Int`: the slot bits as integers.
        case integer(ComparisonOperator, Int)
        /// `Double`, `Date` and `Duration`.
        case floating(ComparisonOperator, Double)
        /// `String`, charged by the bytes of both strings as `compareString` is: the constant's
        /// index in the program's constants, so that a native rule stays a trivial value.
        case string(ComparisonOperator, constant: Int)
    }

    let kind: Kind
    /// The source line of the instruction that can fail (the comparison, the rollout, or the
    /// subset, which charges a step per donation).
    let line: Int

    /// The rule's parameter test, when it is one.
    var parameterTest: ParameterTest? {
        if case .parameter(let test) = kind { return test }
        return nil
    }

    /// The event whose visible rows `decide` reads, if it reads any.
    var event: Int? {
        switch kind {
        case .count(let event, _, _, _), .groupCount(let event, _, _, _, _): return event
        case .parameter, .version, .rollout: return nil
        }
    }

    /// The rule's result at `now`; nil when its instructions must decide it (a `.groupCount`
    /// rule over more than `groupedRowLimit` donations), then with no work charged. `visible` is
    /// the rows of `event` the rule sees at now (unused by a rule that reads no donations);
    /// `program` is the rule's (for a string constant); `work` is the evaluation's work so far.
    @inline(__always)
    func decide(parameters: [ScalarValue], donations: [DonationColumns], visible: Range<Int>, now: Double,
                program: Program, work: inout Int) -> Result<Bool, EvaluationFailure>? {
        switch kind {
        case .parameter(let test):
            return test.decide(parameters, constants: program.constants, work: &work)
        case .count(let event, let window, let comparison, let bound):
            let lower = Machine.windowStart(visible, of: donations, event: event, now: now, window: window)
            return .success(comparison.compare(visible.upperBound - lower, bound))
        case .groupCount(let event, let window, let grouping, let comparison, let bound):
            let lower = Machine.windowStart(visible, of: donations, event: event, now: now, window: window)
            let rows = lower..<visible.upperBound
            guard rows.count <= Self.groupedRowLimit else { return nil }
            // The subset instruction charges a step per donation it groups.
            if Machine.charge(&work, rows.count) { return failure(.tooMuchWork) }
            let size = Machine.winningGroupSize(of: rows, in: donations[event].columns[grouping.field],
                                                floating: grouping.floating, largest: grouping.largest)
            return .success(comparison.compare(size, bound))
        case .version(let parameter, let comparison, let constant, let constantLength):
            guard case .string(let text) = parameters[parameter] else { return failure(.invalidProgram) }
            if Machine.charge(&work, StringCost.scanning(text.utf8.count + constantLength)) { return failure(.tooMuchWork) }
            guard let version = SemanticVersion(text) else { return failure(.invalidVersion) }
            return .success(comparison.compare(version, constant.version))
        case .rollout(let parameter, let share, let group, let groupLength):
            guard case .string(let id) = parameters[parameter] else { return failure(.invalidProgram) }
            if Machine.charge(&work, StringCost.scanning(id.utf8.count + groupLength)) { return failure(.tooMuchWork) }
            guard !id.isEmpty, share > 0 else { return .success(false) }
            return .success(RolloutBucket.bucket(of: id, after: group) <= share)
        }
    }

    /// The rule's result at `now`, read straight from `store` (which fits `program`, the
    /// rule's): nothing to prepare, and the rule's work from a budget of its own, as when it is
    /// evaluated alone. Nil when its instructions must decide it.
    @inline(__always)
    func decide(_ store: EventStore, now: Double, program: Program) -> Result<Bool, EvaluationFailure>? {
        var work = 0
        var visible = 0..<0
        if let event { visible = store.visibleRows(event: event, now: now) }
        return decide(parameters: store.parameterValues, donations: store.donations, visible: visible, now: now,
                      program: program, work: &work)
    }

    private func failure(_ kind: EvaluationFailure.Kind) -> Result<Bool, EvaluationFailure> {
        .failure(EvaluationFailure(kind: kind, line: line))
    }
}

/// A release version (no pre-release) held as three numbers, so that a native rule holding
/// it is a trivial value.
struct ReleaseVersion {
    var major: Int
    var minor: Int
    var patch: Int

    init?(_ version: SemanticVersion) {
        guard version.prerelease.isEmpty else { return nil }
        (major, minor, patch) = (version.major, version.minor, version.patch)
    }

    var version: SemanticVersion { SemanticVersion(major: major, minor: minor, patch: patch) }
}

extension NativeRule.ConstantTest {
    /// The comparison of a parameter's value with the constant, or why it failed at `line`.
    @inline(__always)
    func holds(for value: ScalarValue, constants: [ScalarValue], work: inout Int, line: Int) -> Result<Bool, EvaluationFailure> {
        switch (self, value) {
        case (.integer(let comparison, let constant), .bool(let flag)):
            return .success(comparison.compare(flag ? 1 : 0, constant))
        case (.integer(let comparison, let constant), .int(let number)):
            return .success(comparison.compare(number, constant))
        case (.floating(let comparison, let constant), .double(let number)),
             (.floating(let comparison, let constant), .date(let number)),
             (.floating(let comparison, let constant), .duration(let number)):
            return .success(comparison.compare(number, constant))
        case (.string(let comparison, let index), .string(let text)):
            guard case .string(let constant) = constants[index] else { break }
            if Machine.charge(&work, StringCost.scanning(text.utf8.count + constant.utf8.count)) {
                return .failure(EvaluationFailure(kind: .tooMuchWork, line: line))
            }
            return .success(comparison.compare(text, constant))
        default:
            break
        }
        // The evaluator checked the store's parameter types against the program's.
        return .failure(EvaluationFailure(kind: .invalidProgram, line: line))
    }
}
