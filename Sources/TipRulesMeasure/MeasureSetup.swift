import TipRulesRuntime

/// What every part of a measure run shares: the program, the experiment (the tip, its group, the
/// share held out when the program declares it), the goal event, the window and the instant.
struct MeasureSetup: Sendable {
    var program: Program
    /// The tip, by index in the program.
    var tip: Int
    var group: String
    /// The goal events, by index in the program: the primary goal, then each guardrail.
    var goals: [Int]
    /// Seconds after the first exposure in which the goal counts.
    var window: Double
    var now: Double
    /// The share held out that the tip's holdout declares, when `group` is its group; nil otherwise
    /// (the exposure rows say it).
    var percent: Int?
    /// With CUPED, how long before the first exposure the goal counts as the covariate, in seconds.
    var preWindow: Double?

    /// The setup with a program of its own, decoded again from its bytecode; `self` when it cannot be.
    func withOwnProgram() -> MeasureSetup {
        guard let copy = try? Program(bytes: program.encoded()) else { return self }
        var own = self
        own.program = copy
        return own
    }
}
