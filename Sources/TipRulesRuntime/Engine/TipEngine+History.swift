/// Housekeeping of the saved history.
extension TipEngine {
    /// Deletes the donations no rule can see at `now` or later, as `pruneDonations(at:)` does, as
    /// housekeeping (a state folder's compaction): no decision from `now` on changes, so observers
    /// are not told and the clock does not move. Returns how many were deleted.
    @discardableResult
    public mutating func pruneHistory(at now: Double) -> Int {
        program.events.indices.reduce(0) { total, event in
            let deleted = store.pruneDonations(event: event, now: now)
            if deleted > 0 { donationsChanged(event: event) }
            return total + deleted
        }
    }
}
