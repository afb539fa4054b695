import Foundation
import TipRulesCompiler
import TipRulesCommands
import TipRulesSimulation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Timelines with `update` steps: a rules update delivered mid-timeline.
@Suite struct TimelineUpdateTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let examples = repositoryRoot.appendingPathComponent("examples")

    /// Copies the backyard programs into the folder and writes `timeline` beside them.
    private func simulate(_ timeline: String, format: String = "text", update: String? = nil) throws -> CommandResult {
        for name in ["backyard.tiprules", "backyard-v2.tiprules"] {
            try FileManager.default.copyItem(at: Self.examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        if let update { _ = try write("broken.tiprules", update) }
        let path = try write("t.timeline.json", timeline)
        return run(["simulate", folder.appendingPathComponent("backyard.tiprules").path, "--timeline", path, "--format", format])
    }

    private func simulateExample(_ timeline: String) -> CommandResult {
        TiprulecCommand.run(["simulate", Self.examples.appendingPathComponent("backyard.tiprules").path,
                             "--timeline", Self.examples.appendingPathComponent("\(timeline).timeline.json").path],
                            environment: CommandEnvironment())
    }

    @Test func theExampleLogsTheUpdateWhatItDropsAndTheNewDecisions() {
        let result = simulateExample("backyard.rules-update")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // Until the update, the first week's log (checked in SimulationTests).
        let firstWeek = simulateExample("backyard.first-week").standardOutput.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(6)) == Array(firstWeek.prefix(6)))
        #expect(Array(lines.dropFirst(6)) == [
            "day 2 12:00 the rules update to backyard-v2.tiprules",
            "day 2 12:00 not carried over: parameter 'isLoggedIn' is gone; its value is dropped",
            "day 2 12:00 FavoriteBackyardTip is pending: the rules at lines 19, 21 are false (line 19: accountState is \"guest\", needs == \"member\"; "
                + "line 21: enteredBackyardDetailView donations within 1 week, largest group by backyardID: count 2, needs >= 3)",
            "day 2 12:00 ShareBackyardTip is pending: the rule at line 39 is false "
                + "(enteredBackyardDetailView donations within 2 weeks: count 2, needs >= 5)",
            "day 2 12:30 set accountState = \"member\"",
            "day 3 09:00 donate enteredBackyardDetailView(backyardID: 7)",
            "day 3 09:00 FavoriteBackyardTip becomes available: the rules at lines 19, 21 are now true (accountState is \"member\"; "
                + "enteredBackyardDetailView donations within 1 week, largest group by backyardID: count is 3, needs >= 3)",
            "day 3 09:05 the app shows FavoriteBackyardTip for 20 seconds; the person ignores it",
            "day 4 09:00 donate enteredBackyardDetailView(backyardID: 7)",
            "day 4 09:05 the app shows FavoriteBackyardTip for 20 seconds; the person ignores it",
            "day 5 09:00 donate enteredBackyardDetailView(backyardID: 7)",
            "day 5 09:00 ShareBackyardTip becomes available: the rule at line 39 is now true "
                + "(enteredBackyardDetailView donations within 2 weeks: count is 5, needs >= 5)",
            "day 5 09:05 the app shows FavoriteBackyardTip, ShareBackyardTip for 20 seconds; the person ignores it",
            "day 5 09:05 FavoriteBackyardTip becomes invalidated (displayCountExceeded)",
            "day 6 09:05 the app shows ShareBackyardTip for 20 seconds; the person ignores it",
            "day 6 10:00 donate sharedBackyard",
            "day 6 10:00 ShareBackyardTip becomes pending: the rule at line 39 is false (sharedBackyard donations: isEmpty is false)",
        ])
    }

    @Test func jSONHasTheUpdateItsProblemsAndTheNewProgramsState() throws {
        let result = try simulate("""
        {"steps": [{"at": "2026-11-20T08:00:00Z", "setParameters": {"isLoggedIn": true}},
                   {"at": "2026-11-20T09:00:00Z", "update": "backyard-v2.tiprules"},
                   {"at": "2026-11-20T10:00:00Z", "setParameters": {"accountState": "member"}}]}
        """, format: "json")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        let document = try JSONParser().parse(Array(result.standardOutput.utf8))
        let steps = try #require(document["steps"]?.arrayValue)
        #expect(steps.count == 3)
        #expect(steps[1]["action"] == ["update": .string("backyard-v2.tiprules")])
        #expect(steps[1]["carryOverProblems"] == .array([.string("parameter 'isLoggedIn' is gone; its value is dropped")]))
        #expect(steps[1]["changes"]?.arrayValue?.map { $0["tip"] } == [.string("FavoriteBackyardTip"), .string("ShareBackyardTip")])
        #expect(steps[1]["changes"]?.arrayValue?.map { $0["from"] } == [.null, .null])
        #expect(steps[2]["action"] == ["setParameters": ["accountState": .string("\"member\"")]])
        #expect(document["state"]?["parameters"] == ["accountState": .string("member")])
    }

    @Test func aStepAfterTheUpdateIsCheckedAgainstTheNewProgram() throws {
        let result = try simulate("""
        {"steps": [{"at": "2026-11-20T09:00:00Z", "update": "backyard-v2.tiprules"},
                   {"at": "2026-11-20T10:00:00Z", "setParameters": {"isLoggedIn": true}}]}
        """)
        #expect(result.status == 2)
        #expect(result.standardError.hasSuffix(
            "t.timeline.json: steps[1].setParameters.isLoggedIn: no such parameter (in the program of the update at steps[0])\n"), Comment(rawValue: result.standardError))
    }

    @Test func aRepeatedStepAcrossTheUpdateRunsUnderBothPrograms() throws {
        // Written after the update but earlier in time: its first two donations run under backyard.tiprules.
        let ok = try simulate("""
        {"steps": [{"at": "2026-11-22T00:00:00Z", "update": "backyard-v2.tiprules"},
                   {"at": "2026-11-20T09:00:00Z", "every": "1d", "times": 3, "donate": "enteredBackyardDetailView", "fields": {"backyardID": 7}}]}
        """)
        #expect(ok.status == 0, Comment(rawValue: ok.standardError))
        #expect(ok.standardOutput.components(separatedBy: "donate enteredBackyardDetailView").count == 4, Comment(rawValue: ok.standardOutput))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("backyard.tiprules"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("backyard-v2.tiprules"))
        let failing = try simulate("""
        {"steps": [{"at": "2026-11-20T08:00:00Z", "every": "1d", "times": 3, "setParameters": {"isLoggedIn": true}},
                   {"at": "2026-11-21T00:00:00Z", "update": "backyard-v2.tiprules"}]}
        """)
        #expect(failing.status == 2)
        #expect(failing.standardError.contains(
            "steps[0].setParameters.isLoggedIn: no such parameter (in the program of the update at steps[1])"), Comment(rawValue: failing.standardError))
    }

    @Test func updatesRunInTimeOrderWhateverTheOrderTheyAreWritten() throws {
        let steps = """
        {"at": "2026-11-22T00:00:00Z", "update": "backyard.tiprules"},
        {"at": "2026-11-21T00:00:00Z", "update": "backyard-v2.tiprules"},
        {"at": "2026-11-21T12:00:00Z", "donate": "sharedBackyard"}
        """
        let ok = try simulate(#"{"steps": ["# + steps + "]}")
        #expect(ok.status == 0, Comment(rawValue: ok.standardError))
        #expect(ok.standardOutput.split(separator: "\n").filter { $0.contains("update") } == [
            "day 1 00:00 the rules update to backyard-v2.tiprules",
            "day 2 00:00 the rules update to backyard.tiprules",
        ])
        let failing = run(["simulate", folder.appendingPathComponent("backyard.tiprules").path, "--timeline", try write(
            "late.timeline.json", #"{"steps": ["# + steps + #", {"at": "2026-11-22T12:00:00Z", "donate": "sharedBackyard"}]}"#)])
        #expect(failing.status == 2)
        #expect(failing.standardError.hasSuffix("steps[3].donate: no such event (in the program of the update at steps[0])\n"), Comment(rawValue: failing.standardError))
    }

    @Test func aTimelineHasAtMostAHundredUpdates() throws {
        let updates = (0...100).map { #"{"at": \#($0), "update": "backyard-v2.tiprules"}"# }.joined(separator: ", ")
        let result = try simulate(#"{"steps": ["# + updates + "]}")
        #expect(result.status == 2)
        #expect(result.standardError.hasSuffix("steps[100].update: a timeline has at most 100 updates\n"), Comment(rawValue: result.standardError))
    }

    @Test func anUpdateThatDoesNotCompileNamesTheStepAndPrintsTheDiagnostics() throws {
        let result = try simulate("""
        {"steps": [{"at": "2026-11-20T08:00:00Z", "observe": true},
                   {"at": "2026-11-20T09:00:00Z", "update": "broken.tiprules"}]}
        """, update: "tip A { title: 1 }\n")
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("t.timeline.json: steps[1].update: broken.tiprules has errors") ?? false, Comment(rawValue: result.standardError))
        #expect(lines.dropFirst().contains { $0.contains("broken.tiprules:1:") && $0.contains("error[") }, Comment(rawValue: result.standardError))
        #expect(result.standardOutput == "")
    }

    @Test func anUpdateToBytecodeIsLoadedAndVerified() throws {
        try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("backyard-v2.tiprules"),
                                         to: folder.appendingPathComponent("v2.tiprules"))
        let compiled = run(["compile", folder.appendingPathComponent("v2.tiprules").path, "-o", folder.appendingPathComponent("v2.tipc").path])
        #expect(compiled.status == 0, Comment(rawValue: compiled.standardError))
        let result = try simulate(#"{"steps": [{"at": 0, "update": "v2.tipc"}, {"at": 60, "donate": "sharedBackyard"}]}"#)
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardOutput.contains("day 1 00:00 the rules update to v2.tipc\n"), Comment(rawValue: result.standardOutput))
        #expect(result.standardOutput.contains("day 1 00:01 donate sharedBackyard\n"), Comment(rawValue: result.standardOutput))
    }

    @Test func unusableUpdateStepsAreInputErrors() throws {
        let missing = try simulate(#"{"steps": [{"at": 0, "update": "nowhere.tiprules"}]}"#)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("steps[0].update: "), Comment(rawValue: missing.standardError))
        #expect(missing.standardError.contains("nowhere.tiprules"), Comment(rawValue: missing.standardError))
        _ = try write("corrupt.tipc", "TIPC not really")
        let corrupt = run(["simulate", folder.appendingPathComponent("backyard.tiprules").path, "--timeline",
                           try write("c.timeline.json", #"{"steps": [{"at": 0, "update": "corrupt.tipc"}]}"#)])
        #expect(corrupt.status == 2)
        #expect(corrupt.standardError.contains("steps[0].update: "), Comment(rawValue: corrupt.standardError))
        let repeated = run(["simulate", folder.appendingPathComponent("backyard.tiprules").path, "--timeline",
                            try write("r.timeline.json", #"{"steps": [{"at": 0, "times": 2, "update": "backyard-v2.tiprules"}]}"#)])
        #expect(repeated.status == 2)
        #expect(repeated.standardError.hasSuffix("steps[0].times: an update step is not repeated\n"), Comment(rawValue: repeated.standardError))
    }

    @Test func withoutALoaderAnUpdateIsAnError() throws {
        let program = try compile("tip A { title: \"a\" }\n", name: "t")
        let json = try JSONParser().parse(Array(#"{"steps": [{"at": 0, "update": "v2.tiprules"}]}"#.utf8))
        let error = try #require(throws: (any Error).self) { try TimelineDecoder.decode(json, for: program) }
        #expect(String(describing: error) == "steps[0].update: a timeline with updates is read from a file (simulate, test)")
    }
}
