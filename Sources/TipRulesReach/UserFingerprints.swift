/// What `reach` keeps of every user it has seen, to find a user whose rows are not contiguous:
/// 8 bytes each, a 64-bit hash of the user's id, in an open-addressing table split into 64
/// segments that grow one at a time (so growing never holds two copies of the whole table).
/// About 11 bytes per user in all; where a user's rows began is found again by reading the input
/// when a message needs it (`ReachRun`), never kept.
package struct UserFingerprints {
    /// The segments, chosen by a hash's top 6 bits; in each, 0 marks an empty slot.
    private var segments: [[UInt64]] = Array(repeating: [], count: 64)
    private var counts = [Int](repeating: 0, count: 64)
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Records the user; false when it was recorded before.
    mutating func insert(_ user: UnsafeBufferPointer<UInt8>) -> Bool {
        let hash = Self.hash(user)
        let segment = Int(hash >> 58)
        // Grown by half at 7/8 full: about 11 bytes a user on average, and probe runs stay short.
        if (counts[segment] + 1) * 8 > segments[segment].count * 7 { grow(segment) }
        let inserted = segments[segment].withUnsafeMutableBufferPointer { table in
            var slot = Self.home(of: hash, in: table.count)
            while table[slot] != 0 {
                if table[slot] == hash { return false }
                slot = slot + 1 == table.count ? 0 : slot + 1
            }
            table[slot] = hash
            return true
        }
        guard inserted else { return false }
        counts[segment] += 1
        count += 1
        return true
    }

    /// Whether the user has been recorded.
    func contains(_ user: UnsafeBufferPointer<UInt8>) -> Bool { contains(hash: Self.hash(user)) }

    /// Whether two sets share a user (a user split across parts of an input).
    func intersects(_ other: UserFingerprints) -> Bool {
        let (small, large) = count < other.count ? (self, other) : (other, self)
        return small.segments.contains { $0.contains { $0 != 0 && large.contains(hash: $0) } }
    }

    private func contains(hash: UInt64) -> Bool {
        segments[Int(hash >> 58)].withUnsafeBufferPointer { table in
            guard !table.isEmpty else { return false }
            var slot = Self.home(of: hash, in: table.count)
            while table[slot] != 0 {
                if table[slot] == hash { return true }
                slot = slot + 1 == table.count ? 0 : slot + 1
            }
            return false
        }
    }

    /// A hash's first slot in a table of `size` slots: its low 32 bits scaled to the size (the top
    /// bits chose the segment).
    @inline(__always)
    private static func home(of hash: UInt64, in size: Int) -> Int {
        Int(((hash & 0xFFFF_FFFF) &* UInt64(size)) >> 32)
    }

    private mutating func grow(_ segment: Int) {
        let old = segments[segment]
        var table = [UInt64](repeating: 0, count: max(64, old.count + old.count / 2))
        table.withUnsafeMutableBufferPointer { table in
            for hash in old where hash != 0 {
                var slot = Self.home(of: hash, in: table.count)
                while table[slot] != 0 { slot = slot + 1 == table.count ? 0 : slot + 1 }
                table[slot] = hash
            }
        }
        segments[segment] = table
    }

    /// A 64-bit FNV-1a hash of the id, mixed (never 0: 0 marks an empty slot).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let value = mixedFNV(bytes, basis: 0xcbf2_9ce4_8422_2325, prime: 0x0000_0100_0000_01b3)
        return value == 0 ? 1 : value
    }

    /// FNV-1a of `bytes` from `basis` with `prime`, then MurmurHash3's finalizer.
    static func mixedFNV(_ bytes: UnsafeBufferPointer<UInt8>, basis: UInt64, prime: UInt64) -> UInt64 {
        var value = basis
        for byte in bytes { value = (value ^ UInt64(byte)) &* prime }
        value = (value ^ (value >> 33)) &* 0xff51_afd7_ed55_8ccd
        value = (value ^ (value >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return value ^ (value >> 33)
    }
}
