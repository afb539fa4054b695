import Foundation
@testable import TipRulesCommands
@testable import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `eval` of `examples/commute.tiprules`: `suggested` and the window only for widgets with `suggest`.
@Suite struct WidgetSuggestionOutputTests {
    private static let examples = repositoryRoot.appendingPathComponent("examples")

    private func eval(_ fixture: String, format: String) -> CommandResult {
        TiprulecCommand.run(["eval", Self.examples.appendingPathComponent("commute.tiprules").path,
                             "--fixture", Self.examples.appendingPathComponent("commute.\(fixture).json").path,
                             "--format", format], environment: CommandEnvironment())
    }

    @Test func theTextSaysWhenTheWidgetIsSuggested() {
        #expect(eval("suggested", format: "text").standardOutput.split(separator: "\n").last.map(String.init) == "widget NextDeparture: score 1, duration 1 hour 30 minutes, relevant; "
                       + "suggested from 2026-11-23T08:05:00Z to 2026-11-23T09:35:00Z")
        #expect(eval("not-suggested", format: "text").standardOutput.split(separator: "\n").last.map(String.init) == "widget NextDeparture: score 1, duration 1 hour 30 minutes, relevant; "
                       + "not suggested: no suggestion window holds now")
    }

    @Test func theJSONCarriesSuggestedAndTheWindow() throws {
        let suggested = try JSONParser().parse(Array(eval("suggested", format: "json").standardOutput.utf8))
        let widget = suggested["widgets"]?.arrayValue?.first
        #expect(widget?["suggested"] == .bool(true))
        #expect(widget?["suggestedFrom"] == .string("2026-11-23T08:05:00Z"))
        #expect(widget?["suggestedTo"] == .string("2026-11-23T09:35:00Z"))
        let later = try JSONParser().parse(Array(eval("not-suggested", format: "json").standardOutput.utf8))
        #expect(later["widgets"]?.arrayValue?.first?["suggested"] == .bool(false))
        #expect(later["widgets"]?.arrayValue?.first?["suggestedFrom"] == nil)
    }
}
