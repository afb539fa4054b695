import Foundation

/// `tiprulec-bench reach --scaling`: how reach's cost grows — jobs 1, 2 and 4 on 1×, 4× and 16×
/// the users (cached in `--dir`, streamed from there; a size the disk cannot hold is skipped with a
/// note), and the same rows spread over the users or over about a quarter of them (each with four
/// times the donations), with one job: the cost should grow with the rows, not with the users.
enum ReachScaling {
    static let multiples = [1, 4, 16]
    static let jobs = [1, 2, 4]
    /// The fewer users' donations, times the benchmark's.
    static let donationMultiplier = 4

    static func measure(_ options: ReachOptions, runner: ReachRunner) throws -> ReachScalingReport {
        let loadBefore = loadAverage()
        var sizes: [ReachScalingReport.Size] = []
        var skipped: [String] = []
        for multiple in multiples {
            guard let rows = try ReachRowsFile.cached(.init(users: options.users * multiple), in: options.folder) else {
                skipped.append("\(multiple)×: not enough free space in \(options.folder)")
                continue
            }
            progress("measuring: \(multiple)× (\(grouped(rows.rows)) rows)")
            let contenders = jobs.map { ReachContender.reach(jobs: $0) }
            let (counts, samples) = try runner.interleave(contenders, runs: options.runs, rows: rows)
            sizes.append(.init(multiple: multiple, rows: rows, counts: counts,
                               timings: contenders.map { ReachTiming($0, samples[$0] ?? [], rows: rows) }))
        }
        var equalRows: [ReachScalingReport.Size] = []
        if let base = sizes.first(where: { $0.multiple == 1 }) {
            let recipe = ReachRowsFile.Recipe(users: options.users, donationMultiplier: donationMultiplier, rowLimit: base.rows.rows)
            if let fewer = try ReachRowsFile.cached(recipe, in: options.folder) {
                progress("measuring: equal rows over \(grouped(options.users)) and \(grouped(fewer.users ?? 0)) users")
                for rows in [base.rows, fewer] {
                    let (counts, samples) = try runner.interleave([.reach(jobs: 1)], runs: options.runs, rows: rows)
                    equalRows.append(.init(multiple: 1, rows: rows, counts: counts,
                                           timings: [ReachTiming(.reach(jobs: 1), samples[.reach(jobs: 1)] ?? [], rows: rows)]))
                }
            } else {
                skipped.append("equal rows: not enough free space in \(options.folder)")
            }
        }
        return ReachScalingReport(users: options.users, runs: options.runs, cores: ProcessInfo.processInfo.activeProcessorCount,
                                  load: [loadBefore, loadAverage()].compactMap { $0 }, sizes: sizes, equalRows: equalRows,
                                  skipped: skipped)
    }
}

/// What `tiprulec-bench reach --scaling` measured.
struct ReachScalingReport: Encodable {
    /// The users of 1×.
    var users: Int
    var runs: Int
    var cores: Int
    var load: [Double]
    var sizes: [Size]
    /// The 1× rows and as many rows over fewer users, with one job (empty when skipped).
    var equalRows: [Size]
    /// What was skipped, and why.
    var skipped: [String]

    /// One rows file and the timing of each job count over it.
    struct Size: Encodable {
        var multiple: Int
        var rows: ReachRowsFile
        var counts: ReachCounts
        var timings: [ReachTiming]
    }

    var text: String {
        let load = self.load.map { String(format: "%.2f", $0) }.joined(separator: " → ")
        var lines = ["tiprulec-bench reach --scaling: jobs \(ReachScaling.jobs.map(String.init).joined(separator: ", ")) on "
                     + "\(ReachScaling.multiples.map { "\($0)×" }.joined(separator: ", ")) \(grouped(users)) users; "
                     + "\(cores) cores, load \(load); \(runs) interleaved runs of each (medians), each a whole process", "",
                     "| input | rows | MB | jobs | wall s | MB/s | ns/row | CPU ns/row | peak MB |",
                     "|---|---|---|---|---|---|---|---|---|"]
        for size in sizes {
            for timing in size.timings {
                lines.append("| \(size.multiple)× (\(grouped(size.counts.users)) users) | \(grouped(size.rows.rows)) | "
                             + "\(number(Double(size.rows.bytes) / 1e6)) | \(timing.threads) | " + Self.cells(timing))
            }
        }
        if equalRows.count == 2 {
            lines += ["", "Equal rows, different users (--jobs 1):", "",
                      "| users | rows | rows per user | wall s | MB/s | ns/row | CPU ns/row | peak MB |",
                      "|---|---|---|---|---|---|---|---|"]
            for size in equalRows {
                guard let timing = size.timings.first else { continue }
                lines.append("| \(grouped(size.counts.users)) | \(grouped(size.rows.rows)) | "
                             + "\(number(Double(size.rows.rows) / Double(max(size.counts.users, 1)))) | " + Self.cells(timing))
            }
        }
        lines += skipped.map { "note: skipped \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The cells from wall seconds on.
    private static func cells(_ timing: ReachTiming) -> String {
        let peak = timing.peakMegabytes <= ReachTarget.peakMegabytes ? "✓" : "✗"
        return "\(number(timing.wallSeconds)) | \(number(timing.megabytesPerSecond)) | \(number(timing.nanosecondsPerRow)) | "
            + "\(number(timing.cpuNanosecondsPerRow)) | \(number(timing.peakMegabytes)) \(peak) |"
    }
}
