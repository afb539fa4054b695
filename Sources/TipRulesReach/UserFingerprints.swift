/// What `reach` keeps of every user it has seen, to find a user whose rows are not contiguous: 16
/// bytes each — 88 bits of a hash of the user's id and 40 bits for where its rows began.
package struct UserFingerprints {
    private struct Fingerprint: Hashable {
        var high: UInt64
        /// 24 bits of hash above 40 bits of position.
        var low: UInt64

        static func == (a: Fingerprint, b: Fingerprint) -> Bool { a.high == b.high && a.low >> 40 == b.low >> 40 }

        func hash(into hasher: inout Hasher) {
            hasher.combine(high)
            hasher.combine(low >> 40)
        }

        var position: Int { Int(low & (1 << 40 - 1)) }
    }

    private var seen = Set<Fingerprint>()

    var count: Int { seen.count }

    /// Records that a user's rows begin at `position` (a line ordinal); when its rows began
    /// somewhere before, returns that position instead.
    mutating func insert(_ user: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let (high, low) = Self.hash(user)
        let fingerprint = Fingerprint(high: high, low: (low << 40) | UInt64(truncatingIfNeeded: min(position, 1 << 40 - 1)))
        let (inserted, member) = seen.insert(fingerprint)
        return inserted ? nil : member.position
    }

    /// Whether the user has been recorded.
    func contains(_ user: UnsafeBufferPointer<UInt8>) -> Bool {
        let (high, low) = Self.hash(user)
        return seen.contains(Fingerprint(high: high, low: low << 40))
    }

    var isEmpty: Bool { seen.isEmpty }

    /// Whether two sets share a user (a user split across parts of an input).
    func intersects(_ other: UserFingerprints) -> Bool {
        let (small, large) = seen.count < other.seen.count ? (seen, other.seen) : (other.seen, seen)
        return small.contains { large.contains($0) }
    }

    mutating func formUnion(_ other: UserFingerprints) {
        seen.formUnion(other.seen)
    }

    /// Two independent 64-bit FNV-1a hashes, mixed (the second keeps 24 bits).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x9e37_79b9_7f4a_7c15
        }
        return (mix(first), mix(second) >> 40)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x = (x ^ (x >> 33)) &* 0xff51_afd7_ed55_8ccd
        x = (x ^ (x >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return x ^ (x >> 33)
    }
}
