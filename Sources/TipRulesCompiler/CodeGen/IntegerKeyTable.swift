/// A hash table keyed by integers (a constant's bit pattern, a chain's depth), for the code
/// generator's tables: open addressing, linear probing, at most half full, keys spread by
/// Fibonacci hashing.
///
/// Not a `Dictionary<Int, Value>`: the first dictionary keyed by `Int` in a process costs a search
/// of every conformance the process has (`Int: Hashable`), a tenth of a millisecond of every
/// `tiprulec eval` (docs/performance.md, "Start-up").
struct IntegerKeyTable<Value> {
    private var keys: [Int] = []
    private var values: [Value] = []
    /// For each slot, one more than the index of its key in `keys`, or 0 when the slot is empty;
    /// a power of two long, or empty.
    private var slots: [Int] = []

    /// The value for `key`, if there is one.
    func value(for key: Int) -> Value? {
        let (slot, found) = find(key)
        return found ? values[slots[slot] - 1] : nil
    }

    /// Sets the value for `key`, adding the key if new.
    mutating func setValue(_ value: Value, for key: Int) {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let (slot, found) = find(key)
        if found {
            values[slots[slot] - 1] = value
            return
        }
        keys.append(key)
        values.append(value)
        slots[slot] = keys.count
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    private func find(_ key: Int) -> (slot: Int, found: Bool) {
        guard !slots.isEmpty else { return (0, false) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while slots[slot] != 0 {
            if keys[slots[slot] - 1] == key { return (slot, true) }
            slot = (slot + 1) & mask
        }
        return (slot, false)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: max(16, slots.count * 2))
        for (index, key) in keys.enumerated() {
            slots[find(key).slot] = index + 1
        }
    }
}
