import Foundation
import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec reach` over rows written the hard way (`HardRowWriter`: the row reader's slow path and
/// its unusual cases) counts, user by user, what `eval` of a fixture with the same content says,
/// for every example program and every number of threads.
@Suite struct ReachHardRowsTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let now = 1_795_251_600.0
    private let nowText = "2026-11-21T09:00:00Z"

    @Test func reachCountsWhatEvalSaysOfHardRowsForEveryExample() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: "examples").filter { $0.hasSuffix(".tiprules") }.sorted()
        #expect(examples.count >= 10)
        var evaluated = 0
        for example in examples {
            let path = "examples/\(example)"
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let program = try compile(bytes: source, name: path)
            var writer = HardRowWriter(program: program, now: now, seed: UInt64(example.utf8.count) &* 7919 &+ 17)
            var rows = ""
            var oracle = ReachOracle()
            var users: [(rows: String, result: JSONValue)] = []
            for user in 0..<16 {
                let (userRows, fixture) = writer.user(user)
                rows += userRows
                let eval = run(["eval", path, "--fixture", "-", "--now", nowText, "--format", "json"], stdin: fixture)
                #expect(eval.status == 0, "\(example): \(eval.standardError)\n\(fixture)")
                let result = try JSONParser().parse(eval.standardOutput)
                oracle.add(result)
                users.append((userRows, result))
                evaluated += 1
            }
            let file = try write("\(example).ndjson", rows)
            var reports: [String] = []
            for jobs in ["1", "2", "3"] {
                let output = run(["reach", path, file, "--now", nowText, "--format", "json", "--jobs", jobs])
                #expect(output.status == 0, "\(example) --jobs \(jobs): \(output.standardError)")
                let differences = oracle.differences(from: try JSONParser().parse(output.standardOutput))
                if !differences.isEmpty {
                    Issue.record("\(example) --jobs \(jobs): \(differences.prefix(8))\n\(try firstUserThatDiffers(path, users))")
                }
                reports.append(output.standardOutput)
            }
            // Lines ending in CR LF, and blank lines of spaces and tabs between them: the same report.
            let lines = rows.split(separator: "\n")
            let noisy = lines.indices.map { lines[$0] + ($0 % 7 == 3 ? "\r\n \t\r\n\n" : "\r\n") }.joined()
            for jobs in ["1", "2"] {
                let output = run(["reach", path, try write("\(example).crlf", noisy), "--now", nowText, "--format", "json", "--jobs", jobs])
                #expect(output.standardOutput == reports.first, "\(example) CR LF --jobs \(jobs): \(output.standardError)")
            }
        }
        #expect(evaluated > 0)
    }

    /// `--user-parameter` gives the id's text (escapes decoded, a number's digits) to a `String`
    /// parameter no row gives; `--baseline` counts who gains and who loses each tip as eval of both
    /// programs says.
    @Test func userParameterAndBaselineCountWhatEvalSays() throws {
        for (path, options) in [("examples/reader.tiprules", ["--user-parameter", "userID"]),
                                ("examples/backyard.tiprules", ["--baseline", "examples/backyard-beta.tiprules"]),
                                ("examples/reader.tiprules", ["--user-parameter", "userID", "--baseline", "examples/reader.tiprules"])] {
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let program = try compile(bytes: source, name: path)
            var writer = HardRowWriter(program: program, now: now, seed: 0xBA5E)
            if options.contains("--user-parameter") { writer.userParameter = "userID" }
            let baseline = options.firstIndex(of: "--baseline").map { options[$0 + 1] }
            var rows = ""
            var oracle = ReachOracle()
            for user in 0..<32 {
                let (userRows, fixture) = writer.user(user)
                rows += userRows
                let eval = run(["eval", path, "--fixture", "-", "--now", nowText, "--format", "json"], stdin: fixture)
                #expect(eval.status == 0, "\(path): \(eval.standardError)\n\(fixture)")
                let old = try baseline.map { try JSONParser().parse(run(["eval", $0, "--fixture", "-", "--now", nowText, "--format", "json"], stdin: fixture).standardOutput) }
                oracle.add(try JSONParser().parse(eval.standardOutput), baseline: old)
            }
            let file = try write("rows.ndjson", rows)
            for jobs in ["1", "2"] {
                let output = run(["reach", path, file, "--now", nowText, "--format", "json", "--jobs", jobs] + options)
                #expect(output.status == 0, "\(path) \(options): \(output.standardError)")
                let differences = oracle.differences(from: try JSONParser().parse(output.standardOutput))
                #expect(differences.isEmpty, "\(path) \(options) --jobs \(jobs): \(differences.prefix(8))")
            }
        }
    }

    /// For a failure's message: the first user whose rows alone reach counts otherwise than eval.
    private func firstUserThatDiffers(_ program: String, _ users: [(rows: String, result: JSONValue)]) throws -> String {
        for (index, user) in users.enumerated() {
            var oracle = ReachOracle()
            oracle.add(user.result)
            let output = run(["reach", program, try write("user\(index).ndjson", user.rows), "--now", nowText, "--format", "json"])
            let differences = (try? JSONParser().parse(output.standardOutput)).map { oracle.differences(from: $0) } ?? [output.standardError]
            if !differences.isEmpty { return "user \(index): \(differences.prefix(8))\nrows:\n\(user.rows)" }
        }
        return "no single user differs"
    }
}
