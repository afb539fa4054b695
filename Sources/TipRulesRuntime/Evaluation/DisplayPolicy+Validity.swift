/// When a tip's decision can change with time alone.
extension DisplayPolicy {
    /// The instants for which `standing`, decided at `now`, holds while the tip's rule results
    /// and state, the testing overrides and the store's last display date stay as they are. A
    /// tip shown by an override, invalidated or held back by its rules holds at every instant;
    /// otherwise until its frequency cap or the display frequency lets it go, or a display dated
    /// after now enters a cap's window.
    func validity(of index: Int, _ standing: Standing) -> Validity {
        if standing.override == .shown || standing.status == .invalidated || standing.pendingReason == .rules {
            return .always
        }
        var until = standing.pendingUntil.map { Validity.earliest($0, plus: 0) } ?? .infinity
        let displays = store.tipState(index).displayDates
        if !program.tips[index].options.frequencyCaps.isEmpty {
            let next = partitionPoint(in: displays.indices) { displays[$0] > now }
            if next < displays.count { until = min(until, displays[next]) }
        }
        return Validity(from: now, until: until)
    }
}
