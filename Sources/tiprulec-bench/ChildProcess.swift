import Foundation

/// What a whole process cost, as `/usr/bin/time -v` reports it.
struct ProcessCost: Codable, Equatable {
    /// From start to exit, seconds.
    var wallSeconds: Double
    /// User and system time, seconds.
    var cpuSeconds: Double
    /// The peak resident memory, bytes.
    var peakBytes: Int
}

/// Runs a program as a whole process, as a shell's `time` would: started with `posix_spawnp`
/// (Foundation's `Process` adds a millisecond or two of its own) and awaited with `wait4`, whose
/// resource usage gives the child's CPU time and peak resident memory.
enum ChildProcess {
    /// Runs `program` (a path, or a name looked up in PATH) with `arguments`, reading nothing on its
    /// standard input (/dev/null), its standard output
    /// and standard error written to the files at those paths (created or emptied); its exit
    /// status (-1 when a signal ended it) and cost.
    static func run(_ program: String, _ arguments: [String], standardOutput: String = "/dev/null",
                    standardError: String = "/dev/null") throws -> (status: Int32, cost: ProcessCost) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Standard input is empty: a host that reads commands from it ends at once.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("could not start \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let wall = (clock.now - start).nanoseconds / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        // Linux gives ru_maxrss in kilobytes.
        let cost = ProcessCost(wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                               peakBytes: Int(usage.ru_maxrss) * 1024)
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, cost)
    }
}
