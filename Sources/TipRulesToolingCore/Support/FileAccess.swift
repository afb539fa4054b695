#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesCompiler
import TipRulesRuntime
import TipRulesState

/// The kinds of input a command reads, each with its size limit (see `docs/limits.md`).
package enum InputKind {
    case source, fixture, bytecode, timeline, swiftSource, changeSet

    /// The most bytes an input of this kind may have.
    var limit: Int {
        switch self {
        case .source, .swiftSource: return Compilation.maximumSourceSize
        case .fixture, .timeline: return 64 << 20
        case .bytecode: return BytecodeFormat.maximumFileSize
        case .changeSet: return ChangeSet.maximumSize
        }
    }

    /// What the input is, for messages.
    var name: String {
        switch self {
        case .source: return "a source file"
        case .fixture: return "a fixture"
        case .bytecode: return "a .tipc file"
        case .timeline: return "a timeline"
        case .swiftSource: return "a Swift file"
        case .changeSet: return "a change set"
        }
    }
}

/// Reading inputs and writing outputs, with messages that say what failed and where, in our words.
package enum FileAccess {
    /// The bytes of `path` (`-` is standard input), read in bounded chunks, or a message naming the
    /// input and the problem. Reading stops one byte past the kind's limit: an input over it is
    /// refused, except a source, which comes back with `limit + 1` bytes for the compiler to report.
    package static func read(_ path: String, as kind: InputKind, environment: CommandEnvironment) -> Result<[UInt8], CommandError> {
        let name = path == "-" ? "<stdin>" : path
        let bytes: [UInt8]
        if path == "-" {
            bytes = environment.readStandardInput(kind.limit)
        } else {
            switch readFile(path, limit: kind.limit) {
            case .success(let value): bytes = value
            case .failure(let error): return .failure(error)
            }
        }
        // A source over its limit is the compiler's to report (TR0602, a diagnostic an editor shows).
        guard bytes.count <= kind.limit || kind == .source else {
            return .failure(CommandError("\(name): larger than the limit of \(megabytes(kind.limit)) for \(kind.name)"))
        }
        return .success(bytes)
    }

    private static func readFile(_ path: String, limit: Int) -> Result<[UInt8], CommandError> {
        guard !path.isEmpty else { return .failure(CommandError("an empty file name was given")) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(CommandError("\(path): \(reason(errno))")) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            return .failure(CommandError("\(path): is a directory"))
        }
        switch BoundedReader.read(descriptor, limit: limit) {
        case .success(let bytes): return .success(bytes)
        case .failure(let error): return .failure(CommandError("\(path): cannot be read (\(reason(error.code)))"))
        }
    }

    /// `errno` in words: "no such file", "permission denied", or the system's text.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        default: return String(cString: strerror(code))
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
