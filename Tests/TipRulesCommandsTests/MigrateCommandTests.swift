import Foundation
import TipRulesCommands
import Testing
import TipRulesTestSupport

/// `tiprulec migrate` and `simulate --save-state / --state`: a saved state carried over to
/// updated rules from the command line.
@Suite struct MigrateCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let examples = repositoryRoot.appendingPathComponent("examples")
    private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    @Test func aSimulatedStateMigratesToTheNewRulesWithAReport() throws {
        let saved = folder.appendingPathComponent("state.json").path
        let simulated = run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                             "--save-state", saved])
        #expect(simulated.status == 0, Comment(rawValue: simulated.standardError))
        let migrated = folder.appendingPathComponent("state-v2.json").path
        let result = run(["migrate", saved, "--from", example("backyard.tiprules"), "--to", example("backyard-v2.tiprules"),
                          "-o", migrated])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardOutput == "migrated; not carried over:\n  - parameter 'isLoggedIn' is gone; its value is dropped\n")
        // The closed tip stays closed under the new rules: invalidations are recorded, not recomputed.
        let evaluated = run(["eval", example("backyard-v2.tiprules"), "--fixture", migrated])
        #expect(evaluated.standardOutput.contains("tip FavoriteBackyardTip: invalidated (tipClosed)"), Comment(rawValue: evaluated.standardOutput))
        // And a later simulation can start from it.
        let continued = run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                             "--state", saved, "--format", "json"])
        #expect(continued.status == 2, "the saved state's donations lie after the timeline's first step")
        #expect(continued.standardError.contains("future") || continued.standardError.contains("after"), Comment(rawValue: continued.standardError))
    }

    @Test func jSONReportAndUsageErrors() throws {
        let saved = folder.appendingPathComponent("state.json").path
        #expect(run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                            "--save-state", saved]).status == 0)
        let json = run(["migrate", saved, "--from", example("backyard.tiprules"), "--to", example("backyard-v2.tiprules"),
                        "--format", "json"])
        #expect(json.status == 0)
        #expect(json.standardOutput.contains("\"problems\""))
        #expect(json.standardOutput.contains("\"accountState\": \"guest\""))
        #expect(run(["migrate", saved, "--to", example("backyard-v2.tiprules")]).status == 2)
        #expect(run(["migrate", saved, "--from", example("backyard.tiprules"), "--to", example("backyard-v2.tiprules"),
                            "-o", saved]).status == 2, "never over an input")
        #expect(run(["migrate", example("backyard.eligible.json"), "--from", example("backyard-v2.tiprules"),
                            "--to", example("backyard.tiprules")]).status == 2, "a state that does not fit --from is malformed input")
    }
}
