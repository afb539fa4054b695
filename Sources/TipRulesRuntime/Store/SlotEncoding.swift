/// How scalar values are held in 64-bit VM slots and field columns: a `Bool` as 0 or 1,
/// an `Int` as its two's-complement bits, a `Double`, `Date` or `Duration` as its IEEE 754 bits,
/// a `String` as an index into a string table.
package enum SlotEncoding {
    @inline(__always) package static func bits(_ value: Bool) -> UInt64 { value ? 1 : 0 }
    @inline(__always) package static func bits(_ value: Int) -> UInt64 { UInt64(bitPattern: Int64(value)) }
    @inline(__always) package static func bits(_ value: Double) -> UInt64 { value.bitPattern }
    @inline(__always) package static func bool(_ bits: UInt64) -> Bool { bits != 0 }
    @inline(__always) package static func int(_ bits: UInt64) -> Int { Int(Int64(bitPattern: bits)) }
    @inline(__always) package static func double(_ bits: UInt64) -> Double { Double(bitPattern: bits) }

    /// The bits of a non-string value; `stringIndex` gives the table index of a string.
    package static func bits(_ value: ScalarValue, stringIndex: (String) -> Int) -> UInt64 {
        switch value {
        case .bool(let flag): return bits(flag)
        case .int(let number): return bits(number)
        case .double(let number), .date(let number), .duration(let number): return bits(number)
        case .string(let text): return bits(stringIndex(text))
        }
    }
}
