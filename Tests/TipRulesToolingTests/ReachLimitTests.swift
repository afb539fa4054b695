import Foundation
import TipRulesTooling
import XCTest

/// `reach`'s limits (docs/limits.md): a line's length and a user's rows.
final class ReachLimitTests: CommandTestCase {
    func testALineOverTheLimitStopsTheRun() throws {
        let long = "{\"user\":1,\"parameter\":\"plan\",\"value\":\"" + String(repeating: "a", count: 1 << 20) + "\"}\n"
        let file = try write("rows.ndjson", "{\"user\":0}\n" + long)
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--skip-invalid"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("rows.ndjson:2: a line is longer than 1048576 bytes"), result.standardError)
    }

    func testRowsPerUserAreBounded() throws {
        let row = "{\"user\":1}\n"
        let file = try write("rows.ndjson", String(repeating: row, count: 1_000_001) + "{\"user\":2}\n")
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--skip-invalid", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("rows.ndjson:1000001: user 1: the user has more than 1000000 rows"), result.standardError)
        let report = try JSONParser().parse(result.standardOutput)
        XCTAssertEqual(report["skippedUsers"]?.intValue, 1)
        XCTAssertEqual(report["users"]?.intValue, 1)
    }
}
