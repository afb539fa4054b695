import TipRulesRuntime

/// Why saved state bytes (a state snapshot or an operation record) were refused as a whole.
/// Nothing of refused bytes is used.
public enum StateFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the magic of the expected kind of file.
    case badMagic(expected: String)
    /// The bytes were written by a newer format version than this runtime reads.
    case newerVersion(Int, newestRead: Int)
    /// The checksum the header records is not the payload's.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The bytes end before the named part is complete.
    case truncated(at: Int, while: String)
    /// A value is not valid where it is.
    case malformed(at: Int, String)

    public var description: String {
        switch self {
        case .badMagic(let expected):
            return "not \(expected) (bad magic)"
        case .newerVersion(let version, let newest):
            return "written by a newer format version \(version) than this runtime reads (up to \(newest)); update the app's runtime"
        case .checksumMismatch(let expected, let actual):
            return "checksum mismatch (recorded \(expected), computed \(actual))"
        case .truncated(let offset, let part):
            return "truncated at byte \(offset) while reading \(part)"
        case .malformed(let offset, let message):
            return "malformed at byte \(offset): \(message)"
        }
    }

    /// The same problem found by the shared byte reader.
    init(_ error: BytecodeError) {
        switch error {
        case .truncated(let offset, let part): self = .truncated(at: offset, while: part)
        case .malformed(let offset, let message): self = .malformed(at: offset, message)
        default: self = .malformed(at: 0, error.description)
        }
    }

    /// Runs `body`, a read with the shared byte reader (whose errors are `BytecodeError`s), as a
    /// read of saved state; any other error is malformed data at `offset`.
    static func reading<Value>(at offset: Int, _ body: () throws -> Value) throws(StateFormatError) -> Value {
        do {
            return try body()
        } catch let error as StateFormatError {
            throw error
        } catch let error as BytecodeError {
            throw StateFormatError(error)
        } catch {
            throw .malformed(at: offset, "\(error)")
        }
    }
}
