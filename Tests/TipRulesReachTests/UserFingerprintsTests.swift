@testable import TipRulesReach
import Testing

/// The set of users `reach` has seen (64-bit hashes in a segmented open-addressing table): it never
/// calls a user it has seen new, nor one it has not seen known (for ids that do not collide), across
/// every growth of its segments; and two sets intersect exactly when they share a user.
@Suite struct UserFingerprintsTests {
    /// A deterministic id of `index`: short numbers, numbers' texts, long and non-ASCII ids.
    private static func id(_ index: Int) -> [UInt8] {
        switch index % 4 {
        case 0: return Array(String(index).utf8)
        case 1: return Array("user-\(index)@example.com".utf8)
        case 2: return Array("ユーザー\(index)".utf8)
        default: return Array(String(repeating: "x", count: index % 97) .utf8) + Array(String(index, radix: 16).utf8)
        }
    }

    private static func insert(_ id: [UInt8], into set: inout UserFingerprints) -> Bool {
        id.withUnsafeBufferPointer { set.insert($0) }
    }

    private static func contains(_ id: [UInt8], in set: UserFingerprints) -> Bool {
        id.withUnsafeBufferPointer { set.contains($0) }
    }

    @Test func manyUsersAreNewOnceAndKnownAfter() {
        let count = 200_000
        var set = UserFingerprints()
        var falseNew = 0, falseKnown = 0
        for index in 0..<count {
            let id = Self.id(index)
            if Self.contains(id, in: set) { falseKnown += 1 }
            if !Self.insert(id, into: &set) { falseKnown += 1 }
        }
        #expect(set.count == count)
        #expect(falseKnown == 0)
        // Every user again, in another order: each known, none new.
        var index = 7
        for _ in 0..<count {
            index = (index &+ 104_729) % count
            let id = Self.id(index)
            if !Self.contains(id, in: set) { falseNew += 1 }
            if Self.insert(id, into: &set) { falseNew += 1 }
        }
        #expect(falseNew == 0)
        #expect(set.count == count)
        // Ids never inserted are not known.
        #expect((count..<count + 20_000).filter { Self.contains(Self.id($0), in: set) }.isEmpty)
        #expect(!Self.contains([], in: set))
        #expect(Self.insert([], into: &set))
        #expect(!Self.insert([], into: &set))
    }

    @Test func duplicatesAreFoundAmongRandomIds() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var seen = Set<[UInt8]>()
        var set = UserFingerprints()
        for _ in 0..<60_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Ids from a small space, so that many repeat.
            let id = Array(String(state >> 49).utf8) + (state & 1 == 0 ? [] : [0xC3, 0xA9])
            #expect(Self.insert(id, into: &set) == seen.insert(id).inserted)
        }
        #expect(set.count == seen.count)
        #expect(seen.count < 60_000)
    }

    /// Ids are hashed a word at a time, their length first: ids that differ only by zero bytes at
    /// the end, or in one byte anywhere, of every length from 0 to 40, are distinct users.
    @Test func idsOfEveryLengthAreDistinctToTheLastByte() {
        var set = UserFingerprints()
        var expected = 0
        for length in 0...40 {
            let zeros = [UInt8](repeating: 0, count: length)
            #expect(Self.insert(zeros, into: &set), "\(length) zeros")
            expected += 1
            let base = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            if length > 0 {
                #expect(Self.insert(base, into: &set), "length \(length)")
                expected += 1
            }
            for position in 0..<length {
                var changed = base
                changed[position] ^= 0x80
                #expect(Self.insert(changed, into: &set), "length \(length) byte \(position)")
                expected += 1
            }
        }
        #expect(set.count == expected)
        for length in 0...40 { #expect(!Self.insert([UInt8](repeating: 0, count: length), into: &set)) }
    }

    @Test func setsIntersectExactlyWhenTheyShareAUser() {
        var even = UserFingerprints(), odd = UserFingerprints(), empty = UserFingerprints()
        for index in 0..<20_000 {
            _ = Self.insert(Self.id(2 * index), into: &even)
            _ = Self.insert(Self.id(2 * index + 1), into: &odd)
        }
        #expect(!even.intersects(odd))
        #expect(!odd.intersects(even))
        #expect(!even.intersects(empty))
        #expect(!empty.intersects(even))
        var one = UserFingerprints()
        _ = Self.insert(Self.id(39_999), into: &one)
        #expect(one.intersects(odd))
        #expect(odd.intersects(one))
        #expect(!one.intersects(even))
        #expect(empty.isEmpty && !one.isEmpty)
    }

    /// The decimal text of a number id is `String(number)`'s: `7` and `"7"` are one user.
    @Test func numberIdsAreWrittenAsTheirText() {
        var numbers = [0, -1, 1, 9, 10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            numbers += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        for number in numbers {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            ReachInput.appendDecimal(number, to: &bytes)
            #expect(bytes == Array("x\(number)".utf8), "\(number)")
        }
    }
}
