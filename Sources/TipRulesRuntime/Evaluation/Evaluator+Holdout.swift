/// Where a unit stands in each tip's holdout: the tip's bucket code run at an instant.
extension Evaluator {
    /// The unit's bucket and arm in tip `tip`'s holdout at `now`; nil when the tip has no
    /// holdout, when the ID is empty (the unit is in neither arm), when the ID's evaluation
    /// fails and when the store does not fit the program.
    public mutating func holdoutAssignment(ofTip tip: Int, store: EventStore, now: Double) -> HoldoutAssignment? {
        guard holdouts.indices.contains(tip), holdouts[tip] != nil, prepare(store, now: now) else { return nil }
        defer { machine.finish() }
        return assignment(ofTip: tip)
    }

    /// Every tip's holdout assignment at `now` (nil for the tips without one); no evaluation
    /// at all for a program without holdouts.
    mutating func holdoutAssignments(store: EventStore, now: Double) -> [HoldoutAssignment?] {
        guard hasHoldouts else { return Array(repeating: nil, count: holdouts.count) }
        guard prepare(store, now: now) else { return Array(repeating: nil, count: holdouts.count) }
        defer { machine.finish() }
        return assignments()
    }

    /// Every tip's holdout assignment at the instant `prepare` began.
    mutating func assignments() -> [HoldoutAssignment?] {
        guard hasHoldouts else { return Array(repeating: nil, count: holdouts.count) }
        return holdouts.indices.map { assignment(ofTip: $0) }
    }

    /// Tip `tip`'s holdout assignment at the instant `prepare` began.
    mutating func assignment(ofTip tip: Int) -> HoldoutAssignment? {
        guard let code = holdouts[tip], let holdout = program.tips[tip].holdout,
              case .success(let bits) = machine.number(code, native: nil) else { return nil }
        let value = SlotEncoding.double(bits)
        guard value >= 1, value <= 100, let bucket = Int(exactly: value), let arm = holdout.arm(ofBucket: bucket) else {
            return nil
        }
        return HoldoutAssignment(bucket: bucket, arm: arm)
    }
}
