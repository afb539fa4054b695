/// MurmurHash3 x86_32 (Austin Appleby's public-domain hash), the hash Unleash's
/// `normalizedHash` uses for stable rollouts. `Hasher` takes the bytes in pieces, so a key made
/// of several strings is hashed without being built.
public enum MurmurHash3 {
    /// The 32-bit hash of `bytes` with `seed`.
    public static func x86_32<Bytes: Sequence>(_ bytes: Bytes, seed: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        var hasher = Hasher(seed: seed)
        hasher.combine(bytes)
        return hasher.finalize()
    }

    /// The hash of bytes given in pieces: `combine` each piece in order, then `finalize`.
    public struct Hasher {
        private var hash: UInt32
        private var block: UInt32 = 0
        private var filled: UInt32 = 0
        private var length: UInt32 = 0

        public init(seed: UInt32 = 0) {
            hash = seed
        }

        /// Adds the next bytes.
        @inline(__always)
        public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes { combine(byte) }
        }

        /// Adds the next byte.
        @inline(__always)
        public mutating func combine(_ byte: UInt8) {
            block |= UInt32(byte) << (8 * filled)
            filled += 1
            length &+= 1
            if filled == 4 {
                hash ^= Self.mix(block)
                hash = Self.rotateLeft(hash, 13) &* 5 &+ 0xe654_6b64
                block = 0
                filled = 0
            }
        }

        /// The hash of every byte added.
        public func finalize() -> UInt32 {
            var hash = self.hash
            if filled > 0 { hash ^= Self.mix(block) }
            hash ^= length
            hash ^= hash >> 16
            hash = hash &* 0x85eb_ca6b
            hash ^= hash >> 13
            hash = hash &* 0xc2b2_ae35
            hash ^= hash >> 16
            return hash
        }

        @inline(__always)
        private static func mix(_ block: UInt32) -> UInt32 {
            rotateLeft(block &* 0xcc9e_2d51, 15) &* 0x1b87_3593
        }

        @inline(__always)
        private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
            (value << count) | (value >> (32 - count))
        }
    }
}

/// Stable rollout buckets: Unleash's `flexibleRollout` bucketing, so a rule rolls out to the
/// same users as a feature flag with the same group id and stickiness.
public enum RolloutBucket {
    /// The bucket of `id` in `group`, from 1 to 100:
    /// `murmur3_x86_32(utf8(group + ":" + id), seed: 0) % 100 + 1`.
    public static func bucket(of id: String, group: String) -> Int {
        bucket(of: id, after: hasher(forGroup: group))
    }

    /// The hash of `group` and `":"`: what every bucket of the group starts from.
    static func hasher(forGroup group: String) -> MurmurHash3.Hasher {
        var hasher = MurmurHash3.Hasher()
        hasher.combine(group.utf8)
        hasher.combine(UInt8(ascii: ":"))
        return hasher
    }

    /// The bucket of `id` given its group's hasher (`hasher(forGroup:)`).
    @inline(__always)
    static func bucket(of id: String, after group: MurmurHash3.Hasher) -> Int {
        var hasher = group
        hasher.combine(id.utf8)
        return Int(hasher.finalize() % 100) + 1
    }

    /// Whether `id` is in a rollout of `percentage` (0–100) of `group`: `id` is not empty,
    /// the percentage is above 0 and the bucket is at most the percentage.
    public static func includes(_ id: String, percentage: Int, group: String) -> Bool {
        !id.isEmpty && percentage > 0 && bucket(of: id, group: group) <= percentage
    }
}
