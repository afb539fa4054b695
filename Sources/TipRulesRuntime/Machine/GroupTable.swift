/// The scratch table of `largestSubset`/`smallestSubset`: counts donations per distinct field
/// value (as slot bits). Open addressing with linear probing, at most half full, so every probe
/// ends; its buffers are kept between runs and only the slots used are cleared.
struct GroupTable {
    private var keys: [UInt64] = []
    /// 0 marks an empty slot.
    private var counts: [Int] = []
    private var firsts: [Int] = []
    /// The occupied slots, in the order their groups were first seen.
    private var used: [Int] = []
    private var shift: UInt64 = 64

    /// Empties the table and makes room for `count` distinct values.
    mutating func reset(forUpTo count: Int) {
        for slot in used { counts[slot] = 0 }
        used.removeAll(keepingCapacity: true)
        var capacity = 16
        var bits: UInt64 = 4
        while capacity < 2 * count {
            capacity *= 2
            bits += 1
        }
        if capacity > keys.count {
            keys = Array(repeating: 0, count: capacity)
            counts = Array(repeating: 0, count: capacity)
            firsts = Array(repeating: 0, count: capacity)
            shift = 64 - bits
        }
    }

    /// Counts one donation with field value `key` at `position` of the collection.
    @inline(__always)
    mutating func add(_ key: UInt64, at position: Int) {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
        while counts[slot] != 0 && keys[slot] != key {
            slot = (slot + 1) & mask
        }
        if counts[slot] == 0 {
            keys[slot] = key
            firsts[slot] = position
            used.append(slot)
        }
        counts[slot] += 1
    }

    /// The value and first position of the group with the most (or fewest) donations; of
    /// groups of equal size, the one seen first (whose first donation is oldest).
    func winner(largest: Bool) -> (key: UInt64, first: Int)? {
        guard var best = used.first else { return nil }
        for slot in used.dropFirst() where largest ? counts[slot] > counts[best] : counts[slot] < counts[best] {
            best = slot
        }
        return (keys[best], firsts[best])
    }
}
