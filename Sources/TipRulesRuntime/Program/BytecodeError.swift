/// Why bytes could not be loaded as a program, or a program could not be built.
public enum BytecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the `TIPC` magic.
    case badMagic
    /// The file is of a format version this runtime does not read.
    case unsupportedVersion(Int)
    /// The file says it is of a format version that cannot hold one of its constructs.
    case constructNeedsNewerVersion(String, needs: Int, fileVersion: Int)
    /// The payload's CRC-32 is not the one the header records.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The bytes end before the named part is complete.
    case truncated(at: Int, while: String)
    /// A value in the file is not valid where it is.
    case malformed(at: Int, String)
    /// Bytes follow the end of the program.
    case trailingBytes(at: Int)
    /// A structurally valid program breaks a verifier rule; the message says where.
    case verificationFailed(String)
    /// The program exceeds a format limit (too many constants, code too long …).
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .badMagic:
            return "not a tiprulec bytecode file (bad magic)"
        case .unsupportedVersion(let version):
            let readable = "versions \(BytecodeFormat.readableVersions.lowerBound) to \(BytecodeFormat.readableVersions.upperBound)"
            guard version > BytecodeFormat.newestVersion else { return "unsupported format version \(version) (this runtime reads \(readable))" }
            return "unsupported format version \(version): newer than this runtime reads (\(readable)); "
                + "compile the rules for it with 'tiprulec compile --bytecode-version \(BytecodeFormat.newestVersion)'"
        case .constructNeedsNewerVersion(let construct, let needed, let fileVersion):
            return "the file says format version \(fileVersion), but it holds \(construct), which needs version \(needed)"
        case .checksumMismatch(let expected, let actual):
            return "checksum mismatch (header says \(hex(expected)), payload has \(hex(actual)))"
        case .truncated(let offset, let part):
            return "truncated at byte \(offset) while reading \(part)"
        case .malformed(let offset, let message):
            return "malformed bytecode at byte \(offset): \(message)"
        case .trailingBytes(let offset):
            return "unexpected bytes after the end of the program at byte \(offset)"
        case .verificationFailed(let message):
            return "verification failed: \(message)"
        case .limitExceeded(let message):
            return "program too large: \(message)"
        }
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
