import Foundation

/// `tiprulec-bench measure`: realistic experiment rows (`MeasureRowGenerator`, a chosen true
/// effect, immature and crossed users) measured by `tiprulec measure` with one job and with every
/// core, plain and with `--cuped --sequential` over three goals (the extra sums of one pass), against DuckDB computing the same per-arm counts in SQL (examples/measure/measure_duckdb.py)
/// with one thread and every core, each run a whole process; the counts must agree.
/// `--rows-out FILE` only writes the rows.
enum MeasureBenchmark {
    static let usage = "tiprulec-bench measure [--users N] [--effect E] [--percent P] [--seed S] [--runs N] [--dir DIR] "
        + "[--python PATH] | tiprulec-bench measure --rows-out FILE [--users N] [--effect E] [--percent P] [--seed S]"

    struct Options {
        var users = 300_000
        var runs = 1
        var seed: UInt64 = 1
        var effect = 0.2
        var percent = 10
        var folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var python = "python3"
        var rowsOut: String?
    }

    static func main(arguments: [String]) -> Int32 {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let value = remaining.popFirst() ?? ""
            switch argument {
            case "--users": options.users = Int(value).flatMap { (1...100_000_000).contains($0) ? $0 : nil } ?? 0
            case "--runs": options.runs = Int(value).flatMap { (1...100).contains($0) ? $0 : nil } ?? 0
            case "--seed": options.seed = UInt64(value) ?? 0
            case "--effect": options.effect = Double(value).flatMap { $0 > -1 && $0 <= 10 ? $0 : nil } ?? .nan
            case "--percent": options.percent = Int(value).flatMap { (1...50).contains($0) ? $0 : nil } ?? 0
            case "--dir": options.folder = value
            case "--python": options.python = value
            case "--rows-out": options.rowsOut = value
            default:
                progress("tiprulec-bench measure: unknown argument \(argument)\nusage: \(usage)")
                return 2
            }
            if options.users == 0 || options.runs == 0 || options.seed == 0 || options.effect.isNaN || options.percent == 0 || value.isEmpty {
                progress("tiprulec-bench measure: \(argument) takes a value in range (users 1–100,000,000, runs 1–100, "
                         + "a seed above 0, effect above −1, percent 1–50)\nusage: \(usage)")
                return 2
            }
        }
        do {
            if let path = options.rowsOut {
                let rows = try generate(options, into: path)
                progress("wrote \(rows.users) users' \(rows.rows) rows (\(rows.bytes) bytes) to \(path)")
                return 0
            }
            print(try measure(options))
            return 0
        } catch {
            progress("tiprulec-bench measure: \(error)")
            return 1
        }
    }

    /// Writes the options' rows to `path` (through a temporary file renamed once complete).
    static func generate(_ options: Options, into path: String) throws -> (users: Int, rows: Int, bytes: Int) {
        let written = try ByteWriter.writeFile(path) { out in
            var generator = MeasureRowGenerator(seed: options.seed)
            generator.effect = options.effect
            generator.percent = options.percent
            return (0..<options.users).reduce(0) { rows, user in rows + generator.writeUser(user, to: &out) }
        }
        return (options.users, written.result, written.bytes)
    }

    /// examples/measure/pro-filters.tiprules, with its holdout's share set to `percent` (the
    /// share the generated rows hold out, which measure checks against the program's) and a third
    /// event, `savedSearch` (a guardrail the rows never donate), in a copy in `work`.
    static func program(holdingOut percent: Int, from examples: URL, in work: String) throws -> String {
        let example = try String(contentsOf: examples.appendingPathComponent("measure/pro-filters.tiprules"), encoding: .utf8)
        let declared = "holdout(10, "
        guard example.contains(declared) else { throw BenchError("examples/measure/pro-filters.tiprules: no '\(declared)'") }
        let path = (work as NSString).appendingPathComponent("pro-filters.tiprules")
        let events = "event openedSearch\n"
        guard example.contains(events) else { throw BenchError("examples/measure/pro-filters.tiprules: no '\(events)'") }
        try example.replacingOccurrences(of: declared, with: "holdout(\(percent), ")
            .replacingOccurrences(of: events, with: events + "event savedSearch\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// One untimed run, then `runs` interleaved rounds of measure and DuckDB; the timings as a table.
    static func measure(_ options: Options) throws -> String {
        let tiprulec = try TiprulecProcess.executable().get()
        guard let examples = examplesFolder() else { throw BenchError("examples/measure not found") }
        let script = examples.appendingPathComponent("measure/measure_duckdb.py").path
        let work = NSTemporaryDirectory() + "tiprulec-bench-measure-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let program = try program(holdingOut: options.percent, from: examples, in: work)
        let rows = (options.folder as NSString).appendingPathComponent(
            "tiprulec-measure-\(options.users)u-s\(options.seed)-e\(options.effect)-p\(options.percent).ndjson")
        let size: Int
        if let existing = try? FileManager.default.attributesOfItem(atPath: rows)[.size] as? Int {
            size = existing
        } else {
            progress("generating \(options.users) users' rows into \(rows)")
            size = try generate(options, into: rows).bytes
        }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let threads = cores > 1 ? [1, cores] : [1]
        let hasDuckDB = (try? ChildProcess.run(options.python, ["-c", "import duckdb"]))?.status == 0
        if !hasDuckDB { progress("note: \(options.python) cannot import duckdb; DuckDB's rows are skipped") }
        // (name, measure's further arguments or nil for DuckDB, threads)
        let contenders = threads.map { ("measure --jobs \($0)", Optional([String]()), $0) }
            + threads.map { ("measure --cuped --sequential, 3 goals, --jobs \($0)", Optional(Self.guarded), $0) }
            + (hasDuckDB ? threads.map { ("DuckDB, \($0) thread\($0 == 1 ? "" : "s")", nil, $0) } : [])
        let load = loadAverage()
        func run(_ further: [String]?, _ threads: Int) throws -> (cost: ProcessCost, counts: JSONCounts) {
            let isMeasure = further != nil
            let output = (work as NSString).appendingPathComponent("out"), errors = (work as NSString).appendingPathComponent("err")
            let arguments = isMeasure
                ? ["measure", program, rows, "--tip", "ProFiltersTip", "--goal", "filterApplied", "--group", MeasureRowGenerator.group,
                   "--now", ReachRowGenerator.nowText, "--jobs", String(threads), "--format", "partial", "--quiet"] + (further ?? [])
                : [script, rows, String(threads)]
            let process = try ChildProcess.run(isMeasure ? tiprulec : options.python, arguments, standardOutput: output, standardError: errors)
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            guard process.status == 0, let first = text.split(separator: "\n").first else {
                throw BenchError("\(isMeasure ? "measure" : "DuckDB") exited with status \(process.status): "
                                 + ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").suffix(2000))
            }
            return (process.cost, try JSONCounts(Data(first.utf8)))
        }
        let reference = try run([], cores).counts
        var samples: [String: [ProcessCost]] = [:]
        for round in 0..<options.runs {
            for contender in contenders {
                progress("  \(contender.0) (run \(round + 1) of \(options.runs))")
                let sample = try run(contender.1, contender.2)
                guard sample.counts == reference else {
                    throw BenchError("\(contender.0) counted \(sample.counts.text), measure \(reference.text)")
                }
                samples[contender.0, default: []].append(sample.cost)
            }
        }
        let megabytes = Double(size) / 1_000_000
        var lines = ["tiprulec-bench measure: \(rows), \(options.users) users, \(String(format: "%.1f", megabytes)) MB, true effect "
                     + "+\(Int(options.effect * 100))% on the mean, \(options.percent)% held out; \(cores) cores, load "
                     + "\(load.map { String(format: "%.2f", $0) } ?? "?") → \(loadAverage().map { String(format: "%.2f", $0) } ?? "?"); "
                     + "medians of \(options.runs) interleaved runs, each a whole process",
                     "", "| run | wall s | CPU s | MB/s | CPU MB/s | peak MB | ÷ DuckDB (wall, same threads) |", "|---|---|---|---|---|---|---|"]
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        for contender in contenders {
            let costs = samples[contender.0] ?? []
            let wall = median(costs.map(\.wallSeconds)), cpu = median(costs.map(\.cpuSeconds))
            let peak = Double(costs.map(\.peakBytes).max() ?? 0) / 1_000_000
            let duckdb = samples["DuckDB, \(contender.2) thread\(contender.2 == 1 ? "" : "s")"].map { median($0.map(\.wallSeconds)) }
            let ratio = contender.1 != nil ? duckdb.map { String(format: "%.2f", wall / $0) } ?? "" : "1.00"
            lines.append(String(format: "| %@ | %.2f | %.2f | %.0f | %.0f | %.1f | %@ |", contender.0, wall, cpu, megabytes / wall,
                                megabytes / cpu, peak, ratio))
        }
        lines.append("")
        lines.append("agreement: every run counted the same per arm (\(reference.text))")
        return lines.joined(separator: "\n")
    }

    /// The guarded run's further arguments: two guardrail goals (the primary's counts stay the plain run's),
    /// CUPED's pre-period sums and the sequential test.
    static let guarded = ["--goal", "openedSearch", "--goal", "savedSearch", "--cuped", "--sequential"]

    /// The per-arm counts of a measure partial or of the DuckDB query, compared key by key.
    struct JSONCounts: Equatable {
        var values: [String: Int]

        init(_ data: Data) throws {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let arms = object["arms"] as? [String: [String: Any]] else { throw BenchError("not a report of counts") }
            values = ["crossed": object["crossed"] as? Int ?? -1, "immature": object["immature"] as? Int ?? -1,
                      "contaminated": object["contaminated"] as? Int ?? -1]
            for (arm, counts) in arms {
                for (name, value) in counts {
                    // The holdout's interactions are not counted by measure (the tip never shows there).
                    if arm == "holdout" && ["shown", "actionPerformed", "tipClosed"].contains(name) { continue }
                    values["\(arm).\(name)"] = value as? Int ?? -1
                }
            }
        }

        var text: String { values.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }
    }
}
