/// The scratch table of `largestSubset`/`smallestSubset`: counts donations per distinct field
/// value (as slot bits), remembering where each group was first seen. Its buffers are kept
/// between runs and only the entries used are cleared.
///
/// Two layouts: values of a small range (booleans, interned strings, small integers such as
/// ids) are counted in an array indexed by value; others in a hash table with open addressing
/// and linear probing, at most half full, so every probe ends.
struct GroupTable {
    private var keys: [UInt64] = []
    /// 0 marks an empty slot (hash layout), or an unseen value (array layout).
    private var counts: [Int] = []
    private var firsts: [Int] = []
    /// The occupied slots (or value offsets), in the order their groups were first seen.
    private var used: [Int] = []
    private var shift: UInt64 = 64
    /// The array layout's lowest value; nil in the hash layout.
    private var low: Int?

    /// The widest range of values the array layout takes for `count` donations.
    static func denseLimit(forUpTo count: Int) -> Int { max(64, 4 * count) }

    /// Empties the table and makes room for `count` distinct values, counted in a hash table,
    /// or in an array when they all lie in `range` (at most `denseLimit` wide).
    mutating func reset(forUpTo count: Int, range: ClosedRange<Int>? = nil) {
        for slot in used { counts[slot] = 0 }
        used.removeAll(keepingCapacity: true)
        low = range?.lowerBound
        var capacity = 16
        var bits: UInt64 = 4
        let needed = range.map { $0.upperBound - $0.lowerBound + 1 } ?? 2 * count
        while capacity < needed {
            capacity *= 2
            bits += 1
        }
        if capacity > counts.count {
            keys = Array(repeating: 0, count: capacity)
            counts = Array(repeating: 0, count: capacity)
            firsts = Array(repeating: 0, count: capacity)
        }
        shift = 64 - bits
    }

    /// Counts the donations of `slice` by their `column` values (`key` normalises a value).
    /// The layout is chosen once for the collection, so each loop does one thing; the loops
    /// work on the buffers moved out of the table, so they are checked for sharing once.
    mutating func count(_ slice: DonationSlice, column: [UInt64], arena: [Int], key: (UInt64) -> UInt64) {
        var keys: [UInt64] = [], counts: [Int] = [], firsts: [Int] = [], used: [Int] = []
        swap(&keys, &self.keys)
        swap(&counts, &self.counts)
        swap(&firsts, &self.firsts)
        swap(&used, &self.used)
        defer {
            swap(&keys, &self.keys)
            swap(&counts, &self.counts)
            swap(&firsts, &self.firsts)
            swap(&used, &self.used)
        }
        let mask = keys.count - 1
        for position in 0..<slice.count {
            let value = column[slice.row(position, arena: arena)]
            var slot: Int
            if let low {
                // The array layout: a value's slot is its offset from the lowest value.
                slot = Int(truncatingIfNeeded: value) &- low
            } else {
                let normalised = key(value)
                slot = Int(truncatingIfNeeded: (normalised &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
                while counts[slot] != 0 && keys[slot] != normalised {
                    slot = (slot + 1) & mask
                }
            }
            if counts[slot] == 0 {
                keys[slot] = low == nil ? key(value) : value
                firsts[slot] = position
                used.append(slot)
            }
            counts[slot] += 1
        }
    }

    /// The size of the largest (smallest) group of `slice` by `column`, whose values all lie in
    /// `range` (narrow: see `denseLimit`). Only sizes are asked, so no group's first position is
    /// kept: one tight counting loop, then one pass over the range, which leaves it empty.
    mutating func winningSize(_ slice: DonationSlice, column: [UInt64], arena: [Int], range: ClosedRange<Int>,
                              largest: Bool) -> Int {
        reset(forUpTo: slice.count, range: range)
        let low = range.lowerBound
        let span = UInt(bitPattern: range.upperBound &- low)
        return counts.withUnsafeMutableBufferPointer { counts in
            // `reset` made room for the range, and every value of the column lies in it: the
            // one check per row (an unsigned comparison) keeps a broken range from writing
            // outside the table.
            precondition(span < UInt(counts.count), "the group table holds the range")
            @inline(__always) func add(_ bits: UInt64) {
                let slot = UInt(bitPattern: Int(truncatingIfNeeded: bits) &- low)
                precondition(slot <= span, "a column's values lie in its range")
                counts[Int(bitPattern: slot)] &+= 1
            }
            if slice.isRange {
                column.withUnsafeBufferPointer { values in
                    precondition(slice.lower >= 0 && slice.upper <= values.count, "a collection's rows are rows of its event")
                    for bits in UnsafeBufferPointer(rebasing: values[slice.lower..<slice.upper]) { add(bits) }
                }
            } else {
                for position in slice.lower..<slice.upper { add(column[arena[position]]) }
            }
            var best = 0
            for slot in 0...Int(bitPattern: span) where counts[slot] > 0 {
                if best == 0 || (largest ? counts[slot] > best : counts[slot] < best) { best = counts[slot] }
                counts[slot] = 0
            }
            return best
        }
    }

    /// The value, first position and size of the group with the most (or fewest) donations; of
    /// groups of equal size, the one seen first (whose first donation is oldest).
    func winner(largest: Bool) -> (key: UInt64, first: Int, count: Int)? {
        guard var best = used.first else { return nil }
        for slot in used.dropFirst() where largest ? counts[slot] > counts[best] : counts[slot] < counts[best] {
            best = slot
        }
        return (keys[best], firsts[best], counts[best])
    }
}

/// The column a subset groups by: its values (slot bits), whether they are floating-point
/// (`0.0` and `-0.0` one group, every NaN one group), and a range known to hold them all.
struct GroupedColumn {
    let values: [UInt64]
    let floating: Bool
    let knownRange: ClosedRange<Int>?
}
