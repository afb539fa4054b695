import Foundation
import TipRulesTooling
import XCTest

/// `tiprulec migrate` and `simulate --save-state / --state`: a saved state carried over to
/// updated rules from the command line.
final class MigrateCommandTests: CommandTestCase {
    private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    private func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    func testASimulatedStateMigratesToTheNewRulesWithAReport() throws {
        let saved = folder.appendingPathComponent("state.json").path
        let simulated = run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                             "--save-state", saved])
        XCTAssertEqual(simulated.status, 0, simulated.standardError)
        let migrated = folder.appendingPathComponent("state-v2.json").path
        let result = run(["migrate", saved, "--from", example("backyard.tiprules"), "--to", example("backyard-v2.tiprules"),
                          "-o", migrated])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "migrated; not carried over:\n  - parameter 'isLoggedIn' is gone; its value is dropped\n")
        // The closed tip stays closed under the new rules: invalidations are recorded, not recomputed.
        let evaluated = run(["eval", example("backyard-v2.tiprules"), "--fixture", migrated])
        XCTAssertTrue(evaluated.standardOutput.contains("tip FavoriteBackyardTip: invalidated (tipClosed)"), evaluated.standardOutput)
        // And a later simulation can start from it.
        let continued = run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                             "--state", saved, "--format", "json"])
        XCTAssertEqual(continued.status, 2, "the saved state's donations lie after the timeline's first step")
        XCTAssertTrue(continued.standardError.contains("future") || continued.standardError.contains("after"), continued.standardError)
    }

    func testJSONReportAndUsageErrors() throws {
        let saved = folder.appendingPathComponent("state.json").path
        XCTAssertEqual(run(["simulate", example("backyard.tiprules"), "--timeline", example("backyard.first-week.timeline.json"),
                            "--save-state", saved]).status, 0)
        let json = run(["migrate", saved, "--from", example("backyard.tiprules"), "--to", example("backyard-v2.tiprules"),
                        "--format", "json"])
        XCTAssertEqual(json.status, 0)
        XCTAssertTrue(json.standardOutput.contains("\"problems\""))
        XCTAssertTrue(json.standardOutput.contains("\"accountState\": \"guest\""))
        XCTAssertEqual(run(["migrate", saved, "--to", example("backyard-v2.tiprules")]).status, 2)
        XCTAssertEqual(run(["migrate", saved, "--from", example("backyard.tiprules"), "--to", example("backyard-v2.tiprules"),
                            "-o", saved]).status, 2, "never over an input")
        XCTAssertEqual(run(["migrate", example("backyard.eligible.json"), "--from", example("backyard-v2.tiprules"),
                            "--to", example("backyard.tiprules")]).status, 2, "a state that does not fit --from is malformed input")
    }
}
