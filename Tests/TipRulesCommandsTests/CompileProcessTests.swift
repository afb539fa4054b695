import Foundation
import Testing
@testable import TipRulesCommands
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// `tiprulec compile` as a process ends as soon as the `.tipc` is written, without freeing the
/// program (`CommandEnvironment.finish`): its streams, exit status and bytes are those of the
/// command run in-process.
@Suite struct CompileProcessTests {
    private let scratch = TemporaryFolder()

    /// A source that compiles with one warning.
    private static let source = """
        event appOpened

        tip VisitsTip {
            title: "Welcome back"
            #Rule(Self.appOpened) { ($0.donations.count ?? 0) > 3 }
        }

        """

    @Test func writesTheSameBytesAndWarningsAsInProcess() throws {
        let folder = scratch.url
        let source = folder.appendingPathComponent("visits.tiprules")
        try Data(Self.source.utf8).write(to: source)
        let fromProcess = folder.appendingPathComponent("process.tipc")
        let inProcess = folder.appendingPathComponent("in-process.tipc")

        let run = try runBuiltProduct("tiprulec", ["compile", source.path, "-o", fromProcess.path])
        let expected = TiprulecCommand.run(["compile", source.path, "-o", inProcess.path], environment: CommandEnvironment())

        #expect(run.status == expected.status)
        #expect(run.status == ExitStatus.success)
        #expect(run.standardError == expected.standardError)
        #expect(run.standardError.contains("warning[TR0209]"))
        #expect(try Data(contentsOf: fromProcess) == Data(contentsOf: inProcess))
    }

    @Test func aProgramWithErrorsExitsWithStatus1AndWritesNothing() throws {
        let folder = scratch.url
        let source = folder.appendingPathComponent("broken.tiprules")
        try Data("tip T { title: \"t\"\n #Rule(Self.missing) { $0.donations.count > 1 } }\n".utf8).write(to: source)
        let output = folder.appendingPathComponent("broken.tipc")

        let run = try runBuiltProduct("tiprulec", ["compile", source.path, "-o", output.path])

        #expect(run.status == ExitStatus.programErrors)
        #expect(run.standardError.contains("error"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
