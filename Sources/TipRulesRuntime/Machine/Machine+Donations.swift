/// What an aggregate instruction produces.
enum AggregateResult {
    /// `sum(of:)`: a plain value.
    case value(UInt64)
    /// `min(of:)`, `max(of:)`: the column bits of the extreme value; nil for an empty collection.
    case optional(UInt64?)
    /// `sum(of:)` of `Int`s overflowed.
    case overflow
}

/// The donation instructions: windows, subsets and aggregates. Each touches only the
/// donations it must: a window is one binary search, a subset two passes, an aggregate one.
extension Machine {
    /// Calls `body` with each row of `slice`, oldest first.
    @inline(__always)
    func forEachRow(_ slice: DonationSlice, _ body: (Int) -> Void) {
        if slice.isRange {
            for row in slice.lower..<slice.upper { body(row) }
        } else {
            for position in slice.lower..<slice.upper { body(rows[position]) }
        }
    }

    /// `donatedWithin`: the donations dated at or after `oldest`. The rows of every collection
    /// are already at or before now, so only the lower end needs a binary search. Static: a call
    /// to a method of the machine from `run` would copy the whole machine.
    static func window(_ slice: DonationSlice, dates: [UInt64], oldest: Double, arena: [Int]) -> DonationSlice {
        let start = partitionPoint(in: 0..<slice.count) { SlotEncoding.double(dates[slice.row($0, arena: arena)]) >= oldest }
        return slice.slice(start, slice.count)
    }

    /// Where `donatedWithin` of a constant `window` starts in an event's `visible` rows at `now`:
    /// the first dated at or after `now - window` (the first visible row without a window). Reads
    /// the event's dates alone: binding its columns would retain each of their arrays.
    @inline(__always)
    static func windowStart(_ visible: Range<Int>, of donations: [DonationColumns], event: Int, now: Double,
                            window: Double?) -> Int {
        guard let window else { return visible.lowerBound }
        let oldest = now - window
        let dates = donations[event].columns[0]
        return partitionPoint(in: visible) { SlotEncoding.double(dates[$0]) >= oldest }
    }

    /// `largestSubset(groupedBy:)` / `smallestSubset(groupedBy:)`: the donations of the group
    /// with the most (fewest) donations of equal `column` values. Of groups of equal size, the
    /// one whose first donation is oldest wins. `floating` columns group `0.0` with `-0.0`
    /// and all NaNs together. The result keeps date order.
    mutating func subset(_ slice: DonationSlice, by column: GroupedColumn, largest: Bool) -> DonationSlice {
        countGroups(slice, by: column)
        guard let winner = groups.winner(largest: largest) else { return slice }
        let start = rows.count
        for position in winner.first..<slice.count {
            let row = slice.row(position, arena: rows)
            if Self.groupKey(column.values[row], floating: column.floating) == winner.key { rows.append(row) }
        }
        return DonationSlice(isRange: false, lower: start, upper: rows.count)
    }

    /// The size of the group `subset` would return (0 for an empty collection): one pass.
    mutating func winningGroupSize(_ slice: DonationSlice, by column: GroupedColumn, largest: Bool) -> Int {
        if !column.floating, let range = narrowRange(slice, of: column) {
            return groups.winningSize(slice, column: column.values, arena: rows, range: range, largest: largest)
        }
        countGroups(slice, by: column)
        return groups.winner(largest: largest)?.count ?? 0
    }

    /// `winningGroupSize` of a few rows (`rows` of `column`, at most `NativeRule.groupedRowLimit`
    /// of them) without the group table: each group is counted from its first row by comparing
    /// the rows after it, a bit per row marking those counted (a row marked starts no group). No
    /// allocation, no hashing; 0 for more rows than the bits.
    static func winningGroupSize(of rows: Range<Int>, in column: [UInt64], floating: Bool, largest: Bool) -> Int {
        guard rows.count <= UInt64.bitWidth else { return 0 }
        return floating ? winningGroupSize(of: rows, in: column, largest: largest) { groupKey($0, floating: true) }
                        : winningGroupSize(of: rows, in: column, largest: largest) { $0 }
    }

    @inline(__always)
    private static func winningGroupSize(of rows: Range<Int>, in column: [UInt64], largest: Bool,
                                         key: (UInt64) -> UInt64) -> Int {
        column.withUnsafeBufferPointer { buffer in
            // The one bounds check: the rows are rows of the column's event.
            precondition(rows.lowerBound >= 0 && rows.upperBound <= buffer.count, "a collection's rows are rows of its event")
            let values = UnsafeBufferPointer(rebasing: buffer[rows])
            var counted: UInt64 = 0
            var best = 0
            for first in values.indices where counted & (1 << UInt64(truncatingIfNeeded: first)) == 0 {
                let value = key(values[first])
                var size: UInt64 = 1
                // Without a branch a row: whether a row is of the group is as good as random.
                for row in first &+ 1..<values.count {
                    let isOfGroup = UInt64(unsafeBitCast(key(values[row]) == value, to: UInt8.self))
                    counted |= isOfGroup &<< UInt64(truncatingIfNeeded: row)
                    size &+= isOfGroup
                }
                let rows = Int(truncatingIfNeeded: size)
                if best == 0 || (largest ? rows > best : rows < best) { best = rows }
            }
            return best
        }
    }

    /// Counts the donations of `slice` per distinct value of `column` into `groups`.
    private mutating func countGroups(_ slice: DonationSlice, by column: GroupedColumn) {
        let floating = column.floating
        groups.reset(forUpTo: slice.count, range: floating ? nil : narrowRange(slice, of: column))
        groups.count(slice, column: column.values, arena: rows) { Self.groupKey($0, floating: floating) }
    }

    /// A range that holds the integer values of `column` in `slice`, when one is narrow enough
    /// for the group table's array layout (`GroupTable.denseLimit`): the column's known range,
    /// else the collection's own (one pass).
    private func narrowRange(_ slice: DonationSlice, of column: GroupedColumn) -> ClosedRange<Int>? {
        guard slice.count > 0 else { return nil }
        let limit = GroupTable.denseLimit(forUpTo: slice.count)
        func isNarrow(_ range: ClosedRange<Int>) -> Bool {
            let (width, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
            return !overflow && width < limit
        }
        if let known = column.knownRange, isNarrow(known) { return known }
        var lowest = Int.max, highest = Int.min
        forEachRow(slice) { row in
            let value = SlotEncoding.int(column.values[row])
            lowest = min(lowest, value)
            highest = max(highest, value)
        }
        return isNarrow(lowest...highest) ? lowest...highest : nil
    }

    @inline(__always)
    static func groupKey(_ bits: UInt64, floating: Bool) -> UInt64 {
        guard floating else { return bits }
        let value = SlotEncoding.double(bits)
        if value == 0 { return 0 }
        return value.isNaN ? Double.nan.bitPattern : bits
    }

    /// An aggregate over `column`, as `kernel` says; `eventStrings` resolves a string column.
    /// `min`/`max` keep the first of equal values, as `Sequence.min(by:)`/`max(by:)` do.
    func aggregate(_ kernel: AggregateKernel, _ slice: DonationSlice, column: [UInt64], eventStrings: [String]) -> AggregateResult {
        switch kernel {
        case .sumInt:
            var total = 0
            var overflowed = false
            forEachRow(slice) { row in
                let (sum, overflow) = total.addingReportingOverflow(SlotEncoding.int(column[row]))
                total = sum
                overflowed = overflowed || overflow
            }
            return overflowed ? .overflow : .value(SlotEncoding.bits(total))
        case .sumDouble:
            var total = 0.0
            forEachRow(slice) { total += SlotEncoding.double(column[$0]) }
            return .value(SlotEncoding.bits(total))
        case .extreme(.int, largest: false):
            return .optional(extreme(slice, column) { SlotEncoding.int($0) < SlotEncoding.int($1) })
        case .extreme(.int, largest: true):
            return .optional(extreme(slice, column) { SlotEncoding.int($1) < SlotEncoding.int($0) })
        case .extreme(.double, largest: false):
            return .optional(extreme(slice, column) { SlotEncoding.double($0) < SlotEncoding.double($1) })
        case .extreme(.double, largest: true):
            return .optional(extreme(slice, column) { SlotEncoding.double($1) < SlotEncoding.double($0) })
        case .extreme(.string, largest: false):
            return .optional(extreme(slice, column) { eventStrings[Int($0)] < eventStrings[Int($1)] })
        case .extreme(.string, largest: true):
            return .optional(extreme(slice, column) { eventStrings[Int($1)] < eventStrings[Int($0)] })
        }
    }

    /// The first value of the collection that no later value `replaces`.
    @inline(__always)
    private func extreme(_ slice: DonationSlice, _ column: [UInt64],
                         replaces: (_ candidate: UInt64, _ best: UInt64) -> Bool) -> UInt64? {
        var best: UInt64?
        forEachRow(slice) { row in
            let candidate = column[row]
            if let current = best, !replaces(candidate, current) { return }
            best = candidate
        }
        return best
    }

    /// The work of an aggregate: a step per donation, and for `min`/`max` of a string field the
    /// comparisons' cost by the strings' lengths.
    func aggregateCost(_ slice: DonationSlice, column: [UInt64], strings: [String]?) -> Int {
        guard let strings else { return slice.count }
        var cost = 0
        forEachRow(slice) { row in cost += StringCost.scanning(strings[Int(column[row])].utf8.count) }
        return cost
    }
}
