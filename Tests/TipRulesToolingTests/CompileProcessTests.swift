import Foundation
import Testing
@testable import TipRulesCommands
@testable import TipRulesToolingCore

/// `tiprulec compile` as a process ends as soon as the `.tipc` is written, without freeing the
/// program (`CommandEnvironment.finish`): its streams, exit status and bytes are those of the
/// command run in-process.
@Suite struct CompileProcessTests {
    /// A source that compiles with one warning.
    private static let source = """
        event appOpened

        tip VisitsTip {
            title: "Welcome back"
            #Rule(Self.appOpened) { ($0.donations.count ?? 0) > 3 }
        }

        """

    @Test func writesTheSameBytesAndWarningsAsInProcess() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("visits.tiprules")
        try Data(Self.source.utf8).write(to: source)
        let fromProcess = folder.appendingPathComponent("process.tipc")
        let inProcess = folder.appendingPathComponent("in-process.tipc")

        let run = try Self.runTiprulec(["compile", source.path, "-o", fromProcess.path])
        let expected = TiprulecCommand.run(["compile", source.path, "-o", inProcess.path], environment: CommandEnvironment())

        #expect(run.status == expected.status)
        #expect(run.status == ExitStatus.success)
        #expect(run.standardError == expected.standardError)
        #expect(run.standardError.contains("warning[TR0209]"))
        #expect(try Data(contentsOf: fromProcess) == Data(contentsOf: inProcess))
    }

    @Test func aProgramWithErrorsExitsWithStatus1AndWritesNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("broken.tiprules")
        try Data("tip T { title: \"t\"\n #Rule(Self.missing) { $0.donations.count > 1 } }\n".utf8).write(to: source)
        let output = folder.appendingPathComponent("broken.tipc")

        let run = try Self.runTiprulec(["compile", source.path, "-o", output.path])

        #expect(run.status == ExitStatus.programErrors)
        #expect(run.standardError.contains("error"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiprulec-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs the `tiprulec` built beside the tests; cancels the test when it is not built.
    private static func runTiprulec(_ arguments: [String]) throws -> CommandResult {
        let executable = LanguageServerProcess.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            try Test.cancel("\(executable.path) is not built")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let standardError = errors.fileHandleForReading.readDataToEndOfFile()
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             standardOutput: String(decoding: standardOutput, as: UTF8.self),
                             standardError: String(decoding: standardError, as: UTF8.self))
    }
}
