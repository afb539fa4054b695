/// Appends the primitive encodings of the format: little-endian fixed-width integers,
/// unsigned LEB128 and length-prefixed UTF-8 strings.
package struct ByteWriter {
    package init() {}
    package private(set) var bytes: [UInt8] = []

    package mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    package mutating func fixed<Value: FixedWidthInteger>(_ value: Value) {
        var remaining = value.littleEndian
        withUnsafeBytes(of: &remaining) { bytes.append(contentsOf: $0) }
    }

    package mutating func double(_ value: Double) {
        fixed(value.bitPattern)
    }

    /// Unsigned LEB128; a negative value (never written by a valid program) is written as 0.
    package mutating func unsigned(_ value: Int) {
        var remaining = UInt(max(0, value))
        repeat {
            let low = UInt8(remaining & 0x7F)
            remaining >>= 7
            bytes.append(remaining == 0 ? low : low | 0x80)
        } while remaining != 0
    }

    package mutating func string(_ value: String) {
        unsigned(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    package mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    package mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }
}
