import Foundation
import TipRulesToolingCore
import Testing

/// `reach`'s limits (docs/limits.md): a line's length and a user's rows.
@Suite struct ReachLimitTests: CommandTesting {
    let scratch = TemporaryFolder()
    @Test func aLineOverTheLimitStopsTheRun() throws {
        let long = "{\"user\":1,\"parameter\":\"plan\",\"value\":\"" + String(repeating: "a", count: 1 << 20) + "\"}\n"
        let file = try write("rows.ndjson", "{\"user\":0}\n" + long)
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--skip-invalid"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("rows.ndjson:2: a line is longer than 1048576 bytes"), Comment(rawValue: result.standardError))
    }

    @Test func rowsPerUserAreBounded() throws {
        let row = "{\"user\":1}\n"
        let file = try write("rows.ndjson", String(repeating: row, count: 1_000_001) + "{\"user\":2}\n")
        let result = run(["reach", "examples/backyard.tiprules", file, "--now", "2026-11-21T09:00:00Z", "--skip-invalid", "--format", "json"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardError.contains("rows.ndjson:1000001: user 1: the user has more than 1000000 rows"), Comment(rawValue: result.standardError))
        let report = try JSONParser().parse(result.standardOutput)
        #expect(report["skippedUsers"]?.intValue == 1)
        #expect(report["users"]?.intValue == 1)
    }
}
