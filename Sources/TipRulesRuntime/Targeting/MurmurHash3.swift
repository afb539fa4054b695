/// MurmurHash3 x86_32 (Austin Appleby's public-domain hash), the hash Unleash's
/// `normalizedHash` uses for stable rollouts.
public enum MurmurHash3 {
    /// The 32-bit hash of `bytes` with `seed`.
    public static func x86_32<Bytes: Collection>(_ bytes: Bytes, seed: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        let c1: UInt32 = 0xcc9e_2d51, c2: UInt32 = 0x1b87_3593
        var hash = seed
        var block: UInt32 = 0
        var filled = 0
        for byte in bytes {
            block |= UInt32(byte) << (8 * UInt32(filled))
            filled += 1
            if filled == 4 {
                hash ^= mix(block, c1, c2)
                hash = rotateLeft(hash, 13) &* 5 &+ 0xe654_6b64
                block = 0
                filled = 0
            }
        }
        if filled > 0 { hash ^= mix(block, c1, c2) }
        hash ^= UInt32(truncatingIfNeeded: bytes.count)
        hash ^= hash >> 16
        hash = hash &* 0x85eb_ca6b
        hash ^= hash >> 13
        hash = hash &* 0xc2b2_ae35
        hash ^= hash >> 16
        return hash
    }

    @inline(__always)
    private static func mix(_ block: UInt32, _ c1: UInt32, _ c2: UInt32) -> UInt32 {
        rotateLeft(block &* c1, 15) &* c2
    }

    @inline(__always)
    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}

/// Stable rollout buckets: Unleash's `flexibleRollout` bucketing, so a rule rolls out to the
/// same users as a feature flag with the same group id and stickiness.
public enum RolloutBucket {
    /// The bucket of `id` in `group`, from 1 to 100:
    /// `murmur3_x86_32(utf8(group + ":" + id), seed: 0) % 100 + 1`.
    public static func bucket(of id: String, group: String) -> Int {
        var key = group
        key += ":"
        key += id
        return Int(MurmurHash3.x86_32(key.utf8) % 100) + 1
    }

    /// Whether `id` is in a rollout of `percentage` (0–100) of `group`: `id` is not empty,
    /// the percentage is above 0 and the bucket is at most the percentage.
    public static func includes(_ id: String, percentage: Int, group: String) -> Bool {
        !id.isEmpty && percentage > 0 && bucket(of: id, group: group) <= percentage
    }
}
