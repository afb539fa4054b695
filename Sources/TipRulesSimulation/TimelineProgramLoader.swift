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

    /// The programs loaded so far, by path as written: a file named twice is read once.
    private var loaded: [String: Program] = [:]

    /// The program at `path` (relative to the timeline's folder).
    func load(_ path: String) throws(FixtureError) -> Program {
        if let program = loaded[path] { return program }
        switch ProgramLoader.load(directory.appendingPathComponent(path).path, environment: environment) {
        case .success(let result):
            loaded[path] = result.program
            return result.program
        case .failure(let failure) where failure.result.status == ExitStatus.programErrors:
            diagnostics = failure.result.standardError
            throw FixtureError(path: "", "\(path) has errors")
        case .failure(let failure):
            throw FixtureError(path: "", Self.message(failure.result.standardError))
        }
    }

    /// A command's "error: …\n" as a message.
    private static func message(_ standardError: String) -> String {
        var text = Substring(standardError)
        if text.hasPrefix("error: ") { text = text.dropFirst(7) }
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
