import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Which rows measure counts: an exposure or an interaction of a tip the program no longer
/// declares, or dated after `--now`, is left out without a word (a report as of an earlier date
/// works); a held-out user who displayed the tip at or before their exposure is contaminated, left
/// out and counted, in every format.
@Suite struct MeasureRowsTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let program = "examples/measure/pro-filters.tiprules"

    private func measure(_ rows: String, _ options: [String]) throws -> CommandResult {
        run(["measure", program, try write("rows.ndjson", rows), "--tip", "ProFiltersTip", "--goal", "filterApplied", "--group", "g",
             "--now", "2026-11-21T09:00:00Z"] + options)
    }

    private func partial(_ rows: String, _ options: [String] = []) throws -> JSONValue {
        let output = try measure(rows, ["--format", "partial"] + options)
        #expect(output.status == 0, Comment(rawValue: output.standardError))
        return try JSONParser().parse(output.standardOutput)
    }

    @Test func rowsOfATipNoLongerDeclaredAreLeftOut() throws {
        let rows = """
        {"user":"a","exposure":"RetiredTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        {"user":"a","interaction":"RetiredTip","kind":"display","date":"2026-11-01T00:00:00Z"}
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"b","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}

        """
        for options in [[], ["--skip-invalid"]] {
            let report = try partial(rows, options)
            #expect(report["skippedUsers"]?.intValue == 0)
            #expect(report["arms"]?["treatment"]?["users"]?.intValue == 1)
            #expect(report["arms"]?["holdout"]?["users"]?.intValue == 1)
        }
        let reach = run(["reach", program, try write("reach.ndjson", rows), "--now", "2026-11-21T09:00:00Z"])
        #expect(reach.status == 0, Comment(rawValue: reach.standardError))
        // The row is still checked: an exposure whose tip is no name is a bad row.
        let bad = try measure(#"{"user":"a","exposure":7,"group":"g","percent":10,"arm":"holdout","date":1}"# + "\n", [])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("exposure: expected the name of a tip, found 7"), Comment(rawValue: bad.standardError))
    }

    /// A report as of an earlier date: what happened after it is left out.
    @Test func rowsAfterNowAreLeftOut() throws {
        let report = try partial("""
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-25T00:00:00Z"}
        {"user":"a","interaction":"ProFiltersTip","kind":"display","date":"2026-11-25T00:00:00Z"}
        {"user":"b","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-30T00:00:00Z"}
        {"user":"c","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"c","interaction":"ProFiltersTip","kind":"tipClosed","date":"2026-11-22T00:00:00Z"}

        """)
        #expect(report["crossed"]?.intValue == 0)
        #expect(report["immature"]?.intValue == 0)
        #expect(report["arms"]?["holdout"]?["users"]?.intValue == 1)
        #expect(report["arms"]?["treatment"]?["users"]?.intValue == 1)
        #expect(report["arms"]?["treatment"]?["tipClosed"]?.intValue == 0)
    }

    @Test func heldOutUsersWhoSawTheTipFirstAreContaminated() throws {
        let rows = """
        {"user":"a","interaction":"ProFiltersTip","kind":"display","date":"2026-11-01T00:00:00Z"}
        {"user":"a","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"a","event":"filterApplied","date":"2026-11-03T00:00:00Z","fields":{"filterCount":1}}
        {"user":"b","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"b","interaction":"ProFiltersTip","kind":"display","date":"2026-11-02T00:00:00Z"}
        {"user":"c","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}
        {"user":"c","interaction":"ProFiltersTip","kind":"display","date":"2026-11-05T00:00:00Z"}
        {"user":"d","interaction":"ProFiltersTip","kind":"display","date":"2026-11-01T00:00:00Z"}
        {"user":"d","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"treatment","date":"2026-11-02T00:00:00Z"}
        {"user":"e","interaction":"SavedSearchTip","kind":"display","date":"2026-11-01T00:00:00Z"}
        {"user":"e","exposure":"ProFiltersTip","group":"g","percent":10,"arm":"holdout","date":"2026-11-02T00:00:00Z"}

        """
        let report = try partial(rows)
        #expect(report["contaminated"]?.intValue == 2)
        #expect(report["arms"]?["holdout"]?["users"]?.intValue == 2)
        #expect(report["arms"]?["holdout"]?["converted"]?.intValue == 0)
        #expect(report["arms"]?["treatment"]?["users"]?.intValue == 1)
        let json = try JSONParser().parse(try measure(rows, ["--format", "json"]).standardOutput)
        #expect(json["contaminated"]?.intValue == 2)
        #expect(try measure(rows, []).standardOutput.contains("0 immature, 0 crossed and 2 contaminated left out"))
        #expect(try measure(rows, ["--format", "csv"]).standardOutput.contains("\ncontaminated,2,"))
        #expect(try measure(rows, ["--format", "svg"]).standardOutput.contains("0 immature, 0 crossed and 2 contaminated users left out"))
    }
}
