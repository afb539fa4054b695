import Foundation

/// What a command reads from and writes to: files, standard input, the environment.
/// Tests run commands in-process with this; the executable passes the real process state.
public struct CommandEnvironment {
    /// Reads all of standard input (called only by commands that take `--stdin`).
    public var readStandardInput: () -> [UInt8]
    public var variables: [String: String]
    /// Whether standard error is a terminal (colour is used only then, and never with `NO_COLOR`).
    public var standardErrorIsTerminal: Bool

    public init(readStandardInput: @escaping () -> [UInt8] = { [] }, variables: [String: String] = [:],
                standardErrorIsTerminal: Bool = false) {
        self.readStandardInput = readStandardInput
        self.variables = variables
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// The environment of this process.
    public static var process: CommandEnvironment {
        CommandEnvironment(readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
                           variables: ProcessInfo.processInfo.environment,
                           standardErrorIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}

/// What a command produced: its exit status and its output streams.
public struct CommandResult: Equatable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(status: Int32 = ExitStatus.success, standardOutput: String = "", standardError: String = "") {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// A usage or input error: exit status 2 and a message on standard error.
    public static func failure(_ message: String) -> CommandResult {
        CommandResult(status: ExitStatus.badInput, standardError: "error: \(message)\n")
    }
}

/// The exit statuses of the command-line contract.
public enum ExitStatus {
    /// The command did its job (for `check`: no errors).
    public static let success: Int32 = 0
    /// The program has errors; diagnostics were printed.
    public static let programErrors: Int32 = 1
    /// Usage error, or unreadable or malformed input.
    public static let badInput: Int32 = 2
}

/// Reading and writing files, with messages that say what failed and where.
enum FileAccess {
    /// The bytes of a file, or a message naming the file and the problem.
    static func read(_ path: String) -> Result<[UInt8], CommandError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(CommandError("\(path): no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(CommandError("\(path): is a directory")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(CommandError("\(path): cannot be read"))
        }
        return .success(Array(data))
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename.
    /// On failure nothing is left behind and an existing file is untouched.
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> CommandError? {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                return CommandError("\(path): cannot be written (\(reason))")
            }
            return nil
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return CommandError("\(path): cannot be written (\(error.localizedDescription))")
        }
    }
}

/// A failure of a command that ends it with exit status 2.
struct CommandError: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
