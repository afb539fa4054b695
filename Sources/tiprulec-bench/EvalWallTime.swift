import Foundation

/// The wall time of `tiprulec eval examples/backyard.tiprules --fixture
/// examples/backyard.logged-out.json` as a whole process: the `tiprulec` built next to this
/// benchmark, run with Foundation's Process.
struct EvalWallTime: Codable {
    static let command = "tiprulec eval examples/backyard.tiprules --fixture examples/backyard.logged-out.json"
    /// The `tiprulec` that ran.
    var executable: String
    var runs: Int
    /// The median wall time of one run, in milliseconds.
    var milliseconds: Double

    /// The measurement, or why it was skipped.
    static func measure(runs: Int) throws -> Result<EvalWallTime, BenchError> {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tiprulec")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            return .failure(BenchError("no tiprulec next to the benchmark (\(executable.path)); build it with "
                                       + "`swift build -c release --product tiprulec`"))
        }
        // The examples of the source tree this benchmark was built from, else of the current folder.
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [sourceTree.appendingPathComponent("examples"), URL(fileURLWithPath: "examples")]
        guard let examples = candidates.first(where: {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("backyard.tiprules").path)
        }) else {
            return .failure(BenchError("examples/backyard.tiprules not found"))
        }
        let arguments = ["eval", examples.appendingPathComponent("backyard.tiprules").path,
                         "--fixture", examples.appendingPathComponent("backyard.logged-out.json").path]
        let clock = ContinuousClock()
        var times: [Double] = []
        // One run more than counted, first, to load the executable into the page cache.
        for run in 0...max(1, runs) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            // Not waitUntilExit: on Linux it polls its run loop every 50 ms.
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            let start = clock.now
            try process.run()
            exited.wait()
            let elapsed = (clock.now - start).nanoseconds / 1e6
            guard process.terminationStatus == 0 else {
                throw BenchError("tiprulec eval exited with status \(process.terminationStatus)")
            }
            if run > 0 { times.append(elapsed) }
        }
        return .success(EvalWallTime(executable: executable.path, runs: times.count, milliseconds: times.sorted()[times.count / 2]))
    }
}
