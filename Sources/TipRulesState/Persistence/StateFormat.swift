import TipRulesRuntime

/// The saved state format: a header (magic, format version, payload length, CRC-32 of the
/// payload) and a payload keyed by names (see docs/runtime.md, "Saved state"). Shared by state
/// snapshots (`StateEncoder`, `StateDecoder`) and operation records (`OperationRecord`).
enum StateFormat {
    /// The newest format version this runtime writes and reads: 2 added a saved state's
    /// exposures, which a state without any still writes as version 1.
    static let version = 2
    /// The version of the journals this runtime writes: the journal's framing has not changed
    /// (an exposure is one more operation kind).
    static let journalVersion = 1
    /// Header: 4 magic bytes, a 2-byte version, a 4-byte payload length, a 4-byte CRC-32.
    static let headerSize = 14
    /// The largest payload accepted (1 GiB): larger lengths are refused before reading.
    static let maximumPayload = 1 << 30

    static let stateMagic: [UInt8] = Array("TIPS".utf8)

    /// `payload` behind its header.
    static func framed(_ payload: [UInt8], magic: [UInt8], version: Int = version) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(magic)
        writer.fixed(UInt16(truncatingIfNeeded: version))
        writer.fixed(UInt32(truncatingIfNeeded: payload.count))
        writer.fixed(CRC32.checksum(payload))
        writer.append(payload)
        return writer.bytes
    }

    /// The payload of framed bytes starting at `offset`, checked against its header, and the
    /// offset just past it. `what` names the kind of file for the bad-magic error; a version
    /// newer than `newest` is refused.
    static func unframe(_ bytes: [UInt8], at offset: Int = 0, magic: [UInt8], what: String, newest: Int = version)
        throws(StateFormatError) -> (payload: ArraySlice<UInt8>, end: Int, version: Int) {
        guard bytes.count - offset >= headerSize else {
            if bytes.count - offset >= magic.count && !bytes[offset..<offset + magic.count].elementsEqual(magic) {
                throw .badMagic(expected: what)
            }
            throw .truncated(at: bytes.count, while: "the header of \(what)")
        }
        guard bytes[offset..<offset + magic.count].elementsEqual(magic) else { throw .badMagic(expected: what) }
        var reader = ByteReader(bytes: bytes, offset: offset + magic.count, part: "the header of \(what)")
        return try StateFormatError.reading(at: offset) {
            let version = Int(try reader.fixed(UInt16.self))
            guard version <= newest else { throw StateFormatError.newerVersion(version, newestRead: newest) }
            guard version >= 1 else { throw StateFormatError.malformed(at: offset + magic.count, "format version 0") }
            let length = Int(try reader.fixed(UInt32.self))
            let expected = try reader.fixed(UInt32.self)
            guard length <= maximumPayload else {
                throw StateFormatError.malformed(at: offset + magic.count + 2, "payload of \(length) bytes exceeds \(maximumPayload)")
            }
            guard length <= reader.remaining else { throw StateFormatError.truncated(at: bytes.count, while: what) }
            let payload = bytes[reader.offset..<reader.offset + length]
            let actual = CRC32.checksum(payload)
            guard actual == expected else { throw StateFormatError.checksumMismatch(expected: expected, actual: actual) }
            return (payload, reader.offset + length, version)
        }
    }
}

extension ByteWriter {
    /// A value of its own kind (the kind is known from the schema).
    mutating func scalar(_ value: ScalarValue) {
        switch value {
        case .bool(let flag): bool(flag)
        case .int(let number): fixed(Int64(number))
        case .double(let number), .date(let number), .duration(let number): double(number)
        case .string(let text): string(text)
        }
    }

    mutating func optionalDouble(_ value: Double?) {
        bool(value != nil)
        if let value { double(value) }
    }

    mutating func strings(_ values: [String]) {
        unsigned(values.count)
        for value in values { string(value) }
    }
}

extension ByteReader {
    /// A value of `kind`.
    mutating func scalar(_ kind: ScalarKind) throws -> ScalarValue {
        switch kind {
        case .bool: return .bool(try bool())
        case .int: return .int(Int(truncatingIfNeeded: try fixed(Int64.self)))
        case .double: return .double(try double())
        case .string, .version: return .string(try string())
        case .date: return .date(try double())
        case .duration: return .duration(try double())
        }
    }

    mutating func kind() throws -> ScalarKind {
        let start = offset
        guard let kind = ScalarKind(rawValue: try byte()) else { throw malformed("unknown value type", at: start) }
        return kind
    }

    mutating func optionalDouble() throws -> Double? {
        try bool() ? try double() : nil
    }

    mutating func strings() throws -> [String] {
        try (0..<count()).map { _ in try string() }
    }
}
