/// SipHash, a keyed hash of bytes (Aumasson and Bernstein): without the key, no one can choose
/// inputs whose hashes collide more often than chance. `hash13` is SipHash-1-3, the variant Swift's
/// `Hasher` runs, here over a buffer read eight bytes at a time without a hasher's state of bytes
/// pending (`UserFingerprints` hashes every user's id).
enum SipHash {
    /// A key drawn from the system's random generator, once a process.
    static let processKey: (UInt64, UInt64) = {
        var random = SystemRandomNumberGenerator()
        return (random.next(), random.next())
    }()

    /// SipHash-1-3 of `bytes` under `key`.
    @inline(__always)
    static func hash13(_ bytes: UnsafeRawBufferPointer, key: (UInt64, UInt64)) -> UInt64 {
        hash(bytes, key: key, compressionRounds: 1, finalizationRounds: 3)
    }

    /// SipHash-c-d of `bytes` under `key` (the key's first word is the little-endian reading of its
    /// first eight bytes); SipHash-2-4 is the reference's.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, key: (UInt64, UInt64), compressionRounds: Int,
                     finalizationRounds: Int) -> UInt64 {
        var state = State(key: key)
        var offset = 0
        while bytes.count - offset >= 8 {
            state.compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                           rounds: compressionRounds)
            offset += 8
        }
        // The last word: the bytes left, then the length's low byte on top. Past eight bytes, the
        // last eight are read at once and the ones read before shifted out.
        var last = UInt64(truncatingIfNeeded: bytes.count) &<< 56
        let left = bytes.count - offset
        if left > 0 && bytes.count >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            last |= word &>> UInt64(64 - 8 * left)
        } else {
            var shift: UInt64 = 0
            while offset < bytes.count {
                last |= UInt64(bytes[offset]) &<< shift
                shift += 8
                offset += 1
            }
        }
        state.compress(last, rounds: compressionRounds)
        return state.finalize(rounds: finalizationRounds)
    }

    /// The four words of state.
    private struct State {
        var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

        @inline(__always)
        init(key: (UInt64, UInt64)) {
            v0 = 0x736F_6D65_7073_6575 ^ key.0
            v1 = 0x646F_7261_6E64_6F6D ^ key.1
            v2 = 0x6C79_6765_6E65_7261 ^ key.0
            v3 = 0x7465_6462_7974_6573 ^ key.1
        }

        @inline(__always)
        mutating func compress(_ word: UInt64, rounds: Int) {
            v3 ^= word
            for _ in 0..<rounds { round() }
            v0 ^= word
        }

        @inline(__always)
        mutating func finalize(rounds: Int) -> UInt64 {
            v2 ^= 0xFF
            for _ in 0..<rounds { round() }
            return v0 ^ v1 ^ v2 ^ v3
        }

        @inline(__always)
        private mutating func round() {
            v0 &+= v1
            v1 = v1.rotated(by: 13) ^ v0
            v0 = v0.rotated(by: 32)
            v2 &+= v3
            v3 = v3.rotated(by: 16) ^ v2
            v0 &+= v3
            v3 = v3.rotated(by: 21) ^ v0
            v2 &+= v1
            v1 = v1.rotated(by: 17) ^ v2
            v2 = v2.rotated(by: 32)
        }
    }
}

private extension UInt64 {
    @inline(__always)
    func rotated(by count: UInt64) -> UInt64 { self &<< count | self &>> (64 - count) }
}
