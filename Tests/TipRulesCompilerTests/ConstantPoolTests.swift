import Testing
import TipRulesRuntime
@testable import TipRulesCompiler

/// The constant pool keeps each distinct value once, in order of first use, and tells values
/// apart by their bits: the same bits of another kind, `-0.0` and `0.0`, and strings that are
/// canonically equivalent but spelled differently are different constants.
@Suite struct ConstantPoolTests {
    @Test func aRepeatedValueHasTheIndexOfItsFirstUse() throws {
        var pool = ConstantPool()
        let values: [ScalarValue] = [.int(3), .string("a"), .int(3), .double(2.5), .string("a"), .double(2.5)]
        #expect(try values.map { try pool.index(of: $0) } == [0, 1, 0, 2, 1, 2])
        #expect(pool.values == [.int(3), .string("a"), .double(2.5)])
    }

    @Test func theSameBitsOfAnotherKindAreAnotherConstant() throws {
        var pool = ConstantPool()
        let values: [ScalarValue] = [.int(0), .bool(false), .double(0), .date(0), .duration(0), .string(""),
                                     .int(1), .bool(true), .int(Int(Int64(bitPattern: 2.5.bitPattern))), .double(2.5)]
        #expect(try values.map { try pool.index(of: $0) } == Array(values.indices))
        #expect(try values.map { try pool.index(of: $0) } == Array(values.indices))
    }

    @Test func negativeZeroAndEquivalentSpellingsAreOtherConstants() throws {
        var pool = ConstantPool()
        let values: [ScalarValue] = [.double(0), .double(-0.0), .duration(-0.0), .string("caf\u{E9}"), .string("cafe\u{301}")]
        #expect(try values.map { try pool.index(of: $0) } == [0, 1, 2, 3, 4])
        #expect(try pool.index(of: .string("cafe\u{301}")) == 4)
        #expect(try pool.index(of: .double(-0.0)) == 1)
    }
}
