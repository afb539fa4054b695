import Foundation

/// A contender's runs summed up: the median wall and CPU time, the largest peak memory, and
/// the rates they give over the rows file.
struct ReachTiming: Codable {
    var run: String
    var threads: Int
    var runs: Int
    var wallSeconds: Double
    var cpuSeconds: Double
    var peakMegabytes: Double
    var megabytesPerSecond: Double
    /// Megabytes of rows per second of CPU time (user and system, every thread).
    var cpuMegabytesPerSecond: Double
    var rowsPerSecond: Double
    /// The wall time of one row, nanoseconds.
    var nanosecondsPerRow: Double
    /// The CPU time of one row, nanoseconds.
    var cpuNanosecondsPerRow: Double
    /// DuckDB's own timer (it leaves out starting Python); nil for reach.
    var ownSeconds: Double?

    init(_ contender: ReachContender, _ samples: [ReachSample], rows: ReachRowsFile) {
        func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
        run = contender.title
        threads = contender.threads
        runs = samples.count
        wallSeconds = median(samples.map(\.cost.wallSeconds))
        cpuSeconds = median(samples.map(\.cost.cpuSeconds))
        peakMegabytes = Double(samples.map(\.cost.peakBytes).max() ?? 0) / 1e6
        megabytesPerSecond = Double(rows.bytes) / 1e6 / wallSeconds
        cpuMegabytesPerSecond = Double(rows.bytes) / 1e6 / cpuSeconds
        rowsPerSecond = Double(rows.rows) / wallSeconds
        nanosecondsPerRow = wallSeconds * 1e9 / Double(max(rows.rows, 1))
        cpuNanosecondsPerRow = cpuSeconds * 1e9 / Double(max(rows.rows, 1))
        let own = samples.compactMap(\.ownSeconds)
        ownSeconds = own.isEmpty ? nil : median(own)
    }
}

/// A target of the reach benchmark and whether the run met it.
struct ReachTarget: Codable {
    var name: String
    var met: Bool

    /// Peak resident memory at most this, whatever the input's size.
    static let peakMegabytes = 100.0

    var mark: String { met ? "✓" : "✗" }
}

/// The machine's one-minute load average, as `uptime` shows it (nil when unknown).
func loadAverage() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
    return text.split(separator: " ").first.flatMap { Double($0) }
}
