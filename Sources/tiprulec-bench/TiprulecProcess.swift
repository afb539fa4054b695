import Foundation

/// The `tiprulec` built next to this benchmark, run as a whole process (`ChildProcess`).
enum TiprulecProcess {
    /// The path of the `tiprulec` next to the benchmark, or why there is none.
    static func executable() -> Result<String, BenchError> {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tiprulec")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            return .failure(BenchError("no tiprulec next to the benchmark (\(executable.path)); build it with "
                                       + "`swift build -c release --product tiprulec`"))
        }
        return .success(executable.path)
    }

    /// The median wall time of `runs` runs of `path` with `arguments`, in milliseconds, after one
    /// run more, first, that loads the executable into the page cache. Throws when a run fails.
    static func medianMilliseconds(_ path: String, _ arguments: [String], runs: Int) throws -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for run in 0...max(1, runs) {
            let start = clock.now
            let status = try spawnAndWait(path, arguments)
            let elapsed = (clock.now - start).nanoseconds / 1e6
            guard status == 0 else {
                throw BenchError("tiprulec \(arguments.first ?? "") exited with status \(status)")
            }
            if run > 0 { times.append(elapsed) }
        }
        return times.sorted()[times.count / 2]
    }

    /// Runs `path` with `arguments`, standard output and standard error (a compile's warnings) to
    /// /dev/null; its exit status (-1 when a signal ended it).
    private static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess.run(path, arguments).status
    }
}
