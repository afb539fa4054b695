import Foundation

/// One way of answering the reach benchmark, run as a whole process: `tiprulec reach` with a
/// number of jobs, or the DuckDB anchor with a number of threads.
enum ReachContender: Hashable {
    case reach(jobs: Int)
    case duckdb(threads: Int)

    var title: String {
        switch self {
        case .reach(let jobs): "reach --jobs \(jobs)"
        case .duckdb(let threads): "DuckDB, \(threads) thread\(threads == 1 ? "" : "s")"
        }
    }

    /// The jobs or threads.
    var threads: Int {
        switch self {
        case .reach(let jobs): jobs
        case .duckdb(let threads): threads
        }
    }
}

/// One run of a contender: its cost, what it answered, and DuckDB's own timer.
struct ReachSample {
    var cost: ProcessCost
    /// reach's JSON report, whole (every run's must be the same, whatever its jobs).
    var report: Data?
    var counts: ReachCounts
    var ownSeconds: Double?
}

/// Runs the contenders over one rows file: `tiprulec reach PROGRAM ROWS --now … --jobs N --format json`,
/// and DuckDB when there is an anchor.
struct ReachRunner {
    var tiprulec: String
    var program: String
    var duckdb: DuckDBAnchor?
    /// A private folder for the runs' outputs.
    var work: String

    func run(_ contender: ReachContender, rows: ReachRowsFile) throws -> ReachSample {
        switch contender {
        case .reach(let jobs):
            let output = (work as NSString).appendingPathComponent("reach.json")
            let errors = (work as NSString).appendingPathComponent("reach.err")
            let arguments = ["reach", program, rows.path, "--now", ReachRowGenerator.nowText, "--jobs", String(jobs),
                             "--format", "json", "--quiet"]
            let run = try ChildProcess.run(tiprulec, arguments, standardOutput: output, standardError: errors)
            guard run.status == 0, let report = FileManager.default.contents(atPath: output) else {
                let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                throw BenchError("tiprulec reach --jobs \(jobs) exited with status \(run.status): \(message.suffix(2000))")
            }
            return ReachSample(cost: run.cost, report: report, counts: try ReachCounts(reachReport: report))
        case .duckdb(let threads):
            guard let duckdb else { throw BenchError("no DuckDB to run") }
            let run = try duckdb.run(rows: rows.path, threads: threads, work: work)
            return ReachSample(cost: run.cost, counts: run.counts, ownSeconds: run.ownSeconds)
        }
    }

    /// `runs` rounds of every contender in turn, each round starting with the next one, so a busy
    /// spell of the machine touches all; after one untimed run of `reach --jobs` the first
    /// contender's jobs (which reads the file into the page cache and gives the reference report).
    /// Every reach report must equal the reference byte for byte, and every DuckDB's counts the
    /// first DuckDB's; a disagreement throws with both answers.
    func interleave(_ contenders: [ReachContender], runs: Int, rows: ReachRowsFile) throws
        -> (reference: ReachCounts, samples: [ReachContender: [ReachSample]]) {
        let warmUp = try run(.reach(jobs: contenders.map(\.threads).max() ?? 1), rows: rows)
        var duckdbCounts: ReachCounts?
        var samples: [ReachContender: [ReachSample]] = [:]
        for round in 0..<max(1, runs) {
            for step in contenders.indices {
                let contender = contenders[(round + step) % contenders.count]
                progress("  \(contender.title) (run \(round + 1) of \(max(1, runs)))")
                let sample = try run(contender, rows: rows)
                if let report = sample.report, report != warmUp.report {
                    throw BenchError("\(contender.title) reported otherwise than the first run:\n"
                                     + "\(String(decoding: report, as: UTF8.self))\nbefore:\n"
                                     + String(decoding: warmUp.report ?? Data(), as: UTF8.self))
                }
                if sample.report == nil {
                    if let before = duckdbCounts, before != sample.counts {
                        throw BenchError("\(contender.title) answered \(sample.counts), before \(before)")
                    }
                    duckdbCounts = sample.counts
                }
                samples[contender, default: []].append(sample)
            }
        }
        if let duckdbCounts, duckdbCounts != warmUp.counts {
            throw BenchError("reach and DuckDB disagree: reach \(warmUp.counts); DuckDB \(duckdbCounts)")
        }
        return (warmUp.counts, samples)
    }
}
