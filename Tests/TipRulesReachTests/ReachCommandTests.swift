import Foundation
import TipRulesCompiler
import TipRulesRuntime
@testable import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec reach`: every count equals what `eval` says user by user, for generated users of every
/// example program; the report is the same for every `--jobs` and for partials of any split merged.
@Suite struct ReachCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let now = 1_795_251_600.0
    private let nowText = "2026-11-21T09:00:00Z"

    @Test func reachEqualsEvalUserByUserForEveryExample() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: "examples").filter { $0.hasSuffix(".tiprules") }.sorted()
        #expect(!examples.isEmpty)
        var displayed = 0
        for example in examples {
            let path = "examples/\(example)"
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let program = try compile(bytes: source, name: path)
            var generator = RowGenerator(program: program, now: now, seed: UInt64(example.utf8.count))
            var rows = ""
            var expected = ExpectedCounts(program: program)
            for user in 0..<60 {
                let (userRows, fixture) = generator.user(user)
                rows += userRows
                let evaluated = run(["eval", path, "--fixture", "-", "--now", nowText, "--format", "json"], stdin: fixture)
                #expect(evaluated.status == 0, "\(example): \(evaluated.standardError)")
                expected.add(try JSONParser().parse(evaluated.standardOutput))
            }
            let file = try write("\(example).ndjson", rows)
            let output = run(["reach", path, file, "--now", nowText, "--format", "json", "--jobs", "1"])
            #expect(output.status == 0, "\(example): \(output.standardError)")
            let report = try JSONParser().parse(output.standardOutput)
            #expect(report["users"]?.intValue == 60, Comment(rawValue: example))
            #expect(report["tips"]?.arrayValue?.count == program.tips.count, Comment(rawValue: example))
            #expect(report["widgets"]?.arrayValue?.count == program.widgets.count, Comment(rawValue: example))
            displayed += expected.display.reduce(0, +)
            for (index, tip) in (report["tips"]?.arrayValue ?? []).enumerated() {
                #expect(tip["display"]?.intValue == expected.display[index], "\(example) \(index)")
                for status in ["available", "pending", "invalidated"] {
                    #expect(tip["status"]?[status]?.intValue == expected.status[index][status, default: 0], "\(example) \(status)")
                }
                for (rule, counts) in (tip["rules"]?.arrayValue ?? []).enumerated() {
                    #expect(counts["false"]?.intValue == expected.ruleFalse[index][rule], "\(example) rule \(rule)")
                    #expect(counts["onlyObstacle"]?.intValue == expected.onlyObstacle[index][rule], "\(example) rule \(rule)")
                }
            }
            for (index, group) in (report["groups"]?.arrayValue ?? []).enumerated() {
                #expect(group["none"]?.intValue == expected.groupNone[index], "\(example) group \(index)")
            }
            for (index, widget) in (report["widgets"]?.arrayValue ?? []).enumerated() {
                #expect(widget["relevant"]?.intValue == expected.relevant[index], "\(example) widget \(index)")
            }
            // The same report in any number of threads, and from partials of any split merged.
            for jobs in ["2", "3", "7"] {
                let parallel = run(["reach", path, file, "--now", nowText, "--format", "json", "--jobs", jobs])
                #expect(parallel.standardOutput == output.standardOutput, "\(example) --jobs \(jobs)")
            }
            let lines = rows.split(separator: "\n", omittingEmptySubsequences: false)
            let cut = lines.count / 3
            var splitAt = cut
            while splitAt < lines.count - 1, userOf(lines[splitAt]) == userOf(lines[splitAt - 1]) { splitAt += 1 }
            let first = try write("\(example).a", lines[..<splitAt].joined(separator: "\n") + "\n")
            let second = try write("\(example).b", lines[splitAt...].joined(separator: "\n"))
            var partials = ""
            for part in [first, second] {
                partials += run(["reach", path, part, "--now", nowText, "--format", "partial"]).standardOutput
            }
            let merged = run(["reach", "merge", try write("\(example).partials", partials), "--format", "json"])
            #expect(merged.standardOutput == output.standardOutput, "\(example) merged")
        }
        #expect(displayed > 0, "the generated users see some tips")
    }

    @Test func badRowNamesFileLineAndPathAndSkipInvalidCountsUsers() throws {
        let rows = """
        {"user":1,"parameter":"isLoggedIn","value":true}
        {"user":2,"event":"enteredBackyardDetailView","date":"2026-11-20T10:00:00Z","fields":{"backyardID":"3"}}
        {"user":3}
        {"user":1}

        """
        let file = try write("rows.ndjson", rows)
        let failed = run(["reach", "examples/backyard.tiprules", file, "--now", nowText])
        #expect(failed.status == 2)
        #expect(failed.standardOutput == "")
        #expect(failed.standardError.contains("rows.ndjson:2: user 2: fields.backyardID: expected an integer, found \"3\""), Comment(rawValue: failed.standardError))
        let skipped = run(["reach", "examples/backyard.tiprules", file, "--now", nowText, "--skip-invalid", "--format", "json"])
        #expect(skipped.status == 0)
        let report = try JSONParser().parse(skipped.standardOutput)
        #expect(report["skippedUsers"]?.intValue == 2)
        #expect(report["users"]?.intValue == 1)  // user 3 alone: user 1 is left out whole
        #expect(skipped.standardError.contains("rows.ndjson:4: user 1: the user's rows are not contiguous: they began at"), Comment(rawValue: skipped.standardError))
        let contiguous = run(["reach", "examples/backyard.tiprules", try write("c.ndjson", "{\"user\":1}\n{\"user\":2}\n{\"user\":\"1\"}\n"), "--now", nowText])
        #expect(contiguous.status == 2)
        #expect(contiguous.standardError.contains("c.ndjson:3: user 1: the user's rows are not contiguous: they began at"), Comment(rawValue: contiguous.standardError))
        #expect(contiguous.standardError.contains("c.ndjson:1"), Comment(rawValue: contiguous.standardError))
    }

    @Test func mergeRefusesPartialsOfOtherInstantsAndPrograms() throws {
        let file = try write("rows.ndjson", "{\"user\":1}\n")
        let a = run(["reach", "examples/backyard.tiprules", file, "--now", nowText, "--format", "partial"]).standardOutput
        let b = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-22T09:00:00Z", "--format", "partial"]).standardOutput
        let c = run(["reach", "examples/backyard-v2.tiprules", file, "--now", nowText, "--format", "partial"]).standardOutput
        let instants = run(["reach", "merge", try write("ab", a + b)])
        #expect(instants.status == 2)
        #expect(instants.standardError.contains("the instants differ"), Comment(rawValue: instants.standardError))
        let programs = run(["reach", "merge", try write("ac", a + c)])
        #expect(programs.status == 2)
        #expect(programs.standardError.contains("the programs differ"), Comment(rawValue: programs.standardError))
        #expect(run(["reach", "examples/backyard.tiprules", file, "--format", "partial"]).status == 2)
    }

    @Test func baselineCountsGainedAndLost() throws {
        let rows = """
        {"user":"a","parameter":"isLoggedIn","value":true}
        {"user":"a","event":"enteredBackyardDetailView","date":1795251000,"fields":{"backyardID":1}}
        {"user":"a","event":"enteredBackyardDetailView","date":1795251100,"fields":{"backyardID":1}}
        {"user":"a","event":"enteredBackyardDetailView","date":1795251200,"fields":{"backyardID":1}}
        {"user":"b"}

        """
        let output = run(["reach", "examples/backyard.tiprules", try write("rows.ndjson", rows), "--now", nowText,
                          "--baseline", "examples/backyard.tiprules", "--format", "json"])
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        let tip = try JSONParser().parse(output.standardOutput)["tips"]?.arrayValue?.first
        #expect(tip?["display"]?.intValue == 1)
        #expect(tip?["baseline"]?["display"]?.intValue == 1)
        #expect(tip?["baseline"]?["gained"]?.intValue == 0)
        #expect(tip?["baseline"]?["lost"]?.intValue == 0)
    }

    @Test func displaysCountUnlessDisplayCountIsGivenAndUTCOffsetsAreChecked() throws {
        let displays = "[\"2026-11-16T08:00:00Z\",1795000000,1795100000,\"2026-11-20T08:00:00+09:00\",1795200000]"
        let rows = """
        {"user":"a","tip":"FavoriteBackyardTip","displays":\(displays)}
        {"user":"a","utcOffset":"+09:00"}
        {"user":"b","tip":"FavoriteBackyardTip","displays":\(displays)}
        {"user":"b","tip":"FavoriteBackyardTip","displayCount":1}
        {"user":"c","utcOffset":-3600}

        """
        let output = run(["reach", "examples/backyard.tiprules", try write("rows.ndjson", rows), "--now", nowText, "--format", "json"])
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        let tip = try JSONParser().parse(output.standardOutput)["tips"]?.arrayValue?.first
        #expect(tip?["invalidatedReason"]?["displayCountExceeded"]?.intValue == 1)
        #expect(tip?["status"]?["invalidated"]?.intValue == 1)
        let bad = run(["reach", "examples/backyard.tiprules", try write("bad.ndjson", "{\"user\":1,\"utcOffset\":\"+19:00\"}\n"), "--now", nowText])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("bad.ndjson:1: user 1: utcOffset: expected a UTC offset such as \"+09:00\""), Comment(rawValue: bad.standardError))
        let future = run(["reach", "examples/backyard.tiprules",
                          try write("future.ndjson", "{\"user\":1,\"tip\":\"FavoriteBackyardTip\",\"displays\":[1795251601]}\n"), "--now", nowText])
        #expect(future.status == 2)
        #expect(future.standardError.contains("future.ndjson:1: user 1: displays: 2026-11-21T09:00:01Z is after now (2026-11-21T09:00:00Z): a tip cannot have appeared in the future"), Comment(rawValue: future.standardError))
    }

    /// The text and CSV reports of the example rows, against golden files
    /// (`TIPRULEC_UPDATE_GOLDEN=1 swift test --filter ReachCommandTests` rewrites them).
    @Test func textAndCSVReportsMatchTheirGoldenFiles() throws {
        let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("ReachGolden")
        for (format, name) in [("text", "backyard.txt"), ("csv", "backyard.csv")] {
            let output = run(["reach", "examples/backyard.tiprules", "examples/reach/backyard.rows.ndjson", "--now", nowText,
                              "--baseline", "examples/backyard-beta.tiprules", "--format", format])
            #expect(output.status == 0, Comment(rawValue: output.standardError))
            let file = folder.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] != nil {
                try Data(output.standardOutput.utf8).write(to: file)
            }
            #expect(output.standardOutput == (try String(contentsOf: file, encoding: .utf8)), Comment(rawValue: name))
        }
    }

    @Test func aUserWhoseRowsAreNotContiguousIsLeftOutWholeForEveryNumberOfThreads() throws {
        var lines = (0..<3000).map { "{\"user\":\($0),\"parameter\":\"isLoggedIn\",\"value\":\($0 % 3 == 0)}" }
        lines.append("{\"user\":\"17\",\"event\":\"enteredBackyardDetailView\",\"date\":1795251000,\"fields\":{\"backyardID\":1}}")
        let file = try write("rows.ndjson", lines.joined(separator: "\n") + "\n")
        var reports: [String] = []
        for jobs in ["1", "2", "5"] {
            let output = run(["reach", "examples/backyard.tiprules", file, "--now", nowText, "--skip-invalid", "--format", "json", "--jobs", jobs])
            #expect(output.status == 0, Comment(rawValue: output.standardError))
            #expect(output.standardError.contains("rows.ndjson:3001: user 17: the user's rows are not contiguous: they began at "
                                                        + "\(file):18"), Comment(rawValue: output.standardError))
            reports.append(output.standardOutput)
        }
        #expect(Set(reports).count == 1)
        let report = try JSONParser().parse(reports[0])
        #expect(report["users"]?.intValue == 2999)
        #expect(report["skippedUsers"]?.intValue == 1)
        #expect(report["tips"]?.arrayValue?.first?["rules"]?.arrayValue?.first?["false"]?.intValue == 1999)
    }

    private func userOf(_ line: Substring) -> String? {
        (try? JSONParser().parse(String(line)))?["user"].map { JSONWriter.string(from: $0) }
    }
}

/// Generated users of a program: their rows, and the same content as a fixture.
private struct RowGenerator {
    let program: Program
    let now: Double
    var state: UInt64

    init(program: Program, now: Double, seed: UInt64) {
        self.program = program
        self.now = now
        state = seed &+ 0x9e37_79b9
    }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }

    mutating func value(_ kind: ScalarKind) -> JSONValue {
        switch kind {
        case .bool: return .bool(next(2) == 0)
        case .int: return .integer(next(7))
        case .double: return .number(Double(next(400)) / 4)
        case .string: return .string(["free", "pro", "a", "b", "ja", "en"][next(6)])
        case .date: return next(2) == 0 ? .integer(Int(now) - next(864_000)) : .string(ValueFormatting.date(now - Double(next(864_000))))
        case .duration: return .integer(next(3600))
        case .version: return .string(["2.2.1", "2.3", "2.3.0", "3.0.0-beta.2"][next(4)])
        }
    }

    /// A user's rows and the fixture with the same content.
    mutating func user(_ index: Int) -> (rows: String, fixture: String) {
        let id: JSONValue = next(2) == 0 ? .integer(index) : .string("user-\(index)")
        var rows: [JSONValue] = []
        var parameters = JSONObject()
        for parameter in program.parameters where next(3) > 0 {
            let value = value(parameter.type)
            rows.append(.object(JSONObject([("user", id), ("parameter", .string(parameter.name)), ("value", value)])))
            parameters.insert(value, forKey: parameter.name)
        }
        var donations = JSONObject()
        for event in program.events {
            var items: [JSONValue] = []
            for _ in 0..<[0, 1, 3, 6, 12][next(5)] {
                let date = value(.date)
                var fields = JSONObject()
                for field in event.fields { fields.insert(value(field.type), forKey: field.name) }
                var row: [(String, JSONValue)] = [("user", id), ("event", .string(event.name)), ("date", date)]
                if !event.fields.isEmpty { row.append(("fields", .object(fields))) }
                rows.append(.object(JSONObject(row)))
                items.append(.object(JSONObject([("date", date)] + fields.entries.map { ($0.key, $0.value) })))
            }
            if !items.isEmpty { donations.insert(.array(items), forKey: event.name) }
        }
        var tips = JSONObject()
        for tip in program.tips where next(4) == 0 {
            let state = JSONObject([("displayCount", .integer(next(6))), ("displayDuration", .integer(next(100))),
                                    ("invalidated", next(3) == 0 ? .string("tipClosed") : .null)])
            rows.append(.object(JSONObject([("user", id), ("tip", .string(tip.id))] + state.entries.map { ($0.key, $0.value) })))
            tips.insert(.object(state), forKey: tip.id)
        }
        var fixture: [(String, JSONValue)] = [("parameters", .object(parameters)), ("donations", .object(donations)), ("tips", .object(tips))]
        if next(4) == 0 {
            let last = JSONValue.integer(Int(now) - next(200_000))
            rows.append(.object(JSONObject([("user", id), ("lastDisplayDate", last)])))
            fixture.append(("lastDisplayDate", last))
        }
        if rows.isEmpty { rows.append(.object(JSONObject([("user", id)]))) }
        for index in rows.indices.reversed() { rows.swapAt(index, next(index + 1)) }
        return (rows.map { JSONWriter.string(from: $0) + "\n" }.joined(), JSONWriter.string(from: .object(JSONObject(fixture))))
    }
}

/// What `tiprulec eval` says, counted user by user.
private struct ExpectedCounts {
    var display: [Int]
    var status: [[String: Int]]
    var ruleFalse: [[Int]]
    var onlyObstacle: [[Int]]
    var groupNone: [Int]
    var relevant: [Int]

    init(program: Program) {
        display = program.tips.map { _ in 0 }
        status = program.tips.map { _ in [:] }
        ruleFalse = program.tips.map { $0.rules.map { _ in 0 } }
        onlyObstacle = ruleFalse
        groupNone = program.groups.map { _ in 0 }
        relevant = program.widgets.map { _ in 0 }
    }

    /// Counts one user's `eval --format json` result.
    mutating func add(_ result: JSONValue) {
        for (index, tip) in (result["tips"]?.arrayValue ?? []).enumerated() {
            if tip["display"]?.boolValue == true { display[index] += 1 }
            status[index][tip["status"]?.stringValue ?? "", default: 0] += 1
            let notTrue = (tip["rules"]?.arrayValue ?? []).enumerated().filter { $0.element["result"]?.boolValue != true }.map(\.offset)
            for rule in notTrue { ruleFalse[index][rule] += 1 }
            if notTrue.count == 1 { onlyObstacle[index][notTrue[0]] += 1 }
        }
        for (index, group) in (result["groups"]?.arrayValue ?? []).enumerated() where group["currentTip"]?.isNull ?? true {
            groupNone[index] += 1
        }
        for (index, widget) in (result["widgets"]?.arrayValue ?? []).enumerated() where widget["relevant"]?.boolValue == true {
            relevant[index] += 1
        }
    }
}
