import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Exposure and interaction rows are read remembering the last ones' tip, group, arm and kind
/// (the next rows mostly repeat them): rows that alternate tips, groups, arms and kinds count as
/// each says, and a bad value after a good row is the same error, with the same message.
@Suite struct MeasureRepeatedRowsTests: CommandTesting {
    let scratch = TemporaryFolder()
    /// Two tips: `ProFiltersTip` (id `pro-filters`, which rows name) and `SavedSearchTip`.
    private let program = "examples/filters.tiprules"

    private func measure(_ rows: String) throws -> CommandResult {
        run(["measure", program, try write("rows.ndjson", rows), "--tip", "ProFiltersTip", "--goal", "filterOpened", "--group", "g",
             "--now", "2026-11-21T09:00:00Z", "--format", "partial"])
    }

    @Test func alternatingTipsGroupsArmsAndKindsCountAsEachSays() throws {
        let output = try measure("""
        {"user":"a","exposure":"SavedSearchTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        {"user":"a","exposure":"pro-filters","group":"other","percent":50,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        {"user":"a","exposure":"pro-filters","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"a","interaction":"SavedSearchTip","kind":"display","date":"2026-11-02T00:00:00Z"}
        {"user":"a","interaction":"pro-filters","kind":"actionPerformed","date":"2026-11-03T00:00:00Z"}
        {"user":"a","interaction":"pro-filtersX","kind":"display","date":"2026-11-03T00:00:00Z"}
        {"user":"a","interaction":"pro-filters","kind":"tipClosed","date":"2026-11-03T00:00:00Z"}
        {"user":"a","event":"filterOpened","date":"2026-11-04T00:00:00Z"}
        {"user":"b","exposure":"pro-filters","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"b","exposure":"SavedSearchTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"b","exposure":"pro-filters","group":"g","percent":10,"arm":"holdout","date":"2026-11-03T00:00:00Z"}
        {"user":"b","exposure":"RetiredTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        {"user":"b","exposure":"pro-filters","group":"gg","percent":10,"arm":"treatment","date":"2026-11-01T00:00:00Z"}
        {"user":"c","exposure":"pro-filters","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"c","exposure":"pro-filters","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}

        """)
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        let report = try JSONParser().parse(output.standardOutput)
        #expect(report["crossed"]?.intValue == 1)
        let treatment = report["arms"]?["treatment"]
        #expect(treatment?["users"]?.intValue == 1)
        #expect(treatment?["converted"]?.intValue == 1)
        #expect(treatment?["shown"]?.intValue == 0)
        #expect(treatment?["actionPerformed"]?.intValue == 1)
        #expect(treatment?["tipClosed"]?.intValue == 1)
        let holdout = report["arms"]?["holdout"]
        #expect(holdout?["users"]?.intValue == 1)
        #expect(holdout?["converted"]?.intValue == 0)
    }

    @Test func aBadValueAfterAGoodRowIsTheSameError() throws {
        let good = """
        {"user":"a","exposure":"pro-filters","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"a","interaction":"pro-filters","kind":"display","date":"2026-11-02T00:00:00Z"}

        """
        let cases: [(row: String, message: String)] = [
            (#"{"user":"a","exposure":"pro-filters","group":"g","percent":10,"arm":"Treatment","date":1}"#,
             #"arm: expected "treatment" or "holdout", found "Treatment""#),
            (#"{"user":"a","exposure":"pro-filters","group":"g","percent":10,"arm":"treatments","date":1}"#,
             #"arm: expected "treatment" or "holdout", found "treatments""#),
            (#"{"user":"a","exposure":"pro-filters","group":"g","percent":10,"date":1}"#, "an exposure needs 'arm'"),
            (#"{"user":"a","exposure":7,"group":"g","percent":10,"arm":"treatment","date":1}"#, "exposure: expected the name of a tip, found 7"),
            (#"{"user":"a","exposure":"pro-filters","group":5,"percent":10,"arm":"treatment","date":1}"#, "group: expected the group's name, found 5"),
            (#"{"user":"a","exposure":"pro-filters","group":"","percent":10,"arm":"treatment","date":1}"#, "group: the group's name is empty"),
            (#"{"user":"a","interaction":"pro-filters","kind":"displays","date":1}"#,
             #"kind: expected "display", "actionPerformed" or "tipClosed", found "displays""#),
            (#"{"user":"a","interaction":"pro-filters","kind":null,"date":1}"#,
             #"kind: expected "display", "actionPerformed" or "tipClosed", found null"#),
            (#"{"user":"a","interaction":"pro-filters","date":1}"#, "an interaction needs 'kind'"),
            (#"{"user":"a","interaction":"pro-filter","kind":"display","date":"x"}"#,
             #"date: expected an RFC 3339 date such as "2026-11-21T09:00:00Z", found "x" (expected 4 digits for the year)"#),
        ]
        for (row, message) in cases {
            let output = try measure(good + row + "\n")
            #expect(output.status == 2)
            #expect(output.standardError.hasPrefix("error: ") && output.standardError.hasSuffix("rows.ndjson:3: user a: \(message)\n"), Comment(rawValue: output.standardError))
        }
    }
}
