/// Observing status changes.
extension TipEngine {
    /// The tips whose status, pending reason or display changed since the previous call,
    /// evaluated at `now`.
    /// The first call reports every tip (from no status), so an app can start from it.
    public mutating func statusChanges(at now: Double) -> [StatusChange] {
        let tips = evaluate(at: now).tips
        let previous = observed
        observed = tips.map { ($0.status, $0.pendingReason, $0.display) }
        return tips.enumerated().compactMap { index, tip in
            let old = previous.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            if let old, old.status == tip.status, old.pendingReason == tip.pendingReason, old.display == tip.display {
                return nil
            }
            return StatusChange(tip: tip.id, oldStatus: old?.status, newStatus: tip.status,
                                oldDisplay: old?.display ?? false, newDisplay: tip.display, result: tip)
        }
    }
}
