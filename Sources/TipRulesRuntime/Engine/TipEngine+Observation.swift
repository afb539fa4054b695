/// Observing status changes: by asking (`statusChanges(at:)`) or by callback
/// (`observeStatusChanges(_:)`). Both see the same changes: each change is reported once,
/// returned to the caller who asked and given to every observer.
extension TipEngine {
    /// Calls `handler` with each change of a tip's status, pending reason or display, after
    /// every operation that changed something and at every `advance(to:)` or
    /// `statusChanges(at:)`. Operations with a date (donations, displays, pruning) evaluate at
    /// that date; the others at `clock`, the latest instant the engine was told of (no call
    /// before the first). The first delivery reports every tip (from no status).
    ///
    /// The engine is a value: a handler must not use the engine it observes (Swift's
    /// exclusive access forbids it during the call); keep the changes and act after the call
    /// returns. Copies of an engine share its observers.
    public mutating func observeStatusChanges(_ handler: @escaping (StatusChange) -> Void) -> StatusObservation {
        StatusObservation(id: observers.add(handler), observers: observers)
    }

    /// Time passes: tells the observers what changed by `now` (a frequency hold that ended, a
    /// window that closed).
    public mutating func advance(to now: Double) {
        notifyObservers(at: now)
    }

    /// After an operation: delivers the changes at `date`, or at `clock`.
    package mutating func notifyObservers(at date: Double? = nil) {
        if let date { clock = max(clock ?? date, date) }
        guard !observers.isEmpty, let now = clock else { return }
        _ = statusChanges(at: now)
    }

    /// The tips whose status, pending reason or display changed since the previous call (or
    /// delivery to observers), evaluated at `now`; observers get them too.
    /// The first call reports every tip (from no status), so an app can start from it.
    public mutating func statusChanges(at now: Double) -> [StatusChange] {
        clock = max(clock ?? now, now)
        if let changes = incrementalStatusChanges(at: now) {
            if !changes.isEmpty { observers.deliver(changes) }
            return changes
        }
        let tips = evaluator.evaluate(store, now: now, explaining: true).tips
        let previous = observed
        observed = tips.map { ($0.status, $0.pendingReason, $0.display) }
        let changes = tips.enumerated().compactMap { index, tip in
            Self.change(of: tip, from: previous.flatMap { $0.indices.contains(index) ? $0[index] : nil })
        }
        if !changes.isEmpty { observers.deliver(changes) }
        return changes
    }

    /// The change of `tip` since a report said `old` of it (nil: never reported); nil when its
    /// status, pending reason and display are the same.
    static func change(of tip: TipResult, from old: Observed?) -> StatusChange? {
        if let old, old.status == tip.status, old.pendingReason == tip.pendingReason, old.display == tip.display {
            return nil
        }
        return StatusChange(tip: tip.id, oldStatus: old?.status, newStatus: tip.status,
                            oldDisplay: old?.display ?? false, newDisplay: tip.display, result: tip)
    }
}
