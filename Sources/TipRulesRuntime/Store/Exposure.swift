/// A tip's exposure in its holdout experiment: the moment a unit entered it, recorded once per
/// tip and holdout group. In treatment it is the tip's first display; in the holdout arm, the
/// first moment the engine would have presented the tip (its rules hold and the display policy
/// would show it).
public struct Exposure: Hashable, Sendable {
    /// The tip's id.
    public var tip: String
    /// The holdout group (`holdout(…, group:)`, by default the tip's id).
    public var group: String
    /// The holdout's share, 1 to 50.
    public var percent: Int
    public var arm: HoldoutArm
    /// Seconds since 1970.
    public var date: Double

    public init(tip: String, group: String, percent: Int, arm: HoldoutArm, date: Double) {
        self.tip = tip
        self.group = group
        self.percent = percent
        self.arm = arm
        self.date = date
    }
}

extension EventStore {
    /// The exposure of `tip` (an id) in `group`, if one is recorded.
    public func exposure(tip: String, group: String) -> Exposure? {
        exposures.first { $0.tip == tip && $0.group == group }
    }

    /// Records `exposure` unless an earlier one of its tip and group is recorded (the earliest
    /// wins, as when histories merge); returns whether the store changed. A date that is not
    /// finite, or a share outside 1…50, is refused (`StoreError.invalidExposure`).
    @discardableResult
    public mutating func recordExposure(_ exposure: Exposure) throws -> Bool {
        guard exposure.date.isFinite, Holdout.percentRange.contains(exposure.percent) else {
            throw StoreError.invalidExposure(tip: exposure.tip)
        }
        if let index = exposures.firstIndex(where: { $0.tip == exposure.tip && $0.group == exposure.group }) {
            guard exposure.date < exposures[index].date else { return false }
            exposures[index] = exposure
            return true
        }
        exposures.append(exposure)
        return true
    }
}
