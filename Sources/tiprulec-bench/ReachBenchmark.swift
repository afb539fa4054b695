import Foundation

/// `tiprulec-bench reach`: `tiprulec reach` over generated benchmark rows for
/// examples/backyard.tiprules, with one job and with every core, against DuckDB computing the same
/// two rules with one thread and with every core (when installed), each run a whole process,
/// interleaved and repeated; the reports must agree. `--scaling` is `ReachScaling`.
enum ReachBenchmark {
    /// Runs the command; its exit status: 0 whether the targets are met or not, 1 when the answers
    /// disagree or a run fails, 2 for bad arguments.
    static func main(arguments: [String]) -> Int32 {
        let options: ReachOptions
        switch ReachOptions.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            progress("tiprulec-bench reach: \(error)\nusage: \(ReachOptions.usage)")
            return 2
        }
        do {
            let work = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: work) }
            if options.scaling {
                let report = try ReachScaling.measure(options, runner: try runner(options, work: work, duckdb: false))
                print(options.json ? try encoded(report) : report.text)
            } else {
                let report = try measure(options, runner: try runner(options, work: work, duckdb: true))
                print(options.json ? try encoded(report) : report.text)
            }
            return 0
        } catch {
            progress("tiprulec-bench reach: \(error)")
            return 1
        }
    }

    /// The runner of the `tiprulec` next to the benchmark over examples/backyard.tiprules, with the
    /// DuckDB anchor when `duckdb` and it is installed (else a note says why not).
    static func runner(_ options: ReachOptions, work: String, duckdb: Bool) throws -> ReachRunner {
        let tiprulec = try TiprulecProcess.executable().get()
        guard let examples = examplesFolder() else { throw BenchError("examples/backyard.tiprules not found") }
        var anchor: DuckDBAnchor?
        if duckdb {
            switch DuckDBAnchor.find(python: options.python, examples: examples, work: work) {
            case .success(let found): anchor = found
            case .failure(let note): progress("note: \(note); its rows are skipped")
            }
        }
        return ReachRunner(tiprulec: tiprulec, program: examples.appendingPathComponent("backyard.tiprules").path,
                           duckdb: anchor, work: work)
    }

    /// The rows of `--rows`, else the generated (or cached) rows of the options' users.
    static func rows(_ options: ReachOptions) throws -> ReachRowsFile {
        if let path = options.rows { return try ReachRowsFile.existing(path) }
        let recipe = ReachRowsFile.Recipe(users: options.users * options.scale)
        guard let file = try ReachRowsFile.cached(recipe, in: options.folder) else {
            throw BenchError("no room for the rows in \(options.folder)")
        }
        return file
    }

    /// reach with 1 job and every core, DuckDB with 1 thread and every core, interleaved.
    static func measure(_ options: ReachOptions, runner: ReachRunner) throws -> ReachComparison {
        let rows = try rows(options)
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let threads = cores > 1 ? [1, cores] : [1]
        let contenders = threads.map { ReachContender.reach(jobs: $0) }
            + (runner.duckdb == nil ? [] : threads.map { ReachContender.duckdb(threads: $0) })
        let loadBefore = loadAverage()
        progress("measuring: \(contenders.map(\.title).joined(separator: ", ")) over \(rows.path)")
        let (counts, samples) = try runner.interleave(contenders, runs: options.runs, rows: rows)
        return ReachComparison(rows: rows, counts: counts, cores: cores, load: [loadBefore, loadAverage()].compactMap { $0 },
                               duckdb: runner.duckdb?.version, timings: contenders.map { ReachTiming($0, samples[$0] ?? [], rows: rows) })
    }

    private static func encoded<Report: Encodable>(_ report: Report) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    /// A new private folder for the runs' outputs.
    private static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "tiprulec-bench-reach-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
