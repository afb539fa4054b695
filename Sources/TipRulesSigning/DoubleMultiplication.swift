/// [a]P + [b]B for public scalars (verification), in variable time: both scalars in width-w
/// non-adjacent form, one shared chain of doublings, odd multiples of P computed per call
/// (width 5: P, 3P, …, 15P) and of B once for all (width 8: B, 3B, …, 127B, with Z = 1).
enum DoubleMultiplication {
    /// (2k + 1)·B for k in 0..<64.
    static let baseOddMultiples: [AffinePoint] = oddMultiples(of: .base, count: 64).map(\.affine)

    /// [a]P + [b]B for 32-byte little-endian scalars below 2^255.
    static func multiply(_ a: [UInt8], _ point: EdwardsPoint, plusBaseTimes b: [UInt8]) -> EdwardsPoint {
        let aDigits = nonAdjacentForm(a, width: 5)
        let bDigits = nonAdjacentForm(b, width: 8)
        let pointMultiples = oddMultiples(of: point, count: 8).map(\.cached)
        let baseMultiples = baseOddMultiples
        var top = aDigits.count &- 1
        while top >= 0, aDigits[top] == 0, bDigits[top] == 0 {
            top &-= 1
        }
        var accumulator = ProjectivePoint.identity
        var index = top
        while index >= 0 {
            var step = accumulator.doubled
            let aDigit = Int(aDigits[index]), bDigit = Int(bDigits[index])
            if aDigit != 0 {
                step = step.extended.adding(pointMultiples[abs(aDigit) / 2], subtracting: aDigit < 0)
            }
            if bDigit != 0 {
                step = step.extended.adding(baseMultiples[abs(bDigit) / 2], subtracting: bDigit < 0)
            }
            if index == 0 {
                return step.extended
            }
            accumulator = step.projective
            index &-= 1
        }
        return .identity
    }

    /// P, 3P, 5P, … (`count` of them).
    private static func oddMultiples(of point: EdwardsPoint, count: Int) -> [EdwardsPoint] {
        var multiples = [point]
        let twice = point.doubled.extended.cached
        for _ in 1 ..< count {
            multiples.append(multiples[multiples.count &- 1].adding(twice).extended)
        }
        return multiples
    }

    /// The width-w NAF of a 256-bit little-endian number: 257 digits, each zero or odd with
    /// absolute value below 2^(w-1), at most one nonzero digit in any w consecutive ones.
    static func nonAdjacentForm(_ scalar: [UInt8], width: Int) -> [Int8] {
        var words = [UInt64](repeating: 0, count: 5)
        for (index, byte) in scalar.enumerated() {
            words[index / 8] |= UInt64(byte) &<< UInt64((index % 8) &* 8)
        }
        let window = UInt64(1) &<< UInt64(width)
        var digits = [Int8](repeating: 0, count: 257)
        for position in 0 ..< 257 {
            guard words[0] & 1 == 1 else {
                shiftRight(&words)
                continue
            }
            var digit = Int64(bitPattern: words[0] & (window &- 1))
            if digit >= Int64(window / 2) {
                digit &-= Int64(window)
            }
            digits[position] = Int8(truncatingIfNeeded: digit)
            // words -= digit (a negative digit adds its magnitude).
            if digit > 0 {
                subtract(UInt64(digit), from: &words)
            } else {
                add(UInt64(-digit), to: &words)
            }
            shiftRight(&words)
        }
        return digits
    }

    private static func shiftRight(_ words: inout [UInt64]) {
        for index in 0 ..< 4 {
            words[index] = (words[index] &>> 1) | (words[index &+ 1] &<< 63)
        }
        words[4] &>>= 1
    }

    private static func subtract(_ value: UInt64, from words: inout [UInt64]) {
        var borrow = value
        for index in 0 ..< 5 where borrow != 0 {
            let (difference, overflow) = words[index].subtractingReportingOverflow(borrow)
            words[index] = difference
            borrow = overflow ? 1 : 0
        }
    }

    private static func add(_ value: UInt64, to words: inout [UInt64]) {
        var carry = value
        for index in 0 ..< 5 where carry != 0 {
            let (sum, overflow) = words[index].addingReportingOverflow(carry)
            words[index] = sum
            carry = overflow ? 1 : 0
        }
    }
}
