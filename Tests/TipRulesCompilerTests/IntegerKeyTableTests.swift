import Testing
import TipRulesTestSupport
@testable import TipRulesCompiler

/// The code generator's integer-keyed table finds what a `Dictionary<Int, …>` finds, whatever the
/// keys: bit patterns of numbers, small and negative integers, keys that share their low or high
/// bits, and enough of them to grow the table many times.
@Suite struct IntegerKeyTableTests {
    @Test func anEmptyTableFindsNothing() {
        let table = IntegerKeyTable<String>()
        #expect(table.value(for: 0) == nil)
        #expect(table.value(for: .min) == nil)
    }

    @Test func findsWhatADictionaryFinds() {
        var random = SplitMix64(seed: 0x5EED)
        let special = [0, 1, -1, .min, .max, Int(truncatingIfNeeded: (-0.0).bitPattern), Int(truncatingIfNeeded: 86_400.0.bitPattern)]
        var keys = special
        for shift in stride(from: 0, to: 64, by: 8) { keys += (0..<40).map { $0 << shift } }
        keys += (0..<3_000).map { _ in Int(truncatingIfNeeded: random.next()) }
        var table = IntegerKeyTable<Int>()
        var expected: [Int: Int] = [:]
        for (step, key) in keys.enumerated() {
            table.setValue(step, for: key)
            expected[key] = step
            if step % 97 == 0 {
                #expect(keys[...step].allSatisfy { table.value(for: $0) == expected[$0] })
            }
        }
        #expect(keys.allSatisfy { table.value(for: $0) == expected[$0] })
        let absent = (0..<1_000).map { _ in Int(truncatingIfNeeded: random.next()) }.filter { expected[$0] == nil }
        #expect(absent.allSatisfy { table.value(for: $0) == nil })
    }

    @Test func settingAKeyAgainReplacesItsValue() {
        var table = IntegerKeyTable<String>()
        table.setValue("first", for: 7)
        table.setValue("second", for: 7)
        #expect(table.value(for: 7) == "second")
    }
}
