/// [a]B for the base point B and a secret scalar a, in time independent of a (ref10's method):
/// a is written as 64 signed radix-16 digits in [-8, 8]; a table holds j·256^i·B for j in 1…8
/// and i in 0…31; every table row is scanned whole, so which entry is used leaves no trace in
/// the memory accesses.
enum BaseMultiplication {
    /// table[8·i + j - 1] = j·256^i·B with Z = 1, built once on first use.
    static let table: [AffinePoint] = {
        var rows: [AffinePoint] = []
        rows.reserveCapacity(256)
        var rowBase = EdwardsPoint.base
        for _ in 0 ..< 32 {
            var multiple = rowBase
            let cached = rowBase.cached
            for _ in 1 ... 8 {
                rows.append(multiple.affine)
                multiple = multiple.adding(cached).extended
            }
            // 256·rowBase = 8 doublings.
            var doubled = rowBase.projective
            for _ in 0 ..< 7 {
                doubled = doubled.doubled.projective
            }
            rowBase = doubled.doubled.extended
        }
        return rows
    }()

    /// [a]B for a scalar of 32 little-endian bytes whose top bit is clear.
    static func multiply(_ scalar: [UInt8]) -> EdwardsPoint {
        // Radix-16 digits, then carried into [-8, 8).
        var digits = [Int8](repeating: 0, count: 64)
        for index in 0 ..< 32 {
            digits[2 &* index] = Int8(scalar[index] & 15)
            digits[2 &* index &+ 1] = Int8(scalar[index] &>> 4)
        }
        var carry: Int8 = 0
        for index in 0 ..< 63 {
            digits[index] &+= carry
            carry = (digits[index] &+ 8) &>> 4
            digits[index] &-= carry &<< 4
        }
        digits[63] &+= carry
        let table = Self.table
        var sum = EdwardsPoint.identity
        for index in stride(from: 1, to: 64, by: 2) {
            sum = sum.adding(select(table, row: index / 2, digit: digits[index])).extended
        }
        var projective = sum.projective
        for _ in 0 ..< 3 {
            projective = projective.doubled.projective
        }
        sum = projective.doubled.extended
        for index in stride(from: 0, to: 64, by: 2) {
            sum = sum.adding(select(table, row: index / 2, digit: digits[index])).extended
        }
        return sum
    }

    /// digit·256^row·B, reading the whole row and choosing by mask.
    @inline(__always)
    private static func select(_ table: [AffinePoint], row: Int, digit: Int8) -> AffinePoint {
        let negative = UInt64(UInt8(bitPattern: digit) &>> 7)
        let magnitude = UInt64(UInt8(bitPattern: digit &- ((0 &- Int8(bitPattern: UInt8(negative))) & digit) &<< 1))
        var result = AffinePoint.identity
        for entry in 0 ..< 8 {
            let difference = magnitude ^ UInt64(entry &+ 1)
            let equal = (difference &- 1) &>> 63
            result.conditionallyAssign(table[row &* 8 &+ entry], flag: equal)
        }
        return result.conditionallyNegated(flag: negative)
    }
}
