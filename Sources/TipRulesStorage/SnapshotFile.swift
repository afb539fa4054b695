import TipRulesRuntime
import TipRulesState

/// A snapshot: the rules in force (`.tipc` bytes) and the whole state (`StateEncoder`), under
/// one checksum so that both are replaced together: the magic `TIPF`, a 2-byte storage version,
/// the 4-byte length of the program, the 4-byte CRC-32 of everything after the header, then the
/// program and the state (which has its own header and checksum).
enum SnapshotFile {
    static let magic: [UInt8] = Array("TIPF".utf8)
    static let headerSize = 14
    /// The version in a snapshot's header: its layout has not changed since the first storage
    /// version (a saved state's own version says what it holds).
    static let version = 1

    static func encode(program: [UInt8], state: [UInt8]) -> [UInt8] {
        let body = program + state
        return magic + littleEndian(UInt16(version)) + littleEndian(UInt32(program.count))
            + littleEndian(CRC32.checksum(body)) + body
    }

    /// The program and state bytes of a snapshot file.
    static func decode(_ bytes: [UInt8]) throws(StateFormatError) -> (program: [UInt8], state: [UInt8]) {
        guard bytes.count >= headerSize else { throw .truncated(at: bytes.count, while: "the snapshot header") }
        guard bytes.prefix(4).elementsEqual(magic) else { throw .badMagic(expected: "a tip state snapshot") }
        let version = Int(integer(bytes, at: 4, size: 2))
        guard version <= Self.version else { throw .newerVersion(version, newestRead: Self.version) }
        let programLength = Int(integer(bytes, at: 6, size: 4))
        let expected = UInt32(integer(bytes, at: 10, size: 4))
        let actual = CRC32.checksum(bytes[headerSize...])
        guard actual == expected else { throw .checksumMismatch(expected: expected, actual: actual) }
        guard programLength <= bytes.count - headerSize else { throw .malformed(at: 6, "a program longer than the snapshot") }
        let split = headerSize + programLength
        return (Array(bytes[headerSize..<split]), Array(bytes[split...]))
    }

    private static func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        (0..<MemoryLayout<Value>.size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }
}
