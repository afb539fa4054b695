import Foundation
import TipRulesCommands
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// From the device to the report: the state folders of a held-out person and of a treated one
/// (examples/filters.tiprules through its timelines), their rows written by `state rows`, read by
/// `reach` and by `measure`, which counts each person in their arm.
@Suite struct MeasureStateRowsTests: CommandTesting {
    let scratch = TemporaryFolder()
    private let program = "examples/filters.tiprules"

    /// The rows `state rows` writes for the person of `timeline`, as user `user`.
    private func rows(of timeline: String, user: String) throws -> String {
        let saved = folder.appendingPathComponent("\(user).json").path, state = folder.appendingPathComponent(user).path
        let simulated = run(["simulate", program, "--timeline", "examples/\(timeline)", "--save-state", saved])
        #expect(simulated.status == 0, Comment(rawValue: simulated.standardError))
        #expect(run(["state", "import", saved, "--program", program, "-o", state]).status == 0)
        let rows = run(["state", "rows", state, "--user", user])
        #expect(rows.status == 0, Comment(rawValue: rows.standardError))
        return rows.standardOutput
    }

    @Test func theRowsOfStateFoldersAreMeasuredInTheirArms() throws {
        let heldOut = try rows(of: "filters.held-out.timeline.json", user: "u-16")
        let treated = try rows(of: "filters.treatment.timeline.json", user: "u-1")
        // The exposure names the tip by its id, as every row does.
        #expect(heldOut.contains(#""exposure":"pro-filters","group":"pro-filters","percent":10,"arm":"holdout""#))
        #expect(treated.contains(#""exposure":"pro-filters","group":"pro-filters","percent":10,"arm":"treatment""#))
        let file = try write("rows.ndjson", heldOut + treated)
        let now = ["--now", "2026-11-28T09:35:00Z"]

        let reach = run(["reach", program, file, "--format", "json"] + now)
        #expect(reach.status == 0, Comment(rawValue: reach.standardError))
        #expect(try JSONParser().parse(reach.standardOutput)["users"]?.intValue == 2)

        // No --group: the tip's holdout gives it ("pro-filters") and its share (10).
        let measure = run(["measure", program, file, "--tip", "ProFiltersTip", "--goal", "filterApplied", "--format", "partial"] + now)
        #expect(measure.status == 0, Comment(rawValue: measure.standardError))
        let partial = try JSONParser().parse(measure.standardOutput)
        #expect(partial["group"]?.stringValue == "pro-filters")
        #expect(partial["percent"]?.intValue == 10)
        #expect(partial["immature"]?.intValue == 0)
        #expect(partial["crossed"]?.intValue == 0)
        // Each applied a filter the day after the exposure (the one before it does not count).
        let holdout = partial["arms"]?["holdout"], treatment = partial["arms"]?["treatment"]
        #expect(holdout?["users"]?.intValue == 1)
        #expect(holdout?["converted"]?.intValue == 1)
        #expect(holdout?["goalSum"]?.intValue == 1)
        #expect(treatment?["users"]?.intValue == 1)
        #expect(treatment?["converted"]?.intValue == 1)
        #expect(treatment?["shown"]?.intValue == 1)
    }

    @Test func exposuresHoldingOutAnotherShareThanTheProgramAreRefused() throws {
        let file = try write("rows.ndjson", """
        {"user":"a","exposure":"pro-filters","group":"pro-filters","percent":20,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        """)
        let experiment = ["--goal", "filterApplied", "--now", "2026-11-21T09:00:00Z"]
        let refused = run(["measure", program, file, "--tip", "ProFiltersTip"] + experiment)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("rows.ndjson:1: user a: percent: the group 'pro-filters' holds out 10 percent in the program, but this exposure says 20"),
                Comment(rawValue: refused.standardError))
        // Another group is another experiment (an earlier one, say): its exposures give its share.
        let other = try write("other.ndjson", """
        {"user":"a","exposure":"pro-filters","group":"pro-filters-v1","percent":20,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        """)
        let earlier = run(["measure", program, other, "--tip", "ProFiltersTip", "--group", "pro-filters-v1", "--format", "partial"] + experiment)
        #expect(earlier.status == 0, Comment(rawValue: earlier.standardError))
        #expect(try JSONParser().parse(earlier.standardOutput)["percent"]?.intValue == 20)
    }

    @Test func aTipWithoutAHoldoutNeedsTheGroup() throws {
        let file = try write("rows.ndjson", """
        {"user":"a","exposure":"SavedSearchTip","group":"saved","percent":10,"arm":"holdout","date":"2026-11-01T00:00:00Z"}
        """)
        let experiment = ["--tip", "SavedSearchTip", "--goal", "filterApplied", "--now", "2026-11-21T09:00:00Z"]
        let missing = run(["measure", program, file] + experiment)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--tip: SavedSearchTip declares no holdout in \(program); name the experiment's group with --group G"),
                Comment(rawValue: missing.standardError))
        let named = run(["measure", program, file, "--group", "saved", "--format", "partial"] + experiment)
        #expect(named.status == 0, Comment(rawValue: named.standardError))
        #expect(try JSONParser().parse(named.standardOutput)["arms"]?["holdout"]?["users"]?.intValue == 1)
    }
}
