import Foundation
import Testing
@testable import tiprulec_bench
import TipRulesTestSupport

/// `tiprulec-bench measure`: its generated experiment rows (the same for a seed; arms, immature
/// and crossed users as chosen), its reading of both contenders' counts, and a small run.
@Suite struct MeasureBenchmarkTests {
    @Test func generatedRowsAreTheSameForASeedAndHoldTheChosenExperiment() throws {
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        var options = MeasureBenchmark.Options()
        options.users = 4_000
        let first = try MeasureBenchmark.generate(options, into: folder + "/a.ndjson")
        _ = try MeasureBenchmark.generate(options, into: folder + "/b.ndjson")
        #expect(FileManager.default.contentsEqual(atPath: folder + "/a.ndjson", andPath: folder + "/b.ndjson"))
        #expect(first.users == 4_000 && first.rows > 4_000)
        let text = try String(contentsOfFile: folder + "/a.ndjson", encoding: .utf8)
        let exposures = text.split(separator: "\n").filter { $0.contains("\"exposure\"") }
        let held = exposures.filter { $0.contains("\"holdout\"") }.count
        // Three users in four exposed, 10 % of them held out (their real rollout buckets), a few crossed.
        #expect((2_850...3_150).contains(exposures.count))
        #expect((200...400).contains(held))
    }

    @Test func countsOfMeasureAndDuckDBAreReadAlike() throws {
        let partial = #"{"measurePartial":2,"immature":3,"crossed":1,"contaminated":2,"arms":{"treatment":{"users":9,"converted":2,"shown":9},"#
            + #""holdout":{"users":1,"converted":0,"shown":0}}}"#
        let duckdb = #"{"crossed": 1, "contaminated": 2, "immature": 3, "arms": {"holdout": {"users": 1, "converted": 0, "shown": 5}, "#
            + #""treatment": {"users": 9, "converted": 2, "shown": 9}}}"#
        #expect(try MeasureBenchmark.JSONCounts(Data(partial.utf8)) == MeasureBenchmark.JSONCounts(Data(duckdb.utf8)))
        let fewer = duckdb.replacingOccurrences(of: #""contaminated": 2"#, with: #""contaminated": 1"#)
        #expect(try MeasureBenchmark.JSONCounts(Data(partial.utf8)) != MeasureBenchmark.JSONCounts(Data(fewer.utf8)))
        #expect(throws: BenchError.self) { try MeasureBenchmark.JSONCounts(Data("[]".utf8)) }
    }

    /// The benchmark built next to this test with 2,000 users and one run, DuckDB skipped.
    @Test func aSmallRunWithoutDuckDB() throws {
        let bench = builtProduct("tiprulec-bench")
        try #require(FileManager.default.isExecutableFile(atPath: bench.path), "\(bench.path) is not built")
        let folder = temporaryFolder(prefix: "tiprulec-bench-tests")
        defer { removeTemporaryFolder(folder) }
        let output = folder + "/report.txt"
        let run = try ChildProcess.run(bench.path, ["measure", "--users", "2000", "--dir", folder, "--python", folder + "/no-python"],
                                       standardOutput: output)
        #expect(run.status == 0)
        let report = try String(contentsOfFile: output, encoding: .utf8)
        #expect(report.contains("| measure --jobs 1 |") && report.contains("agreement: every run counted the same per arm"))
    }
}
