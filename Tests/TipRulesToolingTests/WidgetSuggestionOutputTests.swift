import Foundation
@testable import TipRulesTooling
import XCTest

/// `eval` of `examples/commute.tiprules`: `suggested` and the window only for widgets with `suggest`.
final class WidgetSuggestionOutputTests: XCTestCase {
    private static let examples = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    private func eval(_ fixture: String, format: String) -> CommandResult {
        TiprulecCommand.run(["eval", Self.examples.appendingPathComponent("commute.tiprules").path,
                             "--fixture", Self.examples.appendingPathComponent("commute.\(fixture).json").path,
                             "--format", format], environment: CommandEnvironment())
    }

    func testTheTextSaysWhenTheWidgetIsSuggested() {
        XCTAssertEqual(eval("suggested", format: "text").standardOutput.split(separator: "\n").last,
                       "widget NextDeparture: score 1, duration 1 hour 30 minutes, relevant; "
                       + "suggested from 2026-11-23T08:05:00Z to 2026-11-23T09:35:00Z")
        XCTAssertEqual(eval("not-suggested", format: "text").standardOutput.split(separator: "\n").last,
                       "widget NextDeparture: score 1, duration 1 hour 30 minutes, relevant; "
                       + "not suggested: no suggestion window holds now")
    }

    func testTheJSONCarriesSuggestedAndTheWindow() throws {
        let suggested = try JSONParser().parse(Array(eval("suggested", format: "json").standardOutput.utf8))
        let widget = suggested["widgets"]?.arrayValue?.first
        XCTAssertEqual(widget?["suggested"], .bool(true))
        XCTAssertEqual(widget?["suggestedFrom"], .string("2026-11-23T08:05:00Z"))
        XCTAssertEqual(widget?["suggestedTo"], .string("2026-11-23T09:35:00Z"))
        let later = try JSONParser().parse(Array(eval("not-suggested", format: "json").standardOutput.utf8))
        XCTAssertEqual(later["widgets"]?.arrayValue?.first?["suggested"], .bool(false))
        XCTAssertNil(later["widgets"]?.arrayValue?.first?["suggestedFrom"])
    }
}
