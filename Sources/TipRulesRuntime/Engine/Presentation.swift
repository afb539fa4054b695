/// What a session presents (`TipEngine.presentation(at:)`): the tips to show, and the
/// exposures of the held-out tips it would have presented.
public struct Presentation: Hashable, Sendable {
    /// The ids of the tips to show, in declaration order.
    public var tips: [String]
    /// The holdout arm's exposures the session records (none already recorded for their tip and group).
    public var exposures: [Exposure]

    public init(tips: [String], exposures: [Exposure]) {
        self.tips = tips
        self.exposures = exposures
    }
}
