/// What happens to a tip on screen: displays, closing, the action, invalidation and reset.
extension TipEngine {
    /// Records that a tip was on screen at `date` for `duration` seconds: its display count goes
    /// up by one and its displayed time by `duration`; a tip's first display sets the store's
    /// last display date (the display frequency counts from it). When the tip reaches its
    /// `MaxDisplayCount` or `MaxDisplayDuration` (at least 60 s), the invalidation is recorded,
    /// so that a later program with other limits does not bring the tip back. A tip with a
    /// holdout, displayed to a person in treatment, records its exposure at its first display.
    public mutating func recordDisplay(tip name: String, at date: Double, duration: Double = 0) throws {
        try recordDisplay(tip: tipIndex(name), at: date, duration: duration)
    }

    /// `recordDisplay(tip:at:duration:)` by tip index.
    public mutating func recordDisplay(tip index: Int, at date: Double, duration: Double = 0) throws {
        defer { notifyObservers(at: date) }
        guard program.tips.indices.contains(index) else { throw EngineError.noSuchTip("#\(index)") }
        guard OperationBounds.isDisplayedTime(duration) else { throw EngineError.invalidDuration(duration) }
        guard OperationBounds.isDate(date) else { throw EngineError.invalidDate(date) }
        if let exposure = treatmentExposure(ofTip: index, at: date) { recordExposure(exposure) }
        var state = store.tipState(index)
        if state.displayCount == 0 {
            store.lastDisplayDate = date
            lastDisplayDateChanged()
        }
        let (count, overflow) = state.displayCount.addingReportingOverflow(1)
        state.displayCount = overflow ? Int.max : count
        state.displayDuration += duration
        state.recordDisplayDate(date)
        if state.invalidation == nil {
            state.invalidation = DisplayPolicy.invalidation(program.tips[index].options, state)
            if state.invalidation != nil { state.invalidationDate = date }
        }
        store.setTipState(index, state)
        tipStateChanged(index)
    }

    /// The person closed the tip: it is invalidated with `tipClosed` (TipKit's
    /// `invalidate(reason: .tipClosed)`).
    public mutating func close(tip name: String) throws {
        try invalidate(tip: name, reason: .tipClosed)
    }

    /// The person performed the tip's action: it is invalidated with `actionPerformed`.
    public mutating func performAction(tip name: String) throws {
        try invalidate(tip: name, reason: .actionPerformed)
    }

    /// The person tapped the tip's button `action` (an id of its `actions`): the tip is
    /// invalidated with `actionPerformed`, as TipKit's action handlers do.
    public mutating func performAction(tip name: String, action: String) throws {
        let index = try tipIndex(name)
        guard program.tips[index].actions.contains(where: { $0.id == action }) else {
            throw EngineError.noSuchAction(tip: name, action: action)
        }
        try invalidate(tip: index, reason: .actionPerformed)
    }

    /// Invalidates a tip for `reason`, dated by the engine's `clock`; a tip already invalidated
    /// keeps its first reason.
    public mutating func invalidate(tip name: String, reason: InvalidationReason) throws {
        try invalidate(tip: tipIndex(name), reason: reason)
    }

    /// `invalidate(tip:reason:)` by tip index.
    public mutating func invalidate(tip index: Int, reason: InvalidationReason) throws {
        defer { notifyObservers() }
        guard program.tips.indices.contains(index) else { throw EngineError.noSuchTip("#\(index)") }
        var state = store.tipState(index)
        guard state.invalidation == nil else { return }
        state.invalidation = reason
        state.invalidationDate = clock
        store.setTipState(index, state)
        tipStateChanged(index)
    }

    /// Makes a tip eligible again, as if it had never been displayed: its invalidation, display
    /// count and displayed time are cleared (TipKit's `resetEligibility()`).
    public mutating func resetEligibility(tip name: String) throws {
        defer { notifyObservers() }
        let index = try tipIndex(name)
        store.setTipState(index, TipState())
        tipStateChanged(index)
    }
}
