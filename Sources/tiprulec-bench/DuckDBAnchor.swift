import Foundation

/// DuckDB computing backyard's two rules over the same rows (examples/reach/bench/reach_duckdb.py),
/// run by a Python that imports `duckdb`: the anchor `tiprulec reach` is measured against.
struct DuckDBAnchor {
    var python: String
    var script: String
    /// `duckdb.__version__`.
    var version: String

    /// The anchor, or the note that says why it is skipped: no such Python, or no `duckdb` in it.
    static func find(python: String, examples: URL, work: String) -> Result<DuckDBAnchor, BenchError> {
        let script = examples.appendingPathComponent("reach/bench/reach_duckdb.py").path
        let output = (work as NSString).appendingPathComponent("duckdb-version.out")
        guard FileManager.default.fileExists(atPath: script) else { return .failure(BenchError("\(script) not found")) }
        guard let run = try? ChildProcess.run(python, ["-c", "import duckdb; print(duckdb.__version__)"], standardOutput: output),
              run.status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            return .failure(BenchError("DuckDB not installed (\(python) cannot import duckdb): pip install duckdb"))
        }
        return .success(DuckDBAnchor(python: python, script: script,
                                     version: text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// One run with `threads` threads over `rows`: its cost as a whole process, its counts and its
    /// own timer (which leaves out starting Python).
    func run(rows: String, threads: Int, work: String) throws -> (cost: ProcessCost, counts: ReachCounts, ownSeconds: Double) {
        let output = (work as NSString).appendingPathComponent("duckdb.out")
        let errors = (work as NSString).appendingPathComponent("duckdb.err")
        let run = try ChildProcess.run(python, [script, rows, String(threads)], standardOutput: output, standardError: errors)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        guard run.status == 0, let first = lines.first, let last = lines.last, let seconds = Double(last) else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw BenchError("DuckDB (\(threads) threads) exited with status \(run.status): \(text)\(message.suffix(2000))")
        }
        return (run.cost, try ReachCounts(duckDBLine: first), seconds)
    }
}
