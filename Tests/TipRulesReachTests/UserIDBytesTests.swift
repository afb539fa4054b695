@testable import TipRulesReach
import Testing

/// A worker's user id as bytes, refilled user after user: what it holds is always the last id set
/// (a string id's bytes, an integer id's `String(number)`), whatever it held before and however
/// long, and two ids are equal exactly when their bytes are.
@Suite struct UserIDBytesTests {
    /// Numbers around every power of ten, both signs and both ends of `Int`.
    private static let numbers: [Int] = {
        var numbers = [0, -1, 1, 9, 10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            numbers += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        return numbers
    }()

    private static func set(_ text: String, in id: UserIDBytes) {
        Array(text.utf8).withUnsafeBufferPointer { id.set($0) }
    }

    @Test func anIntegerIdIsItsDecimalText() {
        let id = UserIDBytes()
        for number in Self.numbers {
            id.set(decimal: number)
            #expect(Array(id.bytes) == Array(String(number).utf8), "\(number)")
            #expect(id.count == String(number).utf8.count)
        }
    }

    @Test func theLastIdSetIsHeldWhateverCameBefore() {
        let id = UserIDBytes()
        // Longer and longer (past every capacity), then shorter, with integers between.
        let lengths = Array(0...200) + [1_000, 5, 0, 64, 33, 32, 31]
        for (index, length) in lengths.enumerated() {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + ($0 + index) % 26))) })
            Self.set(text, in: id)
            #expect(Array(id.bytes) == Array(text.utf8), "length \(length)")
            let number = Self.numbers[index % Self.numbers.count]
            id.set(decimal: number)
            #expect(Array(id.bytes) == Array(String(number).utf8), "\(number) after length \(length)")
        }
    }

    @Test func idsAreEqualExactlyWhenTheirBytesAre() {
        let one = UserIDBytes(), other = UserIDBytes()
        let texts = ["", "7", "-7", "70", "user-1", "user-2", "user-10", "ユーザー1", String(repeating: "x", count: 40),
                     String(repeating: "x", count: 39) + "y", String(repeating: "x", count: 41)]
        for first in texts {
            for second in texts {
                Self.set(first, in: one)
                Self.set(second, in: other)
                #expect(one.equals(other) == (first == second), "\(first) against \(second)")
            }
        }
        one.set(decimal: 7)
        Self.set("7", in: other)
        #expect(one.equals(other))
        one.set(decimal: -12_345)
        Self.set("-12345", in: other)
        #expect(one.equals(other) && other.equals(one))
    }
}
