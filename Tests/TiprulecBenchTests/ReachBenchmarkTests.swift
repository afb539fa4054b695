import Foundation
import Testing
@testable import tiprulec_bench
import TipRulesTestSupport

/// `tiprulec-bench reach`'s options, its reading of both contenders' answers, and a small run
/// of the whole benchmark.
@Suite struct ReachBenchmarkTests {
    @Test func options() throws {
        #expect(try ReachOptions.parse([]).get() == ReachOptions())
        let parsed = try ReachOptions.parse(["--users", "20000", "--runs", "1", "--json", "--python", "/venv/bin/python"]).get()
        #expect(parsed.users == 20_000 && parsed.runs == 1 && parsed.json && parsed.python == "/venv/bin/python")
        for bad in [["--runs", "0"], ["--users"], ["--users", "x"], ["--scaling", "--rows", "rows.ndjson"], ["--frobnicate"],
                    ["--users", "1000000000", "--scale", "2"]] {
            #expect(throws: BenchError.self, "\(bad)") { try ReachOptions.parse(bad).get() }
        }
    }

    @Test func duckDBsCountsAreTheRulesFalseCounts() throws {
        let counts = try ReachCounts(duckDBLine: "[(300000, 125000, 80000, 60000)]")
        #expect(counts == ReachCounts(users: 300_000, notLoggedIn: 175_000, fewerThanThreeVisits: 220_000))
        #expect(throws: BenchError.self) { try ReachCounts(duckDBLine: "Traceback (most recent call last):") }
        let report = #"{"users": 5, "tips": [{"rules": [{"false": 2}, {"false": 4}]}]}"#
        #expect(try ReachCounts(reachReport: Data(report.utf8)) == ReachCounts(users: 5, notLoggedIn: 2, fewerThanThreeVisits: 4))
        #expect(throws: BenchError.self) { try ReachCounts(reachReport: Data(#"{"users": 5, "tips": []}"#.utf8)) }
    }

    /// The benchmark built next to this test with 2,000 users and one run, DuckDB skipped (a Python
    /// that does not exist): a report whose reach runs agree, and exit status 0.
    @Test func aSmallRunWithoutDuckDB() throws {
        let bench = builtProduct("tiprulec-bench")
        try #require(FileManager.default.isExecutableFile(atPath: bench.path), "\(bench.path) is not built")
        try #require(FileManager.default.isExecutableFile(atPath: bench.deletingLastPathComponent().appendingPathComponent("tiprulec").path))
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        let output = folder + "/report.json"
        let run = try ChildProcess.run(bench.path, ["reach", "--users", "2000", "--runs", "1", "--dir", folder, "--json",
                                                    "--python", folder + "/no-python"], standardOutput: output)
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        #expect((report["counts"] as? [String: Any])?["users"] as? Int == 2_000)
        let timings = try #require(report["timings"] as? [[String: Any]])
        #expect(timings.count == min(2, ProcessInfo.processInfo.activeProcessorCount))
        #expect(report["duckdb"] == nil)
    }
}
