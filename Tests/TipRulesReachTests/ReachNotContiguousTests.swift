import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// A user whose rows come back after other users' rows: an error naming the user, the line where
/// they came back and, in files, the exact line where they began (in another file too); on
/// standard input, "an earlier line". With `--skip-invalid` the user is left out whole.
@Suite struct ReachNotContiguousTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let nowText = "2026-11-21T09:00:00Z"
    private let program = "examples/backyard.tiprules"

    private func came(back line: String, user: String, began: String) -> String {
        "\(line): user \(user): the user's rows are not contiguous: they began at \(began), then other users' rows came"
    }

    /// Users 0..<count, each with a parameter row and `count % 3` donations.
    private func users(_ range: Range<Int>) -> [String] {
        range.flatMap { user -> [String] in
            ["{\"user\":\(user),\"parameter\":\"isLoggedIn\",\"value\":\(user % 2 == 0)}"] + (0..<(user % 3)).map { minute in
                "{\"user\":\"\(user)\",\"event\":\"enteredBackyardDetailView\",\"date\":\(1_795_251_000 - minute),\"fields\":{\"backyardID\":1}}"
            }
        }
    }

    @Test func theMessageNamesTheExactEarlierLineInAFile() throws {
        // The user's first row on line 5 (after blank lines and other users), back on line 9 as a string, escaped.
        let lines = [#"{"user":"a"}"#, "", #"{"user":"b"}"#, "   ", #"{"user":"\u00e9","parameter":"isLoggedIn","value":true}"#,
                     #"{"user":"é"}"#, #"{"user":4}"#, #"{"user":"c"}"#, #"{"user":"é","utcOffset":3600}"#]
        let file = try write("rows.ndjson", lines.joined(separator: "\n") + "\n")
        for jobs in ["1", "2", "3"] {
            let output = run(["reach", program, file, "--now", nowText, "--jobs", jobs])
            #expect(output.status == 2)
            #expect(output.standardOutput == "")
            #expect(output.standardError.contains(came(back: "\(file):9", user: "é", began: "\(file):5")), "\(jobs): \(output.standardError)")
        }
        // A number and its text are one user.
        let numbers = try write("numbers.ndjson", users(0..<50).joined(separator: "\n") + "\n{\"user\":\"7\"}\n")
        for jobs in ["1", "2"] {
            let output = run(["reach", program, numbers, "--now", nowText, "--jobs", jobs])
            #expect(output.status == 2)
            let began = users(0..<7).count + 1
            #expect(output.standardError.contains(came(back: "\(numbers):\(users(0..<50).count + 1)", user: "7", began: "\(numbers):\(began)")),
                    "\(jobs): \(output.standardError)")
        }
    }

    @Test func theEarlierLineMayBeInAnotherFile() throws {
        let first = try write("first.ndjson", users(0..<30).joined(separator: "\n") + "\n")
        let second = try write("second.ndjson", users(30..<60).joined(separator: "\n") + "\n{\"user\":12,\"utcOffset\":0}\n")
        for jobs in ["1", "2", "3"] {
            let output = run(["reach", program, first, second, "--now", nowText, "--jobs", jobs])
            #expect(output.status == 2)
            #expect(output.standardError.contains(came(back: "\(second):\(users(30..<60).count + 1)", user: "12",
                                                       began: "\(first):\(users(0..<12).count + 1)")), "\(jobs): \(output.standardError)")
        }
        // A user whose rows run on from the end of one file into the next is contiguous.
        let all = users(0..<60)
        let cut = users(0..<30).count - 1
        let a = try write("a.ndjson", all[..<cut].joined(separator: "\n") + "\n")
        let b = try write("b.ndjson", all[cut...].joined(separator: "\n") + "\n")
        let whole = run(["reach", program, try write("all.ndjson", all.joined(separator: "\n") + "\n"), "--now", nowText, "--format", "json"])
        #expect(whole.status == 0)
        for jobs in ["1", "2", "3"] {
            let split = run(["reach", program, a, b, "--now", nowText, "--format", "json", "--jobs", jobs])
            #expect(split.status == 0, Comment(rawValue: split.standardError))
            #expect(split.standardOutput == whole.standardOutput, "--jobs \(jobs)")
        }
    }

    @Test func onStandardInputBothLinesAreNamed() throws {
        let rows = users(0..<20).joined(separator: "\n") + "\n{\"user\":\"3\"}\n"
        let first = (users(0..<20).firstIndex { $0.hasPrefix("{\"user\":3,") || $0.hasPrefix("{\"user\":\"3\",") } ?? 0) + 1
        // Standard input is copied to a temporary file first, so it is read again like a file.
        let output = try runBuiltProduct("tiprulec", ["reach", program, "--now", nowText], stdin: rows)
        #expect(output.status == 2)
        #expect(output.standardError.contains("<stdin>:\(users(0..<20).count + 1): user 3: the user's rows are not contiguous: "
                                              + "they began at <stdin>:\(first), then other users' rows came"), Comment(rawValue: output.standardError))
        // A file, then standard input: the earlier line is the file's.
        let file = try write("rows.ndjson", users(0..<20).joined(separator: "\n") + "\n")
        let firstOfFive = (users(0..<20).firstIndex { $0.hasPrefix("{\"user\":5,") || $0.hasPrefix("{\"user\":\"5\",") } ?? 0) + 1
        let mixed = try runBuiltProduct("tiprulec", ["reach", program, file, "-", "--now", nowText], stdin: "{\"user\":5}\n")
        #expect(mixed.status == 2)
        #expect(mixed.standardError.contains("<stdin>:1: user 5: the user's rows are not contiguous: they began at \(file):\(firstOfFive)"),
                Comment(rawValue: mixed.standardError))
    }

    @Test func skippingLeavesTheUserOutWholeInFiles() throws {
        let clean = users(0..<40).filter { !$0.hasPrefix("{\"user\":7,") && !$0.hasPrefix("{\"user\":\"7\",") }
        let expected = try report(run(["reach", program, try write("clean.ndjson", clean.joined(separator: "\n") + "\n"),
                                       "--now", nowText, "--format", "json"]))
        // User 7 three times: after user 20 and at the end.
        var rows = users(0..<40)
        rows.insert("{\"user\":7,\"utcOffset\":0}", at: users(0..<21).count)
        rows.append("{\"user\":\"7\",\"lastDisplayDate\":null}")
        let file = try write("rows.ndjson", rows.joined(separator: "\n") + "\n")
        for jobs in ["1", "2", "3"] {
            let output = run(["reach", program, file, "--now", nowText, "--format", "json", "--skip-invalid", "--jobs", jobs])
            let skipped = try report(output)
            #expect(skipped["users"] == expected["users"], "--jobs \(jobs)")
            #expect(skipped["skippedUsers"]?.intValue == 1, "--jobs \(jobs)")
            #expect(skipped["tips"] == expected["tips"], "--jobs \(jobs)")
            #expect(output.standardError.contains(came(back: "\(file):\(users(0..<21).count + 1)", user: "7",
                                                       began: "\(file):\(users(0..<7).count + 1)")), Comment(rawValue: output.standardError))
        }
    }

    /// The work a run needs does not depend on its threads: a run over a user whose rows run on
    /// from one file into the next, and one that leaves out a user whose rows are not contiguous,
    /// succeed within the same budget (`--max-steps`) for every `--jobs`.
    @Test func aRunNeedsTheSameBudgetForEveryNumberOfThreads() throws {
        let all = users(0..<40)
        let cut = users(0..<20).count - 1
        let spanning = ["reach", program, try write("a.ndjson", all[..<cut].joined(separator: "\n") + "\n"),
                        try write("b.ndjson", all[cut...].joined(separator: "\n") + "\n"), "--now", nowText, "--format", "json"]
        var rows = all
        rows.insert("{\"user\":7,\"utcOffset\":0}", at: users(0..<21).count)
        let skipping = ["reach", program, try write("rows.ndjson", rows.joined(separator: "\n") + "\n"), "--now", nowText,
                        "--format", "json", "--skip-invalid"]
        for arguments in [spanning, skipping] {
            var low = 1, high = 100_000_000
            while low < high {
                let middle = low + (high - low) / 2
                if run(arguments + ["--jobs", "1", "--max-steps", String(middle)]).status == 0 { high = middle } else { low = middle + 1 }
            }
            let alone = run(arguments + ["--jobs", "1", "--max-steps", String(low)])
            #expect(alone.status == 0)
            for jobs in ["2", "3"] {
                let threaded = run(arguments + ["--jobs", jobs, "--max-steps", String(low)])
                #expect(threaded.status == 0, "\(arguments.last ?? "") --jobs \(jobs) --max-steps \(low): \(threaded.standardError)")
                #expect(threaded.standardOutput == alone.standardOutput, "--jobs \(jobs)")
            }
        }
    }

    @Test func skippingLeavesTheUserOutWholeOnStandardInput() throws {
        let clean = users(0..<40).filter { !$0.hasPrefix("{\"user\":7,") && !$0.hasPrefix("{\"user\":\"7\",") }
        let expected = try report(try runBuiltProduct("tiprulec", ["reach", program, "--now", nowText, "--format", "json"], stdin: clean.joined(separator: "\n") + "\n"))
        var rows = users(0..<40)
        rows.insert("{\"user\":7,\"utcOffset\":0}", at: users(0..<21).count)
        let output = try runBuiltProduct("tiprulec", ["reach", program, "--now", nowText, "--format", "json", "--skip-invalid"],
                                    stdin: rows.joined(separator: "\n") + "\n")
        let skipped = try report(output)
        #expect(skipped["skippedUsers"]?.intValue == 1)
        #expect(output.standardError.contains("they began at <stdin>:"), Comment(rawValue: output.standardError))
        // docs/reach.md: "with --skip-invalid that user is skipped" — left out of every count.
        #expect(skipped["users"] == expected["users"], "user 7's first rows are counted")
        #expect(skipped["tips"] == expected["tips"], "user 7's first rows are counted")
    }

    private func report(_ output: CommandResult) throws -> JSONValue {
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        return try JSONParser().parse(output.standardOutput)
    }
}
