import Foundation
import TipRulesCommands
import Testing
import TipRulesTestSupport

/// Holdouts from the command line: `simulate` exposes each held-out tip when it alone, in
/// treatment, would have been presented (two held-out tips under a daily frequency, one holdout
/// group shared by two tips), and `measure` takes the goal the tip's holdout names.
@Suite struct HoldoutExposureCommandTests: CommandTesting {
    let scratch = TemporaryFolder()

    /// Two tips under a daily frequency, each with `holdout`, and a person whose id is `u-N`.
    private func simulate(holdout: String, user: String) throws -> [String] {
        let program = try scratch.write("two.tiprules", Array("""
            configure { displayFrequency(.daily) }
            parameter userID: String = ""
            event opened
            tip FirstTip {
                id: "first"
                title: "First"
                \(holdout)
                #Rule(Self.opened) { $0.donations.count >= 1 }
            }
            tip SecondTip {
                id: "second"
                title: "Second"
                \(holdout)
                #Rule(Self.opened) { $0.donations.count >= 1 }
            }
            """.utf8))
        let timeline = try scratch.write("two.timeline.json", Array("""
            { "start": "2026-11-20T00:00:00Z",
              "steps": [ { "at": "2026-11-20T08:00:00Z", "setParameters": { "userID": "\(user)" } },
                         { "at": "2026-11-20T09:00:00Z", "donate": "opened" },
                         { "at": "2026-11-20T09:35:00Z", "every": "1d", "times": 3,
                           "session": { "onScreen": "20s", "answer": "ignored" } } ] }
            """.utf8))
        let result = run(["simulate", program, "--timeline", timeline])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        return result.standardOutput.split(separator: "\n").map(String.init).filter { $0.contains("exposure") }
    }

    @Test func twoHeldOutTipsUnderADailyFrequencyAreBothExposedAtTheFirstSession() throws {
        // u-7: held out of both at 50 %.
        let exposures = try simulate(holdout: "holdout(50, of: userID)", user: "u-7")
        #expect(exposures == [
            "day 1 09:35 first: exposure in group \"first\" (holdout, 50 %): held out, it would have been presented now",
            "day 1 09:35 second: exposure in group \"second\" (holdout, 50 %): held out, it would have been presented now",
        ])
    }

    @Test func aHoldoutGroupSharedByTwoTipsExposesBoth() throws {
        // u-16: holdout bucket 7 of "global".
        let exposures = try simulate(holdout: "holdout(10, of: userID, group: \"global\")", user: "u-16")
        #expect(exposures == [
            "day 1 09:35 first: exposure in group \"global\" (holdout, 10 %): held out, it would have been presented now",
            "day 1 09:35 second: exposure in group \"global\" (holdout, 10 %): held out, it would have been presented now",
        ])
    }

    // MARK: - The program's goal

    private let examples = repositoryRoot.appendingPathComponent("examples/measure")
    private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    @Test func measureTakesTheGoalTheHoldoutNames() throws {
        let common = [example("pro-filters.tiprules"), example("rows.ndjson"), "--tip", "ProFiltersTip",
                      "--now", "2026-11-21T09:00:00Z", "--format", "json"]
        let named = run(["measure"] + common + ["--goal", "filterApplied"])
        let fromProgram = run(["measure"] + common)
        #expect(fromProgram.status == 0, Comment(rawValue: fromProgram.standardError))
        #expect(fromProgram.standardOutput == named.standardOutput)
        #expect(fromProgram.standardOutput.contains(#""goal":"filterApplied""#) || fromProgram.standardOutput.contains(#""goal": "filterApplied""#))
    }

    @Test func withoutAGoalMeasureNeedsGoal() throws {
        let source = try String(contentsOfFile: example("pro-filters.tiprules"), encoding: .utf8)
        let program = try scratch.write("no-goal.tiprules", Array(source.replacingOccurrences(of: ", goal: filterApplied", with: "").utf8))
        let result = run(["measure", program, example("rows.ndjson"), "--tip", "ProFiltersTip", "--now", "2026-11-21T09:00:00Z"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("measure needs --goal EVENT"))
        // Bytecode keeps no goals.
        let compiled = scratch.url.appendingPathComponent("pro-filters.tipc").path
        #expect(run(["compile", example("pro-filters.tiprules"), "-o", compiled]).status == 0)
        #expect(run(["measure", compiled, example("rows.ndjson"), "--tip", "ProFiltersTip", "--now", "2026-11-21T09:00:00Z"]).status == 2)
    }
}
