import Foundation
import TipRulesTooling
import XCTest

/// A test case for commands run in-process, with a fresh temporary folder per test for the
/// files they read and write.
class CommandTestCase: XCTestCase {
    /// Removed after each test.
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiprulec-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `name` in the folder; its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs a command line with `stdin` as standard input, at a fixed current time.
    func run(_ arguments: [String], stdin: String = "") -> CommandResult {
        TiprulecCommand.run(arguments, environment: CommandEnvironment(readStandardInput: { _ in Array(stdin.utf8) }),
                            currentTime: { 1_795_251_600 })
    }
}
