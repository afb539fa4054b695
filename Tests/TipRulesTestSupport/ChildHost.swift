import Foundation

/// A child process fed commands on standard input, answering one line each: how the tests drive
/// the example host (`tiprules-demo`) and kill it.
public final class ChildHost {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts `executable` with `arguments`, its standard error discarded.
    public init(_ executable: URL, _ arguments: [String]) throws {
        // A child that died must fail the test through its missing answer, not end the whole
        // test process with SIGPIPE when the test writes to it.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.withoutBacktracer()
        try process.run()
    }

    /// The child's process id (to read its `/proc` entry).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends one command line.
    public func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends a command and returns the first line of its answer.
    public func ask(_ line: String) -> String {
        send(line)
        return answer()
    }

    /// The next line the host prints ("" at its end).
    public func answer() -> String {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return "" }
            buffer += data
        }
    }

    /// Ends the child with SIGKILL and waits for it.
    public func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
