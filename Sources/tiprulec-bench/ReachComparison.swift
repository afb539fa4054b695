import Foundation

/// What `tiprulec-bench reach` measured: the rows, the answer every contender agreed on, and each
/// contender's timing with its ratio to DuckDB at the same thread count and its targets.
struct ReachComparison: Encodable {
    var rows: ReachRowsFile
    /// The answer every run gave (reach's reports were identical, DuckDB's counts equal).
    var counts: ReachCounts
    var cores: Int
    /// The one-minute load average before and after measuring.
    var load: [Double]
    /// DuckDB's version, nil when it was not installed (its rows skipped).
    var duckdb: String?
    var timings: [Row]

    /// A contender's timing, with reach's wall time divided by DuckDB's at the same thread count
    /// (both whole processes) and the targets it meets or misses.
    struct Row: Encodable {
        var timing: ReachTiming
        var wallRatioToDuckDB: Double?
        var targets: [ReachTarget]
    }

    init(rows: ReachRowsFile, counts: ReachCounts, cores: Int, load: [Double], duckdb: String?, timings: [ReachTiming]) {
        self.rows = rows
        self.counts = counts
        self.cores = cores
        self.load = load
        self.duckdb = duckdb
        let anchors = Dictionary(timings.filter { $0.ownSeconds != nil }.map { ($0.threads, $0) }, uniquingKeysWith: { first, _ in first })
        self.timings = timings.map { timing in
            guard timing.ownSeconds == nil else { return Row(timing: timing, wallRatioToDuckDB: 1, targets: []) }
            var targets = [ReachTarget(name: "peak ≤ \(Int(ReachTarget.peakMegabytes)) MB",
                                       met: timing.peakMegabytes <= ReachTarget.peakMegabytes)]
            let anchor = anchors[timing.threads]
            if let anchor {
                targets.insert(ReachTarget(name: "≤ \(anchor.run)", met: timing.wallSeconds <= anchor.wallSeconds), at: 0)
            }
            return Row(timing: timing, wallRatioToDuckDB: anchor.map { timing.wallSeconds / $0.wallSeconds }, targets: targets)
        }
    }

    var text: String {
        var lines: [String] = []
        let load = self.load.map { String(format: "%.2f", $0) }.joined(separator: " → ")
        lines.append("tiprulec-bench reach: \(rows.path), \(grouped(rows.rows)) rows, \(number(Double(rows.bytes) / 1e6)) MB, "
                     + "\(grouped(counts.users)) users; \(cores) cores, load \(load); \(timings.first?.timing.runs ?? 0) interleaved "
                     + "runs of each (medians), each a whole process")
        lines.append(duckdb.map { "DuckDB \($0) (examples/reach/bench/reach_duckdb.py; its wall time includes starting Python)" }
                     ?? "DuckDB not installed: pip install duckdb (its rows skipped)")
        lines.append("")
        lines.append("| run | wall s | CPU s | MB/s | CPU MB/s | rows/s | peak MB | reach ÷ DuckDB (wall) | targets |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for row in timings {
            let timing = row.timing
            let wall = number(timing.wallSeconds) + (timing.ownSeconds.map { " (own timer \(number($0)))" } ?? "")
            let targets = row.targets.map { "\($0.mark) \($0.name)" }.joined(separator: "; ")
            lines.append("| \(timing.run) | \(wall) | \(number(timing.cpuSeconds)) | \(number(timing.megabytesPerSecond)) | "
                         + "\(number(timing.cpuMegabytesPerSecond)) | "
                         + "\(number(timing.rowsPerSecond / 1e6)) M | \(number(timing.peakMegabytes)) | "
                         + "\(row.wallRatioToDuckDB.map(number) ?? "-") | \(targets) |")
        }
        lines.append("")
        lines.append("agreement: every run of reach reported the same (\(counts))"
                     + (duckdb == nil ? "" : "; DuckDB's counts are equal"))
        return lines.joined(separator: "\n")
    }
}
