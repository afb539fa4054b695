import TipRulesRuntime
import TipRulesToolingCore

/// What every part of a reach run shares: the program, the baseline, the instant and the parameter
/// that takes each user's id.
package struct ReachSetup: Sendable {
    var program: Program
    var baseline: Program?
    var now: Double
    /// `--user-parameter`: the index of a `String` parameter in each program.
    var userParameter: (program: Int, baseline: Int?)?
    /// With a baseline: for each tip of the program, its index in the baseline (nil when the
    /// baseline does not declare it), and the baseline's tips the program does not declare.
    let baselineTips: BaselineTips

    /// The setup with programs of its own, decoded again from their bytecode (the same programs, no
    /// object shared with `self`); `self` when one cannot be decoded.
    func withOwnPrograms() -> ReachSetup {
        guard let program = try? Program(bytes: program.encoded()) else { return self }
        var own = self
        own.program = program
        if let baseline {
            guard let copy = try? Program(bytes: baseline.encoded()) else { return self }
            own.baseline = copy
        }
        return own
    }

    package init(program: Program, baseline: Program? = nil, now: Double, userParameter: (program: Int, baseline: Int?)? = nil) {
        self.program = program
        self.baseline = baseline
        self.now = now
        self.userParameter = userParameter
        baselineTips = BaselineTips(program: program, baseline: baseline)
    }
}

/// A bad row or user: where (a line ordinal of the part that read it, resolved to a file and line
/// at the end), which user, and what (the JSON path and what was expected).
package struct ReachInputError: Sendable, Equatable {
    var position: Int
    /// For a user whose rows are not contiguous: true, and where they began once the run has
    /// found it again (`ReachRun`; nil when the input cannot be read again).
    var beganEarlier = false
    var earlier: Int?
    var user: String?
    var message: String

    static let notContiguous = "the user's rows are not contiguous"
}

/// How a program's tips correspond to a baseline's, by id: found once for the run, so that
/// counting a user compares no names.
struct BaselineTips: Sendable {
    /// For each tip of the program, its index in the baseline; nil when the baseline does not declare it.
    var indices: [Int?] = []
    /// The indices of the baseline's tips that the program does not declare, in declaration order.
    var removed: [Int] = []

    init(program: Program, baseline: Program?) {
        guard let baseline else { return }
        indices = program.tips.map { tip in baseline.tips.firstIndex { $0.id == tip.id } }
        removed = baseline.tips.indices.filter { old in !program.tips.contains { $0.id == baseline.tips[old].id } }
    }
}
