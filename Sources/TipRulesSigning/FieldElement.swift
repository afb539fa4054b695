/// An element of GF(2^255 - 19), the field Curve25519 is defined over: five unsigned limbs of
/// 51 bits (radix 2^51), multiplied 64×64→128 bits. Values are kept only partly reduced between
/// operations (limbs a few bits over 51); `bytes` gives the unique encoding. Every operation runs
/// in time independent of the values (no branches or indexes on them), as signing needs.
struct FieldElement: Sendable {
    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        self.l0 = l0; self.l1 = l1; self.l2 = l2; self.l3 = l3; self.l4 = l4
    }

    static let mask: UInt64 = (1 << 51) - 1
    static let zero = FieldElement(0, 0, 0, 0, 0)
    static let one = FieldElement(1, 0, 0, 0, 0)

    /// The element a small number is.
    init(small value: UInt64) {
        self.init(value, 0, 0, 0, 0)
    }

    /// The element 32 little-endian bytes encode, bit 255 ignored (so values from p to 2^255 - 1
    /// are read as their residues; `isCanonicalEncoding` tells them apart).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        func word(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in (0 ..< 8).reversed() {
                value = (value &<< 8) | UInt64(bytes[at &+ index])
            }
            return value
        }
        let w0 = word(0), w1 = word(8), w2 = word(16), w3 = word(24)
        let mask = FieldElement.mask
        self.init(w0 & mask, ((w0 &>> 51) | (w1 &<< 13)) & mask, ((w1 &>> 38) | (w2 &<< 26)) & mask,
                  ((w2 &>> 25) | (w3 &<< 39)) & mask, (w3 &>> 12) & mask)
    }

    /// Whether 32 bytes, bit 255 ignored, are below p (the only encoding RFC 8032 accepts).
    static func isCanonicalEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // p = 2^255 - 19: little-endian ed ff … ff 7f. Above or equal only when bytes 1…30 are
        // all ff, byte 31 (bit 255 ignored) is 7f and byte 0 is at least ed.
        guard bytes[31] & 0x7f == 0x7f else { return true }
        for index in 1 ..< 31 where bytes[index] != 0xff { return true }
        return bytes[0] < 0xed
    }

    /// The unique 32-byte little-endian encoding (fully reduced below p).
    var bytes: [UInt8] {
        var h = self
        h.carry()
        h.carry()
        // Now each limb is below 2^51 and the value below 2p: subtract p once if it is not below p.
        var q = (h.l0 &+ 19) &>> 51
        q = (h.l1 &+ q) &>> 51
        q = (h.l2 &+ q) &>> 51
        q = (h.l3 &+ q) &>> 51
        q = (h.l4 &+ q) &>> 51
        h.l0 &+= 19 &* q
        let mask = FieldElement.mask
        h.l1 &+= h.l0 &>> 51; h.l0 &= mask
        h.l2 &+= h.l1 &>> 51; h.l1 &= mask
        h.l3 &+= h.l2 &>> 51; h.l2 &= mask
        h.l4 &+= h.l3 &>> 51; h.l3 &= mask
        h.l4 &= mask
        let words = [h.l0 | (h.l1 &<< 51), (h.l1 &>> 13) | (h.l2 &<< 38), (h.l2 &>> 26) | (h.l3 &<< 25),
                     (h.l3 &>> 39) | (h.l4 &<< 12)]
        var out = [UInt8](repeating: 0, count: 32)
        for (index, word) in words.enumerated() {
            for byte in 0 ..< 8 {
                out[index &* 8 &+ byte] = UInt8(truncatingIfNeeded: word &>> UInt64(byte &* 8))
            }
        }
        return out
    }

    /// One pass of carries, leaving every limb below 2^51 + 2^13.
    @inline(__always)
    private mutating func carry() {
        let mask = FieldElement.mask
        l1 &+= l0 &>> 51; l0 &= mask
        l2 &+= l1 &>> 51; l1 &= mask
        l3 &+= l2 &>> 51; l2 &= mask
        l4 &+= l3 &>> 51; l3 &= mask
        l0 &+= 19 &* (l4 &>> 51); l4 &= mask
    }

    /// Whether the element is zero (as a residue).
    var isZero: Bool {
        bytes.allSatisfy { $0 == 0 }
    }

    /// Whether the element is "negative" in RFC 8032's sense: its least significant bit is 1.
    var isNegative: Bool {
        bytes[0] & 1 == 1
    }

    @inline(__always)
    static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(a.l0 &+ b.l0, a.l1 &+ b.l1, a.l2 &+ b.l2, a.l3 &+ b.l3, a.l4 &+ b.l4)
    }

    /// a - b, computed as a + 16p - b so no limb goes below zero, then carried once.
    @inline(__always)
    static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        var r = FieldElement(a.l0 &+ 0x7ffffffffffed0 &- b.l0, a.l1 &+ 0x7ffffffffffff0 &- b.l1,
                             a.l2 &+ 0x7ffffffffffff0 &- b.l2, a.l3 &+ 0x7ffffffffffff0 &- b.l3,
                             a.l4 &+ 0x7ffffffffffff0 &- b.l4)
        r.carry()
        return r
    }

    @inline(__always)
    static prefix func - (a: FieldElement) -> FieldElement {
        zero - a
    }

    /// Carries five 128-bit column sums down to limbs of 51 bits (plus a small excess in limb 1).
    @inline(__always)
    private static func reduce(_ c0: UInt128, _ c1: UInt128, _ c2: UInt128, _ c3: UInt128,
                               _ c4: UInt128) -> FieldElement {
        let mask = FieldElement.mask
        var c1 = c1, c2 = c2, c3 = c3, c4 = c4
        c1 &+= c0 &>> 51
        let r0 = UInt64(truncatingIfNeeded: c0) & mask
        c2 &+= c1 &>> 51
        let r1 = UInt64(truncatingIfNeeded: c1) & mask
        c3 &+= c2 &>> 51
        let r2 = UInt64(truncatingIfNeeded: c2) & mask
        c4 &+= c3 &>> 51
        let r3 = UInt64(truncatingIfNeeded: c3) & mask
        let top = c4 &>> 51
        let r4 = UInt64(truncatingIfNeeded: c4) & mask
        let low = UInt128(r0) &+ top &* 19
        let l0 = UInt64(truncatingIfNeeded: low) & mask
        let l1 = r1 &+ UInt64(truncatingIfNeeded: low &>> 51)
        return FieldElement(l0, l1, r2, r3, r4)
    }

    @inline(__always)
    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        let b1 = b.l1 &* 19, b2 = b.l2 &* 19, b3 = b.l3 &* 19, b4 = b.l4 &* 19
        let c0 = wide(a.l0, b.l0) &+ wide(a.l1, b4) &+ wide(a.l2, b3) &+ wide(a.l3, b2) &+ wide(a.l4, b1)
        let c1 = wide(a.l0, b.l1) &+ wide(a.l1, b.l0) &+ wide(a.l2, b4) &+ wide(a.l3, b3) &+ wide(a.l4, b2)
        let c2 = wide(a.l0, b.l2) &+ wide(a.l1, b.l1) &+ wide(a.l2, b.l0) &+ wide(a.l3, b4) &+ wide(a.l4, b3)
        let c3 = wide(a.l0, b.l3) &+ wide(a.l1, b.l2) &+ wide(a.l2, b.l1) &+ wide(a.l3, b.l0) &+ wide(a.l4, b4)
        let c4 = wide(a.l0, b.l4) &+ wide(a.l1, b.l3) &+ wide(a.l2, b.l2) &+ wide(a.l3, b.l1) &+ wide(a.l4, b.l0)
        return reduce(c0, c1, c2, c3, c4)
    }

    /// The square, with the cross products computed once.
    @inline(__always)
    var squared: FieldElement {
        let d0 = l0 &* 2, d1 = l1 &* 2
        let r3 = l3 &* 19, r4 = l4 &* 19
        let d4 = r4 &* 2
        let c0 = wide(l0, l0) &+ wide(d1, r4) &+ wide(l2 &* 2, r3)
        let c1 = wide(d0, l1) &+ wide(l2, d4) &+ wide(l3, r3)
        let c2 = wide(d0, l2) &+ wide(l1, l1) &+ wide(l3, d4)
        let c3 = wide(d0, l3) &+ wide(d1, l2) &+ wide(l4, r4)
        let c4 = wide(d0, l4) &+ wide(d1, l3) &+ wide(l2, l2)
        return FieldElement.reduce(c0, c1, c2, c3, c4)
    }

    /// The element squared `count` times in a row.
    @inline(__always)
    func squared(times count: Int) -> FieldElement {
        var result = self
        for _ in 0 ..< count {
            result = result.squared
        }
        return result
    }

    /// (self^(2^250 - 1), self^11): the common start of inversion and of the square root's power.
    private var power2To250Minus1: (FieldElement, FieldElement) {
        let z2 = squared
        let z9 = self * z2.squared(times: 2)
        let z11 = z2 * z9
        let z2to5minus1 = z9 * z11.squared
        let z2to10minus1 = z2to5minus1.squared(times: 5) * z2to5minus1
        let z2to20minus1 = z2to10minus1.squared(times: 10) * z2to10minus1
        let z2to40minus1 = z2to20minus1.squared(times: 20) * z2to20minus1
        let z2to50minus1 = z2to40minus1.squared(times: 10) * z2to10minus1
        let z2to100minus1 = z2to50minus1.squared(times: 50) * z2to50minus1
        let z2to200minus1 = z2to100minus1.squared(times: 100) * z2to100minus1
        let z2to250minus1 = z2to200minus1.squared(times: 50) * z2to50minus1
        return (z2to250minus1, z11)
    }

    /// The inverse, self^(p - 2) (zero for zero).
    var inverted: FieldElement {
        let (z2to250minus1, z11) = power2To250Minus1
        return z2to250minus1.squared(times: 5) * z11
    }

    /// self^((p - 5) / 8) = self^(2^252 - 3), the power a square root is computed with.
    var powerPMinus5Over8: FieldElement {
        power2To250Minus1.0.squared(times: 2) * self
    }

    /// Replaces self by `other` when `flag` is 1, keeps it when 0, without branching.
    @inline(__always)
    mutating func conditionallyAssign(_ other: FieldElement, flag: UInt64) {
        let mask = 0 &- flag
        l0 ^= (l0 ^ other.l0) & mask
        l1 ^= (l1 ^ other.l1) & mask
        l2 ^= (l2 ^ other.l2) & mask
        l3 ^= (l3 ^ other.l3) & mask
        l4 ^= (l4 ^ other.l4) & mask
    }

    /// Whether two elements are the same residue.
    func isEqual(to other: FieldElement) -> Bool {
        bytes == other.bytes
    }
}

extension FieldElement {
    /// d = -121665 / 121666, the curve's constant.
    static let curveD: FieldElement = -FieldElement(small: 121665) * FieldElement(small: 121666).inverted
    /// 2d, used by point addition.
    static let curveD2: FieldElement = curveD + curveD
    /// A square root of -1: 2^((p - 1) / 4).
    static let squareRootOfMinusOne: FieldElement = {
        let two = FieldElement(small: 2)
        return two.powerPMinus5Over8.squared * two
    }()
}

/// The full 128-bit product of two limbs.
@inline(__always)
private func wide(_ a: UInt64, _ b: UInt64) -> UInt128 {
    UInt128(a) &* UInt128(b)
}
