#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TipRulesRuntime
import TipRulesToolingCore

/// Loads the programs of a timeline's `update` steps for `simulate` and `test`, as `eval` loads
/// a program (a `.tiprules` is compiled, a `.tipc` decoded and verified), with paths relative to
/// the timeline's folder. Remembers the diagnostics of an update that does not compile, which
/// a command prints (exit status 1).
final class TimelineProgramLoader {
    private let directory: URL
    private let environment: CommandEnvironment
    /// The diagnostics of the last update program with errors, as `check` prints them.
    private(set) var diagnostics: String?

    init(directory: URL, environment: CommandEnvironment) {
        self.directory = directory
        self.environment = environment
    }

    /// The loader of the timeline at `path`.
    convenience init(timelinePath path: String, environment: CommandEnvironment) {
        self.init(directory: URL(fileURLWithPath: path).deletingLastPathComponent(), environment: environment)
    }

    /// The programs loaded so far, by file (`identity(of:)`): a file named twice, under any
    /// spelling (`x`, `./x`, `a/../x`, a link), is read once.
    private var loaded: [String: Program] = [:]
    /// How many program files were read.
    private(set) var filesRead = 0

    /// The program at `path` (relative to the timeline's folder).
    func load(_ path: String) throws(FixtureError) -> Program {
        let file = directory.appendingPathComponent(path).path
        let identity = Self.identity(of: file)
        if let program = loaded[identity] { return program }
        filesRead += 1
        switch ProgramLoader.load(file, environment: environment) {
        case .success(let result):
            loaded[identity] = result.program
            return result.program
        case .failure(let failure) where failure.result.status == ExitStatus.programErrors:
            diagnostics = failure.result.standardError
            throw FixtureError(path: "", "\(path) has errors")
        case .failure(let failure):
            throw FixtureError(path: "", Self.message(failure.result.standardError))
        }
    }

    /// What names one file whatever the path's spelling: its device and inode, or, when it cannot
    /// be read, the path made standard (no `.` or `..` components).
    private static func identity(of path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return "\(status.st_dev):\(status.st_ino)"
    }

    /// A command's "error: …\n" as a message.
    private static func message(_ standardError: String) -> String {
        var text = Substring(standardError)
        if text.hasPrefix("error: ") { text = text.dropFirst(7) }
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
