/// The bookkeeping of a cache of results computed at some instant: which results are stale (an
/// input changed, or they were never computed), and for which instants each of the others holds.
struct CacheEntries {
    private(set) var validity: [Validity]
    private var stale: [Bool]
    private var staleList: [Int]
    /// Whether `staleList` is in decreasing order, so that its last is the next to take.
    private var staleListDescends = false
    /// The instant of the last `expire(at:)`: every result not stale holds at it.
    private var checkedAt: Double?

    /// `count` results, all stale.
    init(count: Int) {
        validity = Array(repeating: .only(.nan), count: count)
        stale = Array(repeating: true, count: count)
        staleList = Array(0..<count)
    }

    mutating func markStale(_ index: Int) {
        guard !stale[index] else { return }
        stale[index] = true
        staleList.append(index)
        staleListDescends = false
    }

    mutating func markAllStale() {
        for index in stale.indices { markStale(index) }
    }

    /// Marks stale every result that does not hold at `now`.
    mutating func expire(at now: Double) {
        guard now != checkedAt else { return }
        checkedAt = now
        for index in validity.indices where !stale[index] && !validity[index].holds(at: now) { markStale(index) }
    }

    /// Whether any result is stale.
    var hasStale: Bool { !staleList.isEmpty }

    /// The stale result of the lowest index, no longer marked stale; nil when none is left. The
    /// caller computes each again and records its validity (or marks everything stale if it
    /// cannot). Taking them one by one allocates nothing.
    mutating func takeNextStale() -> Int? {
        if !staleListDescends {
            // One stale result (a donation read by one rule) needs no sort.
            if staleList.count > 1 { staleList.sort(by: >) }
            staleListDescends = true
        }
        guard let index = staleList.popLast() else { return nil }
        stale[index] = false
        return index
    }

    /// Records that result `index`, computed again, holds for `validity`.
    mutating func record(_ index: Int, _ validity: Validity) {
        self.validity[index] = validity
    }
}
