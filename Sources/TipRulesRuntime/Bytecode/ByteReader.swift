/// Reads the primitive encodings of the format from untrusted bytes. Every read is
/// bounds-checked and every count is checked against the bytes left before anything
/// is allocated; failures name the byte offset and the part being read.
package struct ByteReader {
    package let bytes: [UInt8]
    package private(set) var offset: Int
    /// What is being read, for error messages ("constant pool", "tip 'X' rule 1" …).
    package var part: String
    /// The code blocks and instructions decoded so far, against the program-wide limits.
    package var codeBlocksRead = 0
    package var instructionsRead = 0

    package init(bytes: [UInt8], offset: Int, part: String) {
        self.bytes = bytes
        self.offset = offset
        self.part = part
    }

    package var remaining: Int { bytes.count - offset }
    package var isAtEnd: Bool { offset >= bytes.count }

    package func truncated() -> BytecodeError { .truncated(at: offset, while: part) }

    package func malformed(_ message: String, at position: Int? = nil) -> BytecodeError {
        .malformed(at: position ?? offset, "\(message) in \(part)")
    }

    package mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw truncated() }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func bool() throws -> Bool {
        let start = offset
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw malformed("expected 0 or 1", at: start)
        }
    }

    package mutating func fixed<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
        let size = MemoryLayout<Value>.size
        guard remaining >= size else { throw truncated() }
        var value: Value = 0
        for index in 0..<size {
            value |= Value(truncatingIfNeeded: bytes[offset + index]) << (8 * index)
        }
        offset += size
        return value
    }

    package mutating func double() throws -> Double {
        Double(bitPattern: try fixed(UInt64.self))
    }

    /// Canonical unsigned LEB128 of at most `limit`.
    package mutating func unsigned(limit: Int = Int.max) throws -> Int {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            let payload = UInt64(next & 0x7F)
            guard shift < 64 && (payload << shift) >> shift == payload else {
                throw malformed("number too large", at: start)
            }
            result |= payload << shift
            if next & 0x80 == 0 {
                guard next != 0 || shift == 0 else { throw malformed("over-long number", at: start) }
                break
            }
            shift += 7
        }
        guard result <= UInt64(limit) else { throw malformed("number \(result) exceeds \(limit)", at: start) }
        return Int(result)
    }

    /// A count of elements that take at least `minimumSize` bytes each, checked against the bytes left.
    package mutating func count(minimumSize: Int = 1, limit: Int = BytecodeFormat.maximumEntries) throws -> Int {
        let value = try unsigned(limit: limit)
        guard value <= remaining / max(1, minimumSize) else { throw truncated() }
        return value
    }

    package mutating func string() throws -> String {
        let length = try unsigned(limit: BytecodeFormat.maximumStringLength)
        guard length <= remaining else { throw truncated() }
        let start = offset
        guard let value = String(validating: bytes[start..<start + length], as: UTF8.self) else {
            throw malformed("invalid UTF-8", at: start)
        }
        offset += length
        return value
    }

    package mutating func optionalString() throws -> String? {
        try bool() ? try string() : nil
    }
}
