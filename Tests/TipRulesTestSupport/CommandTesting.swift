import Foundation
import TipRulesCommands
import TipRulesToolingCore

/// A suite of commands run in-process: each test (each suite instance) has its own temporary
/// folder for the files the commands read and write.
public protocol CommandTesting {
    /// Created with the suite instance for one test, removed after it.
    var scratch: TemporaryFolder { get }
}

extension CommandTesting {
    /// The test's temporary folder.
    public var folder: URL { scratch.url }

    /// Writes `text` to `name` in the folder; its path.
    public func write(_ name: String, _ text: String) throws -> String {
        try scratch.write(name, Array(text.utf8))
    }

    /// Runs a command line with `stdin` as standard input, at a fixed current time.
    public func run(_ arguments: [String], stdin: String = "") -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment(readStandardInput: { _ in Array(stdin.utf8) }),
                            currentTime: { 1_795_251_600 })
    }
}
