import Foundation
import TipRulesJSON
import TipRulesRuntime
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec simulate --population`: the same seed gives the same rows, each person's arm is the
/// one the program's holdout gives their ID (asked of the runtime), the held-out never see the tip
/// and the treated are exposed at its first display, the rows are those `state rows` exports, and
/// the scenario's and the command line's errors.
@Suite struct RehearsalTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let program = "examples/measure/pro-filters.tiprules"
    private static let scenario = "examples/measure/rehearsal.scenario.json"

    private func rehearse(_ population: Int, seed: String, rows: String) throws -> (CommandResult, String) {
        let output = folder.appendingPathComponent(rows).path
        let result = run(["simulate", Self.program, "--population", "\(population)", "--scenario", Self.scenario, "--rows", output,
                          "--seed", seed])
        return (result, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    @Test func theSameSeedGivesTheSameRows() throws {
        let (first, rows) = try rehearse(300, seed: "7", rows: "a.ndjson")
        #expect(first.status == 0, Comment(rawValue: first.standardError))
        #expect(first.standardOutput.contains("300 people arriving from 2026-10-01T00:00:00Z to 2026-11-14T00:00:00Z, until 2026-11-21T09:00:00Z (seed 7)"))
        #expect(first.standardOutput.contains("measure it: tiprulec measure \(Self.program)"))
        let (_, again) = try rehearse(300, seed: "7", rows: "b.ndjson")
        #expect(rows == again && !rows.isEmpty)
        let (_, other) = try rehearse(300, seed: "8", rows: "c.ndjson")
        #expect(rows != other)
    }

    @Test func armsComeFromTheHoldoutAndTheRowsAreThoseOfTheDevice() throws {
        let (result, text) = try rehearse(400, seed: "3", rows: "rows.ndjson")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        let program = try compile(bytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent(Self.program))))
        let tip = try #require(program.tipIndex(named: "ProFiltersTip"))
        var people: [String: [JSONObject]] = [:]
        var order: [String] = []
        for line in text.split(separator: "\n") {
            let row = try #require(try JSONParser().parse(String(line)).objectValue)
            let user = try #require(row["user"]?.stringValue)
            if people[user] == nil { order.append(user) }
            people[user, default: []].append(row)
        }
        #expect(order == (1...400).map { "u-\($0)" }, "every person's rows together, in order")
        var arms: [HoldoutArm: Int] = [:]
        for (user, rows) in people {
            // The arm the runtime gives this ID.
            var store = EventStore(program: program)
            try store.setParameter(try #require(program.parameterIndex(named: "userID")), .string(user))
            var evaluator = Evaluator(program: program)
            let expected = try #require(evaluator.holdoutAssignment(ofTip: tip, store: store, now: 0)?.arm)
            let displays = rows.filter { $0["interaction"] != nil && $0["kind"]?.stringValue == "display" }.compactMap { $0["date"] }
            guard let exposure = rows.first(where: { $0["exposure"] != nil }) else {
                #expect(displays.isEmpty, "\(user) saw the tip without an exposure")
                continue
            }
            #expect(exposure["arm"]?.stringValue == expected.rawValue, "\(user)")
            arms[expected, default: 0] += 1
            if expected == .holdout { #expect(displays.isEmpty, "\(user) is held out but saw the tip") }
            else { #expect(displays.first == exposure["date"], "\(user): the exposure is not the first display") }
        }
        #expect((arms[.holdout] ?? 0) > 10 && (arms[.treatment] ?? 0) > 200)
        #expect(result.standardOutput.contains("\(arms[.treatment] ?? 0) exposed in treatment, \(arms[.holdout] ?? 0) held out"))
    }

    @Test func scenarioErrorsNameTheirPath() throws {
        let good = try String(contentsOf: repositoryRoot.appendingPathComponent(Self.scenario), encoding: .utf8)
        for (change, message) in [
            (("\"openedSearch\": {", "\"openSearch\": {"), "events.openSearch: no such event in the program (did you mean 'openedSearch'?)"),
            (("\"tip\": \"ProFiltersTip\"", "\"tip\": \"Nope\""), "effect.tip: no such tip in the program"),
            (("\"goal\": \"filterApplied\"", "\"goal\": \"openedSearchX\""), "effect.goal: 'openedSearchX' is not one of the scenario's events"),
            (("\"lift\": 0.2", "\"lift\": -1"), "effect.lift: expected the relative change"),
            (("\"id\": \"userID\"", "\"id\": \"userId\""), "id: no such parameter in the program (did you mean 'userID'?)"),
            (("\"seed\": 1", "\"sede\": 1"), "sede: unknown key"),
            (("\"perDay\": 0.6", "\"perDay\": -1"), "events.openedSearch.perDay: expected a rate per day"),
            (("\"perDay\": 0.6", "\"perDay\": 100000"), "events: a person would take about"),
            (("\"filterCount\": 2", "\"filterCount\": \"2\""), "events.filterApplied.fields.filterCount"),
            (("\"closed\": 0.35", "\"closed\": 0.95"), "sessions.answers: the chances of closing and of performing the action add up to more than 1"),
            (("\"until\": \"2026-11-21T09:00:00Z\"", "\"until\": \"2026-11-01T09:00:00Z\""), "until: the timelines must end no earlier"),
        ] {
            let scenario = try write("bad.json", good.replacingOccurrences(of: change.0, with: change.1))
            let result = run(["simulate", Self.program, "--population", "3", "--scenario", scenario, "--rows", folder.appendingPathComponent("r").path])
            #expect(result.status == 2)
            #expect(result.standardError.contains("bad.json: " + message), Comment(rawValue: result.standardError))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))
        }
        let noHoldout = try write("plain.tiprules", "parameter userID: String = \"\"\nevent goal\ntip T {\n    title: \"T\"\n}\n")
        let scenario = try write("s.json", #"{"arrivals": {"from": 0, "to": 0}, "until": 10, "id": "userID", "events": {"goal": {"perDay": 1}}, "effect": {"tip": "T", "goal": "goal", "lift": 0.1}}"#)
        let result = run(["simulate", noHoldout, "--population", "3", "--scenario", scenario, "--rows", folder.appendingPathComponent("r").path])
        #expect(result.standardError.contains("effect.tip: T declares no holdout"), Comment(rawValue: result.standardError))
    }

    @Test func usageErrorsExitTwo() {
        let rows = folder.appendingPathComponent("r.ndjson").path
        for (arguments, message) in [
            (["--population", "0", "--scenario", Self.scenario, "--rows", rows], "--population takes a whole number from 1 to 100000000"),
            (["--population", "5", "--rows", rows], "a rehearsal needs --scenario SCENARIO.json"),
            (["--population", "5", "--scenario", Self.scenario], "a rehearsal needs --rows OUT"),
            (["--scenario", Self.scenario, "--rows", rows], "a rehearsal needs --population N"),
            (["--population", "5", "--scenario", Self.scenario, "--rows", Self.scenario], "--rows needs a file that is not an input"),
            (["--population", "5", "--scenario", Self.scenario, "--rows", rows, "--seed", "-1"], "--seed takes a whole number"),
            (["--population", "5", "--scenario", Self.scenario, "--rows", rows, "--timeline", "t.json"], "unknown option '--timeline'"),
        ] {
            let result = run(["simulate", Self.program] + arguments)
            #expect(result.status == 2)
            #expect(result.standardError.contains(message), Comment(rawValue: result.standardError))
        }
    }
}
