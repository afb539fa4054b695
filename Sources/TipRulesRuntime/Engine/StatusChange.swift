/// A change in what the engine decides for one tip between two observations: its status, its
/// pending reason (`result.pendingReason`), or whether it displays.
public struct StatusChange: Hashable, Sendable {
    /// The tip's id.
    public var tip: String
    /// Its status at the previous observation; nil at the first observation.
    public var oldStatus: TipStatus?
    public var newStatus: TipStatus
    /// Whether it displayed at the previous observation (false at the first).
    public var oldDisplay: Bool
    public var newDisplay: Bool
    /// The tip's full outcome now, with the reason (e.g. which rule became true).
    public var result: TipResult

    public init(tip: String, oldStatus: TipStatus?, newStatus: TipStatus, oldDisplay: Bool, newDisplay: Bool,
                result: TipResult) {
        self.tip = tip
        self.oldStatus = oldStatus
        self.newStatus = newStatus
        self.oldDisplay = oldDisplay
        self.newDisplay = newDisplay
        self.result = result
    }
}
