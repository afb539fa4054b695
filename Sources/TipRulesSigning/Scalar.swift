/// Integers modulo the order of edwards25519's prime-order subgroup,
/// L = 2^252 + 27742317777372353535851937790883648493, as 32 little-endian bytes.
/// Reduction runs in time independent of the value (signing reduces secret numbers).
enum Scalar {
    /// L as four little-endian 64-bit words.
    static let order: (UInt64, UInt64, UInt64, UInt64) =
        (0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000)

    /// Whether 32 little-endian bytes are a number below L (RFC 8032's check on S).
    static func isCanonical(_ bytes: ArraySlice<UInt8>) -> Bool {
        let words = littleEndianWords(bytes)
        let l = [order.0, order.1, order.2, order.3]
        for index in (0 ..< 4).reversed() where words[index] != l[index] {
            return words[index] < l[index]
        }
        return false
    }

    /// A little-endian number of up to 64 bytes, modulo L: 32 bytes.
    static func reduced(_ bytes: some Collection<UInt8>) -> [UInt8] {
        reduced(words: littleEndianWords(bytes))
    }

    /// (a·b + c) mod L for 32-byte little-endian a, b and c.
    static func multiplyAdd(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> [UInt8] {
        let x = littleEndianWords(a), y = littleEndianWords(b)
        var product = littleEndianWords(c) + [UInt64](repeating: 0, count: 4)
        for i in 0 ..< 4 {
            var carry: UInt64 = 0
            for j in 0 ..< 4 {
                let (high, low) = x[i].multipliedFullWidth(by: y[j])
                let (sum1, overflow1) = product[i &+ j].addingReportingOverflow(low)
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                product[i &+ j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            var index = i &+ 4
            while carry != 0, index < 8 {
                let (sum, overflow) = product[index].addingReportingOverflow(carry)
                product[index] = sum
                carry = overflow ? 1 : 0
                index &+= 1
            }
        }
        return reduced(words: product)
    }

    /// The words of a little-endian byte string, at least four.
    private static func littleEndianWords(_ bytes: some Collection<UInt8>) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: max(4, (bytes.count &+ 7) / 8))
        for (index, byte) in bytes.enumerated() {
            words[index / 8] |= UInt64(byte) &<< UInt64((index % 8) &* 8)
        }
        return words
    }

    /// Binary long division, one bit at a time from the top: r ← 2r + bit, minus L when that
    /// does not go below zero (chosen by mask, never by a branch).
    private static func reduced(words: [UInt64]) -> [UInt8] {
        var r0: UInt64 = 0, r1: UInt64 = 0, r2: UInt64 = 0, r3: UInt64 = 0
        for word in words.reversed() {
            for bit in stride(from: 63, through: 0, by: -1) {
                r3 = (r3 &<< 1) | (r2 &>> 63)
                r2 = (r2 &<< 1) | (r1 &>> 63)
                r1 = (r1 &<< 1) | (r0 &>> 63)
                r0 = (r0 &<< 1) | ((word &>> UInt64(bit)) & 1)
                let (d0, b0) = r0.subtractingReportingOverflow(order.0)
                let (d1a, b1a) = r1.subtractingReportingOverflow(order.1)
                let (d1, b1b) = d1a.subtractingReportingOverflow(b0 ? 1 : 0)
                let (d2a, b2a) = r2.subtractingReportingOverflow(order.2)
                let (d2, b2b) = d2a.subtractingReportingOverflow((b1a || b1b) ? 1 : 0)
                let (d3a, b3a) = r3.subtractingReportingOverflow(order.3)
                let (d3, b3b) = d3a.subtractingReportingOverflow((b2a || b2b) ? 1 : 0)
                let keep: UInt64 = (b3a || b3b) ? ~0 : 0
                r0 = (r0 & keep) | (d0 & ~keep)
                r1 = (r1 & keep) | (d1 & ~keep)
                r2 = (r2 & keep) | (d2 & ~keep)
                r3 = (r3 & keep) | (d3 & ~keep)
            }
        }
        var out = [UInt8](repeating: 0, count: 32)
        for (index, word) in [r0, r1, r2, r3].enumerated() {
            for byte in 0 ..< 8 {
                out[index &* 8 &+ byte] = UInt8(truncatingIfNeeded: word &>> UInt64(byte &* 8))
            }
        }
        return out
    }
}
