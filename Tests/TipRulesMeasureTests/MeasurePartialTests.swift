import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// What `measure merge` accepts of a partial: only what a run can write (counts that fit together,
/// a window `--window` accepts, an instant `--now` accepts), each part of the rows once; never a trap.
@Suite struct MeasurePartialTests: CommandTesting {
    let scratch = TemporaryFolder()

    /// A partial of one arm's counts each (users, converted, goalSum, goalSumOfSquares), as a run writes it.
    private func partial(treatment: [Int] = [380, 19, 19, 19], holdout: [Int] = [20, 0, 0, 0], users: Int? = nil,
                         window: String = "604800", instant: String = "1795251600", part: String = "00000000000000a1") -> String {
        func arm(_ counts: [Int]) -> String {
            "{\"users\":\(counts[0]),\"converted\":\(counts[1]),\"goalSum\":\(counts[2]),\"goalSumOfSquares\":\(counts[3]),"
                + "\"shown\":0,\"actionPerformed\":0,\"tipClosed\":0}"
        }
        let total = users ?? treatment[0] + holdout[0]
        return "{\"measurePartial\":3,\"program\":\"p\",\"tip\":\"T\",\"group\":\"g\",\"goal\":\"goal\",\"window\":\(window),"
            + "\"instant\":\(instant),\"percent\":10,\"users\":\(total),\"rows\":0,\"skippedUsers\":0,\"immature\":0,\"crossed\":0,"
            + "\"contaminated\":0,\"parts\":[\"\(part)\"],\"arms\":{\"treatment\":\(arm(treatment)),\"holdout\":\(arm(holdout))},"
            + "\"engine\":\"frequentist\",\"correction\":\"holm\",\"sequential\":null,\"guardrails\":[],\"cuped\":null}\n"
    }

    private func merge(_ partials: [String], format: String = "text") throws -> CommandResult {
        var files: [String] = []
        for (index, text) in partials.enumerated() { files.append(try write("\(index).partial", text)) }
        return run(["measure", "merge"] + files + ["--format", format])
    }

    private let noPreCounts = #""preSum":0,"preSumOfSquares":0,"preGoalProducts":0,"preConvertedProducts":0"#

    @Test func whatNoRunWritesIsRefusedWithAMessage() throws {
        let cases: [(String, String)] = [
            (partial(window: "1e300"), "window: expected a whole number of seconds from 1 to 3200000000, found 1e+300"),
            (partial(window: "-604800"), "window: expected a whole number of seconds"),
            (partial(window: "0"), "window: expected a whole number of seconds"),
            (partial(window: "90.5"), "window: expected a whole number of seconds"),
            (partial(instant: "-1e300"), "instant: "),
            (partial(instant: "1e300"), "instant: "),
            (partial(holdout: [20, 0, 100, 100]), "arms.holdout: goals were reached but no user converted"),
            (partial(holdout: [2, 2, 10, 20]), "arms.holdout: the goal counts' squares add up to less than their sum squared over the users"),
            (partial(holdout: [20, 1, 2_000_000, 4_000_000_000_000]), "arms.holdout: more goals than 1000000 a converted user"),
            (partial(users: 100), "users: the users counted in the arms or left out are more than the 100 users read"),
            (partial(treatment: [1 << 62, 1, 1, 1], holdout: [1 << 62, 1, 1, 1], users: Int.max),
             "users: the users counted in the arms or left out are more than the 9223372036854775807 users read"),
            (partial(part: "xyz"), "parts: expected identities of 16 hexadecimal digits, found \"xyz\""),
            (partial().replacingOccurrences(of: "\"parts\":[\"00000000000000a1\"]", with: "\"parts\":[]"),
             "parts: a partial with users names the part of the rows it counts"),
            (partial().replacingOccurrences(of: "\"frequentist\"", with: "\"bayes\""), "engine: expected one of frequentist, bayesian, found 'bayes'"),
            (partial().replacingOccurrences(of: "\"holm\"", with: "\"bonferroni\""), "correction: expected one of holm, bh, none, found 'bonferroni'"),
            (partial().replacingOccurrences(of: "\"sequential\":null", with: "\"sequential\":{\"tuning\":0}"),
             "sequential: expected null or {\"tuning\": N} with N a whole number of at least 1"),
            (partial().replacingOccurrences(of: "\"guardrails\":[]", with: "\"guardrails\":[{\"goal\":\"b\",\"arms\":{\"treatment\":"
                                            + "{\"converted\":381,\"goalSum\":381,\"goalSumOfSquares\":381,\(noPreCounts)},\"holdout\":"
                                            + "{\"converted\":0,\"goalSum\":0,\"goalSumOfSquares\":0,\(noPreCounts)}}}]"),
             "guardrails[0].arms.treatment: more users converted than there are users"),
            (partial().replacingOccurrences(of: "\"cuped\":null", with: "\"cuped\":{\"preWindow\":60,\"arms\":{\"treatment\":"
                                            + "{\"preSum\":5,\"preSumOfSquares\":4,\"preGoalProducts\":0,\"preConvertedProducts\":0},\"holdout\":"
                                            + "{\"preSum\":0,\"preSumOfSquares\":0,\"preGoalProducts\":0,\"preConvertedProducts\":0}}}"),
             "arms.treatment: the goal counts' squares before the exposure add up to less than the goal counts"),
        ]
        for (text, message) in cases {
            for format in ["text", "json", "csv", "svg", "partial"] {
                let result = try merge([text], format: format)
                #expect(result.status == 2, Comment(rawValue: text))
                #expect(result.standardError.contains(message), Comment(rawValue: result.standardError))
            }
        }
    }

    /// Counts near the limits are reported in every format without overflow.
    @Test func hugeCountsAreReportedInEveryFormat() throws {
        let huge = partial(treatment: [1 << 61, 1 << 59, 1 << 59, 1 << 59], holdout: [1 << 61, 1 << 58, 1 << 58, 1 << 58])
        for format in ["text", "json", "csv", "svg", "partial"] {
            let result = try merge([huge], format: format)
            #expect(result.status == 0, Comment(rawValue: "\(format): \(result.standardError)"))
        }
        #expect(try merge([huge]).standardOutput.contains("4611686018427387904 users compared"))
    }

    @Test func thePartGivenTwiceIsRefused() throws {
        let one = partial(), other = partial(part: "00000000000000b2")
        let twice = try merge([one, one])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("1.partial:1: cannot be merged with"), Comment(rawValue: twice.standardError))
        #expect(twice.standardError.contains("the same part of the rows is given twice (part 00000000000000a1)"), Comment(rawValue: twice.standardError))
        // A merged partial carries its parts: merged again with one of them, it is refused too.
        let merged = try merge([one, other], format: "partial")
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(merged.standardOutput.contains("\"parts\":[\"00000000000000a1\",\"00000000000000b2\"]"), Comment(rawValue: merged.standardOutput))
        #expect(try merge([merged.standardOutput, other]).standardError.contains("part 00000000000000b2"))
    }

    /// A run's part is named by its users: the same rows give the same part, other rows another.
    @Test func aRunNamesItsPartByItsUsers() throws {
        let program = "examples/measure/pro-filters.tiprules", now = "2026-11-21T09:00:00Z"
        let rows = try String(contentsOfFile: "examples/measure/rows.ndjson", encoding: .utf8)
        let lines = rows.split(separator: "\n")
        let file = try write("first.ndjson", lines.prefix(10).joined(separator: "\n") + "\n")
        let options = ["--tip", "ProFiltersTip", "--goal", "filterApplied", "--now", now, "--format", "partial"]
        let all = run(["measure", program, "examples/measure/rows.ndjson"] + options + ["--jobs", "1"])
        let threads = run(["measure", program, "examples/measure/rows.ndjson"] + options + ["--jobs", "3"])
        #expect(all.standardOutput == threads.standardOutput)
        let few = run(["measure", program, file] + options)
        let parts = { (text: String) in try JSONParser().parse(text)["parts"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        #expect(try parts(all.standardOutput).count == 1)
        #expect(try parts(all.standardOutput) != parts(few.standardOutput))
    }
}
