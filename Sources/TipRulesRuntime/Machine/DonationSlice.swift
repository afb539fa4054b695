/// A donation collection as the VM holds it: a contiguous range of an event's rows (what
/// `donations` and windows over it give), or a range of positions in the VM's row arena
/// (what `filter` and subsets give). Rows are always in date order.
struct DonationSlice {
    /// `lower..<upper` are rows; otherwise they are positions in the row arena.
    var isRange: Bool
    var lower: Int
    var upper: Int

    static let empty = DonationSlice(isRange: true, lower: 0, upper: 0)

    var count: Int { upper - lower }

    /// The row at `position` (0-based within the collection).
    @inline(__always)
    func row(_ position: Int, arena: [Int]) -> Int {
        isRange ? lower + position : arena[lower + position]
    }

    /// The sub-collection of positions `start..<end`.
    func slice(_ start: Int, _ end: Int) -> DonationSlice {
        DonationSlice(isRange: isRange, lower: lower + start, upper: lower + end)
    }
}
