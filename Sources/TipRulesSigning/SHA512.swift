/// SHA-512 (FIPS 180-4), the hash Ed25519 is defined with, in the standard library alone.
public enum SHA512 {
    /// The 64-byte SHA-512 digest of `bytes`.
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// An incremental SHA-512: feed the message in parts with `update`, then take the digest once
    /// with `finalize` (the same digest `hash` gives for the parts joined).
    public struct Hasher: Sendable {
        private var state: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
            0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
            0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179)
        /// The bytes of the block not yet complete (fewer than 128).
        private var pending: [UInt8] = []
        /// How many bytes have been fed so far (a message shorter than 2^64 bytes).
        private var length: UInt64 = 0

        /// A hasher that has seen no bytes yet.
        public init() {
            pending.reserveCapacity(128)
        }

        /// Feeds the next part of the message.
        public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            length &+= UInt64(truncatingIfNeeded: bytes.count)
            var index = bytes.startIndex
            if !pending.isEmpty {
                while pending.count < 128, index != bytes.endIndex {
                    pending.append(bytes[index])
                    bytes.formIndex(after: &index)
                }
                guard pending.count == 128 else { return }
                pending.withUnsafeBufferPointer { compress($0) }
                pending.removeAll(keepingCapacity: true)
            }
            let handled = bytes[index...].withContiguousStorageIfAvailable { rest -> Int in
                var offset = 0
                while rest.count - offset >= 128 {
                    compress(UnsafeBufferPointer(rebasing: rest[offset ..< offset + 128]))
                    offset += 128
                }
                pending.append(contentsOf: rest[offset...])
                return rest.count
            }
            guard handled == nil else { return }
            while index != bytes.endIndex {
                pending.append(bytes[index])
                bytes.formIndex(after: &index)
                if pending.count == 128 {
                    pending.withUnsafeBufferPointer { compress($0) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }

        /// The digest of everything fed: 64 bytes. The hasher is spent afterwards.
        public mutating func finalize() -> [UInt8] {
            let bitLength = length &<< 3
            let highBits = length >> 61
            pending.append(0x80)
            if pending.count > 112 {
                pending.append(contentsOf: repeatElement(0, count: 128 - pending.count))
                pending.withUnsafeBufferPointer { compress($0) }
                pending.removeAll(keepingCapacity: true)
            }
            pending.append(contentsOf: repeatElement(0, count: 112 - pending.count))
            appendBigEndian(highBits, to: &pending)
            appendBigEndian(bitLength, to: &pending)
            pending.withUnsafeBufferPointer { compress($0) }
            var digest: [UInt8] = []
            digest.reserveCapacity(64)
            for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
                appendBigEndian(word, to: &digest)
            }
            return digest
        }

        private func appendBigEndian(_ word: UInt64, to bytes: inout [UInt8]) {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word &>> UInt64(shift)))
            }
        }

        /// Runs the compression function over one 128-byte block.
        private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 80) { w in
                for t in 0 ..< 16 {
                    var word: UInt64 = 0
                    for byte in 0 ..< 8 {
                        word = (word &<< 8) | UInt64(block[t &* 8 &+ byte])
                    }
                    w[t] = word
                }
                for t in 16 ..< 80 {
                    let s0 = rotateRight(w[t &- 15], 1) ^ rotateRight(w[t &- 15], 8) ^ (w[t &- 15] &>> 7)
                    let s1 = rotateRight(w[t &- 2], 19) ^ rotateRight(w[t &- 2], 61) ^ (w[t &- 2] &>> 6)
                    w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = state
                SHA512.roundConstants.withUnsafeBufferPointer { k in
                    for t in 0 ..< 80 {
                        let s1 = rotateRight(e, 14) ^ rotateRight(e, 18) ^ rotateRight(e, 41)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = rotateRight(a, 28) ^ rotateRight(a, 34) ^ rotateRight(a, 39)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                         state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }

        @inline(__always)
        private func rotateRight(_ value: UInt64, _ count: UInt64) -> UInt64 {
            (value &>> count) | (value &<< (64 &- count))
        }
    }

    /// The first 64 bits of the fractional parts of the cube roots of the first 80 primes.
    fileprivate static let roundConstants: [UInt64] = [
        0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
        0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
        0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
        0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
        0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
        0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
        0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
        0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
        0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
        0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
        0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
        0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
        0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
        0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
        0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
        0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
        0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
        0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
        0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
        0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
    ]
}
