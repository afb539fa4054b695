extension TipInfo {
    /// The summary of the rule that pauses a tip in a release (`tiprulec publish --pause`, a
    /// kill switch): a rule that is always false, so the tip never displays under that program.
    public static let pauseRuleSummary = "paused by the channel"

    /// Whether this program pauses the tip (it carries the pause rule).
    public var isPaused: Bool {
        rules.contains { $0.code.summary == Self.pauseRuleSummary }
    }
}
