import Foundation
import XCTest
import TipRulesTooling

/// Fixtures that `tiprulec eval` must reject: exit status 2, nothing on standard output, and a
/// message on standard error that names the JSON path and says what was expected. Each fixture
/// is tried against the program's source and against its compiled bytecode.
final class ScenarioErrorTests: XCTestCase {
    static let program = """
    // The program the rejected fixtures are written for.
    parameter isLoggedIn: Bool = false
    parameter launches: Int = 0
    parameter ratio: Double = 1
    parameter since: Date = Date(timeIntervalSince1970: 0)

    event purchase(amount: Double, category: String)
    event levelCompleted(level: Int)

    tip FavoriteTip {
        title: "Save as a Favorite"
        #Rule(Self.$isLoggedIn) { $0 }
    }

    tip ShareTip {
        title: "Share"
    }

    group Onboarding { FavoriteTip, ShareTip }
    """

    private var directory: URL!
    private var programs: [URL] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiprulec-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("app.tiprules")
        try Data(Self.program.utf8).write(to: source)
        let bytecode = directory.appendingPathComponent("app.tipc")
        let compiled = TiprulecCommand.run(["compile", source.path, "-o", bytecode.path], environment: CommandEnvironment())
        XCTAssertEqual(compiled.status, 0, "compile failed: \(compiled.standardError)")
        programs = [source]
        if compiled.status == 0 { programs.append(bytecode) }
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Writes `fixture`, evaluates it, and checks that it is rejected with a message containing
    /// each of `mentions`.
    private func assertRejected(_ fixture: String, mentions: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = directory.appendingPathComponent("fixture-\(line).json")
        try Data(fixture.utf8).write(to: path)
        for program in programs {
            let result = TiprulecCommand.run(["eval", program.path, "--fixture", path.path, "--format", "json"],
                                             environment: CommandEnvironment())
            let what = "\(program.lastPathComponent) with \(fixture)"
            XCTAssertEqual(result.status, 2, "\(what): expected exit status 2, got \(result.status)\n\(result.standardOutput)\(result.standardError)",
                           file: file, line: line)
            XCTAssertEqual(result.standardOutput, "", "\(what): expected nothing on standard output", file: file, line: line)
            for mention in mentions {
                XCTAssertTrue(result.standardError.contains(mention),
                              "\(what): expected the message to contain \(mention.debugDescription), got \(result.standardError.debugDescription)",
                              file: file, line: line)
            }
        }
    }

    // MARK: values of the wrong type

    func testDonationFieldOfTheWrongType() throws {
        try assertRejected("""
        {"donations": {"purchase": [
            {"date": "2026-11-20T10:00:00Z", "amount": 12, "category": "books"},
            {"date": "2026-11-20T11:00:00Z", "amount": "12", "category": "books"}
        ]}}
        """, mentions: [#"donations.purchase[1].amount: expected a number, found "12""#])
    }

    func testIntFieldGivenAFraction() throws {
        try assertRejected("""
        {"donations": {"levelCompleted": [{"date": "2026-11-20T10:00:00Z", "level": 1.5}]}}
        """, mentions: ["donations.levelCompleted[0].level: expected an integer, found 1.5"])
    }

    func testIntFieldTooLarge() throws {
        try assertRejected("""
        {"donations": {"levelCompleted": [{"date": "2026-11-20T10:00:00Z", "level": 100000000000000000000}]}}
        """, mentions: ["donations.levelCompleted[0].level", "integer"])
    }

    func testIntParameterGivenAFraction() throws {
        try assertRejected(#"{"parameters": {"launches": 1.5}}"#,
                           mentions: ["parameters.launches: expected an integer, found 1.5"])
    }

    func testIntParameterGivenAString() throws {
        try assertRejected(#"{"parameters": {"launches": "3"}}"#, mentions: [#"parameters.launches"#, #""3""#])
    }

    func testBoolParameterGivenAString() throws {
        try assertRejected(#"{"parameters": {"isLoggedIn": "true"}}"#, mentions: ["parameters.isLoggedIn", #""true""#])
    }

    func testDoubleParameterGivenAString() throws {
        try assertRejected(#"{"parameters": {"ratio": "0.5"}}"#, mentions: ["parameters.ratio", "expected a number"])
    }

    func testDateParameterGivenABoolean() throws {
        try assertRejected(#"{"parameters": {"since": true}}"#, mentions: ["parameters.since", "date"])
    }

    // MARK: names that do not exist

    func testMisspelledParameter() throws {
        try assertRejected(#"{"parameters": {"isLogedIn": true}}"#,
                           mentions: ["parameters.isLogedIn: no such parameter (did you mean 'isLoggedIn'?)"])
    }

    func testUnknownEvent() throws {
        try assertRejected(#"{"donations": {"purchased": []}}"#,
                           mentions: ["donations.purchased: no such event", "'purchase'"])
    }

    func testUnknownTipInTips() throws {
        try assertRejected(#"{"tips": {"FavouriteTip": {"displayCount": 1}}}"#,
                           mentions: ["tips.FavouriteTip: no such tip", "'FavoriteTip'"])
    }

    func testUnknownTipInShowTips() throws {
        try assertRejected(#"{"testing": {"showTips": ["ShareTip", "ShareTips"]}}"#,
                           mentions: ["testing.showTips[1]", "no such tip"])
    }

    func testUnknownTipInHideTips() throws {
        try assertRejected(#"{"testing": {"hideTips": ["Nothing"]}}"#, mentions: ["testing.hideTips[0]", "no such tip"])
    }

    func testGroupIsNotATip() throws {
        try assertRejected(#"{"tips": {"Onboarding": {"displayCount": 1}}}"#, mentions: ["tips.Onboarding", "no such tip"])
    }

    // MARK: dates

    func testBadDonationDate() throws {
        try assertRejected("""
        {"donations": {"purchase": [{"date": "2026-13-01T00:00:00Z", "amount": 1, "category": "a"}]}}
        """, mentions: ["donations.purchase[0].date", "2026-13-01T00:00:00Z"])
    }

    func testBadNow() throws {
        try assertRejected(#"{"now": "tomorrow"}"#, mentions: ["now:", "tomorrow"])
    }

    func testDateWithoutOffset() throws {
        try assertRejected(#"{"now": "2026-11-21T09:00:00"}"#, mentions: ["now:"])
    }

    func testBadLastDisplayDate() throws {
        try assertRejected(#"{"lastDisplayDate": "2026-11-21 09:00"}"#, mentions: ["lastDisplayDate:"])
    }

    func testDateOfTheWrongKind() throws {
        try assertRejected(#"{"lastDisplayDate": [2026, 11, 21]}"#, mentions: ["lastDisplayDate:"])
    }

    func testLastDisplayDateAfterNow() throws {
        try assertRejected(#"{"now": "2026-11-21T09:00:00Z", "lastDisplayDate": "2026-11-21T09:00:01Z"}"#,
                           mentions: ["lastDisplayDate:", "2026-11-21T09:00:01Z", "is after now"])
    }

    // MARK: tip state and testing overrides

    func testInvalidInvalidatedValue() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"invalidated": "closed"}}}"#,
                           mentions: ["tips.FavoriteTip.invalidated", "tipClosed", #""closed""#])
    }

    func testInvalidatedGivenABoolean() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"invalidated": true}}}"#,
                           mentions: ["tips.FavoriteTip.invalidated", "actionPerformed"])
    }

    func testNegativeDisplayCount() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"displayCount": -1}}}"#, mentions: ["tips.FavoriteTip.displayCount"])
    }

    func testFractionalDisplayCount() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"displayCount": 1.5}}}"#, mentions: ["tips.FavoriteTip.displayCount"])
    }

    func testDisplayDurationGivenAString() throws {
        try assertRejected(#"{"tips": {"ShareTip": {"displayDuration": "long"}}}"#, mentions: ["tips.ShareTip.displayDuration"])
    }

    func testUnknownTipStateKey() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"displaycount": 1}}}"#,
                           mentions: ["tips.FavoriteTip.displaycount", "'displayCount'"])
    }

    func testShowAllTipsGivenAString() throws {
        try assertRejected(#"{"testing": {"showAllTips": "yes"}}"#, mentions: ["testing.showAllTips"])
    }

    func testShowTipsNotAnArray() throws {
        try assertRejected(#"{"testing": {"showTips": "ShareTip"}}"#, mentions: ["testing.showTips"])
    }

    func testUnknownTestingKey() throws {
        try assertRejected(#"{"testing": {"showTip": ["ShareTip"]}}"#, mentions: ["testing.showTip", "'showTips'"])
    }

    // MARK: donations

    func testDonationMissingAField() throws {
        try assertRejected("""
        {"donations": {"purchase": [{"date": "2026-11-20T10:00:00Z", "amount": 3}]}}
        """, mentions: ["donations.purchase[0]", "category"])
    }

    func testDonationMissingItsDate() throws {
        try assertRejected(#"{"donations": {"purchase": [{"amount": 3, "category": "a"}]}}"#,
                           mentions: ["donations.purchase[0]", "date"])
    }

    func testDonationWithAnExtraField() throws {
        try assertRejected("""
        {"donations": {"purchase": [{"date": "2026-11-20T10:00:00Z", "amount": 3, "category": "a", "color": "red"}]}}
        """, mentions: ["donations.purchase[0].color"])
    }

    func testDonationNotAnObject() throws {
        try assertRejected(#"{"donations": {"purchase": [3]}}"#, mentions: ["donations.purchase[0]"])
    }

    func testDonationsNotAnArray() throws {
        try assertRejected(#"{"donations": {"purchase": {}}}"#, mentions: ["donations.purchase"])
    }

    // MARK: the document

    func testUnknownTopLevelKey() throws {
        try assertRejected(#"{"paramters": {"isLoggedIn": true}}"#, mentions: ["paramters", "'parameters'"])
    }

    func testParametersNotAnObject() throws {
        try assertRejected(#"{"parameters": [true]}"#, mentions: ["parameters", "expected an object"])
    }

    func testTopLevelArray() throws {
        try assertRejected("[]", mentions: ["expected an object"])
    }

    func testTopLevelString() throws {
        try assertRejected(#""now""#, mentions: ["expected an object"])
    }

    func testMalformedJSON() throws {
        try assertRejected(#"{"now": }"#, mentions: ["JSON", "line 1"])
    }

    func testTrailingComma() throws {
        try assertRejected("{\n  \"parameters\": {\"isLoggedIn\": true,}\n}", mentions: ["JSON", "line 2"])
    }

    func testEmptyFile() throws {
        try assertRejected("", mentions: ["JSON"])
    }

    func testMissingFixtureFile() throws {
        for program in programs {
            let missing = directory.appendingPathComponent("no-such-fixture.json").path
            let result = TiprulecCommand.run(["eval", program.path, "--fixture", missing, "--format", "json"],
                                             environment: CommandEnvironment())
            XCTAssertEqual(result.status, 2, program.lastPathComponent)
            XCTAssertTrue(result.standardError.contains("no-such-fixture.json"), result.standardError)
        }
    }

    /// A valid fixture with every section, for contrast: accepted.
    func testValidFixtureIsAccepted() throws {
        let path = directory.appendingPathComponent("valid.json")
        try Data("""
        {"now": "2026-11-21T09:00:00Z",
         "parameters": {"isLoggedIn": true, "launches": 3, "ratio": 2, "since": 1795000000},
         "donations": {"purchase": [{"date": 1795000000.5, "amount": 12, "category": "a"}],
                       "levelCompleted": [{"date": "2026-11-20T10:00:00+01:00", "level": 4}]},
         "tips": {"FavoriteTip": {"displayCount": 0, "displayDuration": 1.5, "invalidated": null}},
         "testing": {"showAllTips": false, "hideAllTips": false, "showTips": [], "hideTips": ["ShareTip"]}}
        """.utf8).write(to: path)
        for program in programs {
            let result = TiprulecCommand.run(["eval", program.path, "--fixture", path.path, "--format", "json"],
                                             environment: CommandEnvironment())
            XCTAssertEqual(result.status, 0, "\(program.lastPathComponent): \(result.standardError)")
        }
    }
}
