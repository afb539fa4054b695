import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `reach`'s limits (docs/limits.md): a line's length, a user's rows, and what `reach merge` accepts
/// of a partial: counts whose sums fit in 64 bits, and only the shape a program can have.
@Suite struct ReachLimitTests: CommandTesting {
    let scratch = TemporaryFolder()
    @Test func aLineOverTheLimitStopsTheRun() throws {
        let long = "{\"user\":1,\"parameter\":\"plan\",\"value\":\"" + String(repeating: "a", count: 1 << 20) + "\"}\n"
        let file = try write("rows.ndjson", "{\"user\":0}\n" + long)
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--skip-invalid"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("rows.ndjson:2: a line is longer than 1048576 bytes"), Comment(rawValue: result.standardError))
    }

    @Test func rowsPerUserAreBounded() throws {
        let row = "{\"user\":1}\n"
        let file = try write("rows.ndjson", String(repeating: row, count: 1_000_001) + "{\"user\":2}\n")
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--skip-invalid", "--format", "json"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardError.contains("rows.ndjson:1000001: user 1: the user has more than 1000000 rows"), Comment(rawValue: result.standardError))
        let report = try JSONParser().parse(result.standardOutput)
        #expect(report["skippedUsers"]?.intValue == 1)
        #expect(report["users"]?.intValue == 1)
    }

    private func partial() throws -> String {
        let file = try write("one.ndjson", "{\"user\":1}\n")
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--format", "partial"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        return result.standardOutput
    }

    @Test func mergedCountsUpToIntMaxAndNoFurther() throws {
        let one = try partial()
        #expect(one.contains("\"users\":1,"))
        let almost = one.replacingOccurrences(of: "\"users\":1,", with: "\"users\":\(Int.max - 1),")
        let full = one.replacingOccurrences(of: "\"users\":1,", with: "\"users\":\(Int.max),")
        let atTheEdge = run(["reach", "merge", try write("edge", almost + one), "--format", "json"])
        #expect(atTheEdge.status == 0, Comment(rawValue: atTheEdge.standardError))
        #expect(try JSONParser().parse(atTheEdge.standardOutput)["users"]?.intValue == Int.max)
        for pair in [full + one, one + full] {
            let over = run(["reach", "merge", try write("over", pair)])
            #expect(over.status == 2)
            #expect(over.standardError.contains("users: the merged count is larger than 9223372036854775807"), Comment(rawValue: over.standardError))
        }
        let display = one.replacingOccurrences(of: "\"display\":0,", with: "\"display\":\(Int.max),")
        let overDisplay = run(["reach", "merge", try write("display", display + display)])
        #expect(overDisplay.status == 2)
        #expect(overDisplay.standardError.contains("tips[0].display: the merged count is larger than"), Comment(rawValue: overDisplay.standardError))
        let beyond = one.replacingOccurrences(of: "\"users\":1,", with: "\"users\":9223372036854775808,")
        let notACount = run(["reach", "merge", try write("beyond", beyond)])
        #expect(notACount.status == 2)
        #expect(notACount.standardError.contains("users: expected a count"), Comment(rawValue: notACount.standardError))
    }

    /// Shares of counts too large for 1000 × count are still written exactly, in the text format too.
    @Test func sharesOfHugeCountsAreWrittenWithoutOverflow() throws {
        let one = try partial()
        let huge = one.replacingOccurrences(of: "\"users\":1,", with: "\"users\":10000000000000000,")
            .replacingOccurrences(of: "\"display\":0,", with: "\"display\":3333333333333333,")
        let result = run(["reach", "merge", try write("huge", huge)])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardOutput.contains("3333333333333333 users would see it (33.3%)"), Comment(rawValue: result.standardOutput))
        let most = one.replacingOccurrences(of: "\"users\":1,", with: "\"users\":\(Int.max),")
            .replacingOccurrences(of: "\"display\":0,", with: "\"display\":\(Int.max - 1),")
        let edge = run(["reach", "merge", try write("most", most)])
        #expect(edge.status == 0, Comment(rawValue: edge.standardError))
        #expect(edge.standardOutput.contains("would see it (100.0%)"), Comment(rawValue: edge.standardOutput))
    }

    @Test func mergeTakesOnlyPartialsOfTheShapeOfAProgramWhateverTheirOrder() throws {
        let good = try partial()
        let rulesStart = try #require(good.range(of: "\"rules\":["))
        let rulesEnd = try #require(good[rulesStart.upperBound...].firstIndex(of: "]"))
        let rules = String(good[rulesStart.upperBound..<rulesEnd])
        let repeated = good.replacingCharacters(in: rulesStart.upperBound..<rulesEnd,
                                                with: Array(repeating: rules, count: 1_000).joined(separator: ","))
        for (name, text) in [("bad", repeated), ("bad-good", repeated + good), ("good-bad", good + repeated)] {
            let result = run(["reach", "merge", try write(name, text)])
            #expect(result.status == 2, Comment(rawValue: name))
            #expect(result.standardError.contains("are not numbered 0, 1, 2") || result.standardError.contains("its tips, rules, groups or widgets differ"),
                    Comment(rawValue: "\(name): \(result.standardError)"))
        }
        let tipsStart = try #require(good.range(of: "\"tips\":["))
        let tipsEnd = try #require(good.range(of: "],\"groups\""))
        let tips = String(good[tipsStart.upperBound..<tipsEnd.lowerBound])
        let twice = good.replacingCharacters(in: tipsStart.upperBound..<tipsEnd.lowerBound, with: tips + "," + tips)
        let duplicate = run(["reach", "merge", try write("twice", twice)])
        #expect(duplicate.status == 2)
        #expect(duplicate.standardError.contains("is listed twice"), Comment(rawValue: duplicate.standardError))
        #expect(run(["reach", "merge", try write("goods", good + good)]).status == 0)
    }
}
