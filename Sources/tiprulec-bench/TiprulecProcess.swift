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
        var times: [Double] = []
        for run in 0...max(1, runs) {
            let elapsed = try milliseconds(path, arguments)
            if run > 0 { times.append(elapsed) }
        }
        return median(times)
    }

    /// `runs` runs of `path` with `arguments` (A) and as many with `baseline` (B), in turns
    /// (A B A B …, after one of each that is not counted), in milliseconds: the median of A's, of
    /// B's, and of the differences A − B pair by pair, so that a busy spell of the machine falls
    /// on both runs of a pair rather than on one command. Throws when a run fails.
    static func pairedMilliseconds(_ path: String, _ arguments: [String], baseline: [String],
                                   runs: Int) throws -> (median: Double, baseline: Double, difference: Double) {
        var times: [Double] = []
        var baselineTimes: [Double] = []
        for run in 0...max(1, runs) {
            let time = try milliseconds(path, arguments)
            let baselineTime = try milliseconds(path, baseline)
            if run > 0 {
                times.append(time)
                baselineTimes.append(baselineTime)
            }
        }
        return (median(times), median(baselineTimes), median(zip(times, baselineTimes).map { $0 - $1 }))
    }

    /// The median of `values` (the upper one of an even count).
    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// The wall time of one run, in milliseconds.
    private static func milliseconds(_ path: String, _ arguments: [String]) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let status = try spawnAndWait(path, arguments)
        let elapsed = (clock.now - start).nanoseconds / 1e6
        guard status == 0 else {
            throw BenchError("tiprulec \(arguments.first ?? "") exited with status \(status)")
        }
        return elapsed
    }

    /// Runs `path` with `arguments`, standard output and standard error (a compile's warnings) to
    /// /dev/null; its exit status (-1 when a signal ended it).
    private static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess.run(path, arguments).status
    }
}
