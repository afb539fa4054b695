#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command reads from and writes to: files, standard input, the environment.
/// Tests run commands in-process with this; the executable passes the real process state.
public struct CommandEnvironment {
    /// Reads standard input, at most `limit + 1` bytes, so that a caller can tell an input over
    /// its limit without ever holding more (called only by commands that read `--stdin` or `-`).
    public var readStandardInput: (_ limit: Int) -> [UInt8]
    /// The environment variables commands read (`variablesRead`, for a process).
    public var variables: [String: String]
    /// Whether standard error is a terminal (colour is used only then, and never with `NO_COLOR`).
    public var standardErrorIsTerminal: Bool
    /// Ends the process with a command's result, or nil when commands run in-process (tests).
    public var endProcess: ((CommandResult) -> Never)?

    public init(readStandardInput: @escaping (_ limit: Int) -> [UInt8] = { _ in [] }, variables: [String: String] = [:],
                standardErrorIsTerminal: Bool = false, endProcess: ((CommandResult) -> Never)? = nil) {
        self.readStandardInput = readStandardInput
        self.variables = variables
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.endProcess = endProcess
    }

    /// The environment variables any command reads: those of a process are read one by one, as
    /// `ProcessInfo.environment` would build a dictionary of every variable at every start (a
    /// quarter of a millisecond for a small environment, more for a CI runner's).
    public static let variablesRead = ["NO_COLOR", "TERM"]

    /// The environment of this process.
    public static var process: CommandEnvironment {
        var variables: [String: String] = [:]
        for name in variablesRead {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return CommandEnvironment(readStandardInput: { limit in (try? BoundedReader.read(STDIN_FILENO, limit: limit).get()) ?? [] },
                                  variables: variables,
                                  standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
                                  endProcess: exitProcess)
    }

    /// Writes `result`'s streams and exits with its status.
    public static func exitProcess(with result: CommandResult) -> Never {
        FileDescriptorIO.writeAll(Array(result.standardOutput.utf8), to: STDOUT_FILENO)
        FileDescriptorIO.writeAll(Array(result.standardError.utf8), to: STDERR_FILENO)
        exit(result.status)
    }

    /// `result`, or, in a process, the end of it with `result`. A command that built large data
    /// calls this while the data is still alive (`withExtendedLifetime`), so that the process
    /// ends without freeing what the system reclaims at exit anyway.
    package func finish(_ result: CommandResult) -> CommandResult {
        if let endProcess { endProcess(result) }
        return result
    }
}

/// What a command produced: its exit status and its output streams.
public struct CommandResult: Equatable, Sendable {
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

/// The exit statuses every command promises (docs/cli.md).
public enum ExitStatus {
    /// The command did its job (for `check`: no errors).
    public static let success: Int32 = 0
    /// The program has errors; diagnostics were printed.
    public static let programErrors: Int32 = 1
    /// Usage error, or unreadable or malformed input.
    public static let badInput: Int32 = 2
}

/// A failure of a command that ends it with exit status 2.
@usableFromInline
package struct CommandError: Error {
    @usableFromInline package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
