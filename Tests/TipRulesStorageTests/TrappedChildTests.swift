import Foundation
import Testing
import TipRulesTestSupport

/// A child that crashed and is killed while the Swift runtime's backtracer prints its crash is
/// still reported ended, so a test whose child crashes fails instead of hanging the run: the tests
/// start every child they kill without the backtracer (`Process.withoutBacktracer()`). With the
/// backtracer, such a child stays a zombie that the hung `swift-backtrace` never lets go, and
/// `waitUntilExit()` never returns (seen with eight children at once).
@Suite struct TrappedChildTests {
    @Test func aTrappedChildKilledMidCrashIsReportedEnded() throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTests.writer.path), "\(CrashTests.writer.path) is not built")
        let children = 8
        let ended = DispatchGroup()
        for child in 0..<children {
            let process = Process()
            let output = Pipe()
            process.executableURL = CrashTests.writer
            process.arguments = ["--trap"]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.withoutBacktracer()
            try process.run()
            _ = output.fileHandleForReading.availableData
            // Killed at once or a little later: before, during or after the crash is handled.
            usleep(UInt32(child * 2_000))
            kill(process.processIdentifier, SIGKILL)
            ended.enter()
            Thread.detachNewThread {
                process.waitUntilExit()
                ended.leave()
            }
        }
        // Bounded, so that a regression fails this test rather than hanging the whole run.
        #expect(ended.wait(timeout: .now() + 60) == .success, "a killed child that had crashed was not reported ended within 60 s")
    }
}
