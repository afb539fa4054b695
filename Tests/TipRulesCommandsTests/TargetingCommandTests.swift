import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// targeting.md through the commands: fixtures' `displays`, `utcOffset` and versions (exit 2
/// naming the path), and `eval` of a `.tipc` explaining each construct with its values.
@Suite struct TargetingCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let program = """
    parameter appVersion: Version = "1.0"
    parameter userID: String = ""

    tip FavoritesTip {
        title: "Favorites"
        id: "fav-2026"
        #Rule(Self.$appVersion) { $0 >= "2.3" }
        #Rule(Self.$userID) { rollout(25, of: $0) }
        #Rule { Calendar.current.component(.hour, from: now) >= 8 }
        options { FrequencyCap(2, per: .days(7)) }
    }
    """

    private func eval(_ fixture: String, format: String = "text") throws -> CommandResult {
        let source = try write("app.tiprules", Self.program)
        let bytecode = folder.appendingPathComponent("app.tipc").path
        #expect(run(["compile", source, "-o", bytecode]).status == 0)
        return run(["eval", bytecode, "--fixture", try write("store.json", fixture), "--format", format])
    }

    @Test func eachConstructExplainsItselfWithItsValues() throws {
        let result = try eval("""
        { "now": "2026-11-21T22:00:00Z", "utcOffset": "+09:00",
          "parameters": { "appVersion": "2.2.1", "userID": "u-82" } }
        """)
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardOutput.contains("- appVersion is 2.2.1, needs >= 2.3"), Comment(rawValue: result.standardOutput))
        #expect(result.standardOutput.contains(#"- userID "u-82" is in bucket 37 of group "fav-2026", needs <= 25"#), Comment(rawValue: result.standardOutput))
        #expect(result.standardOutput.contains("- hour of now (UTC+09:00) is 7, needs >= 8"), Comment(rawValue: result.standardOutput))
    }

    @Test func aCappedTipSaysUntilWhen() throws {
        let result = try eval("""
        { "now": "2026-11-21T09:00:00Z",
          "parameters": { "appVersion": "2.3", "userID": "174" },
          "tips": { "fav-2026": { "displays": ["2026-11-21T08:00:00Z", "2026-11-20T08:00:00Z"] } } }
        """, format: "json")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        // "174" is in bucket 7 of "fav-2026": the rules hold, and the cap holds the tip back.
        let output = result.standardOutput
        #expect(output.contains("\"pendingReason\": \"frequencyCap\""), Comment(rawValue: output))
        #expect(output.contains("\"pendingUntil\": \"2026-11-27T08:00:00Z\""), Comment(rawValue: output))
        #expect(output.contains("2 displays in the last 7 days, cap 2; again from 2026-11-27T08:00:00Z"), Comment(rawValue: output))
    }

    @Test func badTargetingFixturesAreExitTwoNamingThePath() throws {
        let cases: [(String, String)] = [
            (#"{ "utcOffset": "+19:00" }"#, "utcOffset: expected a UTC offset"),
            (#"{ "utcOffset": "09:00" }"#, "utcOffset: expected a UTC offset"),
            (#"{ "utcOffset": 64801 }"#, "utcOffset: expected a UTC offset"),
            (#"{ "parameters": { "appVersion": "v2.3" } }"#, "parameters.appVersion: expected a version"),
            (#"{ "parameters": { "appVersion": 2 } }"#, "parameters.appVersion: expected a version string"),
            (#"{ "tips": { "fav-2026": { "displays": "2026-11-20T08:00:00Z" } } }"#, "tips.fav-2026.displays: expected an array of dates"),
            (#"{ "tips": { "fav-2026": { "displays": ["yesterday"] } } }"#, "tips.fav-2026.displays[0]: expected an RFC 3339 date"),
            (#"{ "now": "2026-11-21T09:00:00Z", "tips": { "fav-2026": { "displays": ["2026-11-22T08:00:00Z"] } } }"#,
             "tips.fav-2026.displays: 2026-11-22T08:00:00Z is after now"),
        ]
        for (fixture, message) in cases {
            let result = try eval(fixture)
            #expect(result.status == 2, Comment(rawValue: fixture))
            #expect(result.standardError.contains(message), "\(fixture): \(result.standardError)")
        }
    }
}
