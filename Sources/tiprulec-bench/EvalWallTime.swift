import Foundation

/// The wall time of `tiprulec eval examples/backyard.tiprules --fixture
/// examples/backyard.logged-out.json` as a whole process: the `tiprulec` built next to this
/// benchmark, started with `posix_spawn` and awaited with `waitpid`, as a shell's `time` would
/// (Foundation's `Process` adds a millisecond or two of its own).
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
            let start = clock.now
            let status = try spawnAndWait(executable.path, arguments)
            let elapsed = (clock.now - start).nanoseconds / 1e6
            guard status == 0 else { throw BenchError("tiprulec eval exited with status \(status)") }
            if run > 0 { times.append(elapsed) }
        }
        return .success(EvalWallTime(executable: executable.path, runs: times.count, milliseconds: times.sorted()[times.count / 2]))
    }

    /// Runs `path` with `arguments`, standard output to /dev/null; its exit status (-1 when a
    /// signal ended it).
    private static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("could not start \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchError("waitpid failed: error \(errno)") }
        }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
