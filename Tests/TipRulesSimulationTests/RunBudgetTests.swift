import Foundation
import Testing
@testable import TipRulesSimulation
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// The work budget of a whole run (`--max-steps`, docs/limits.md): `simulate`, `test` and `reach`
/// finish with a budget of exactly the work they need and stop with exit status 2, naming the
/// budget, with one step less; and a timeline's update programs are read once per file.
@Suite struct RunBudgetTests: CommandTesting {
    let scratch = TemporaryFolder()

    /// The smallest `--max-steps` with which `arguments` succeed (found by bisection), after
    /// checking that the default budget is enough.
    private func smallestBudget(_ arguments: [String]) -> Int {
        #expect(run(arguments).status == 0, Comment(rawValue: run(arguments).standardError))
        var low = 1, high = RunBudget.defaultSteps
        while low < high {
            let middle = low + (high - low) / 2
            if run(arguments + ["--max-steps", String(middle)]).status == 0 { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func expectStopsAtTheEdge(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let needed = smallestBudget(arguments)
        #expect(needed > 1, "the run does counted work", sourceLocation: sourceLocation)
        let short = run(arguments + ["--max-steps", String(needed - 1)])
        #expect(short.status == 2, sourceLocation: sourceLocation)
        #expect(short.standardError.contains("the run used up its work budget of \(needed - 1) steps (--max-steps N raises it)"),
                Comment(rawValue: short.standardError), sourceLocation: sourceLocation)
        #expect(run(arguments + ["--max-steps", String(needed)]).status == 0, sourceLocation: sourceLocation)
    }

    @Test func simulateStopsOneStepPastItsBudget() {
        expectStopsAtTheEdge(["simulate", "examples/backyard.tiprules", "--timeline", "examples/backyard.rules-update.timeline.json"])
    }

    @Test func testStopsOneStepPastItsBudget() {
        expectStopsAtTheEdge(["test", "examples/backyard.tests.json"])
    }

    @Test func reachStopsOneStepPastItsBudgetWhateverTheThreads() throws {
        var rows = ""
        for user in 0..<40 {
            rows += "{\"user\":\(user),\"parameter\":\"isLoggedIn\",\"value\":true}\n"
            for day in 0..<4 {
                rows += "{\"user\":\(user),\"event\":\"enteredBackyardDetailView\",\"date\":\(1_795_200_000 + day * 3_600),\"fields\":{\"backyardID\":1}}\n"
            }
        }
        let file = try write("rows.ndjson", rows)
        let arguments = ["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--jobs", "1"]
        expectStopsAtTheEdge(arguments)
        let needed = smallestBudget(arguments)
        #expect(run(arguments.dropLast(2) + ["--jobs", "4", "--max-steps", String(needed)]).status == 0)
        #expect(run(arguments.dropLast(2) + ["--jobs", "4", "--max-steps", String(needed - 1)]).status == 2)
    }

    @Test func budgetsMustBeWholeNumbersAboveZero() {
        for value in ["0", "-1", "many", "9223372036854775808"] {
            let result = run(["simulate", "examples/backyard.tiprules", "--timeline", "examples/backyard.first-week.timeline.json",
                              "--max-steps", value])
            #expect(result.status == 2)
            #expect(result.standardError.contains("--max-steps takes a whole number from 1 to 9223372036854775807"),
                    Comment(rawValue: result.standardError))
        }
    }

    @Test func aProgramNamedUnderManySpellingsIsReadOnce() throws {
        let source = try String(contentsOfFile: "examples/backyard-v2.tiprules", encoding: .utf8)
        _ = try write("v2.tiprules", source)
        let loader = TimelineProgramLoader(directory: folder, environment: CommandEnvironment())
        let spellings = ["v2.tiprules", "./v2.tiprules", "././v2.tiprules", "../\(folder.lastPathComponent)/v2.tiprules"]
        let programs = try spellings.map { try loader.load($0) }
        #expect(loader.filesRead == 1)
        #expect(Set(programs.map { $0.encoded() }).count == 1)
    }
}
