import Foundation
import Testing
import TipRulesCommands
import TipRulesToolingCore
import TipRulesTestSupport

/// Fixtures that `tiprulec eval` must reject: exit status 2, nothing on standard output, and a
/// message on standard error that names the JSON path and says what was expected. Each fixture
/// is tried against the program's source and against its compiled bytecode.
@Suite struct ScenarioErrorTests {
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

    private let scratch = TemporaryFolder(prefix: "tiprulec-errors")
    private var directory: URL { scratch.url }
    private var programs: [URL] = []

    /// Writes the program and compiles it: each fixture is tried against the source and the bytecode.
    init() throws {
        let source = directory.appendingPathComponent("app.tiprules")
        try Data(Self.program.utf8).write(to: source)
        let bytecode = directory.appendingPathComponent("app.tipc")
        let compiled = TiprulecCommand.run(["compile", source.path, "-o", bytecode.path], environment: CommandEnvironment())
        #expect(compiled.status == 0, "compile failed: \(compiled.standardError)")
        programs = [source]
        if compiled.status == 0 { programs.append(bytecode) }
    }

    /// Writes `fixture`, evaluates it, and checks that it is rejected with a message containing
    /// each of `mentions`.
    private func assertRejected(_ fixture: String, mentions: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let path = directory.appendingPathComponent("fixture-\(sourceLocation.line).json")
        try Data(fixture.utf8).write(to: path)
        for program in programs {
            let result = TiprulecCommand.run(["eval", program.path, "--fixture", path.path, "--format", "json"],
                                             environment: CommandEnvironment())
            let what = "\(program.lastPathComponent) with \(fixture)"
            #expect(result.status == 2, "\(what): expected exit status 2, got \(result.status)\n\(result.standardOutput)\(result.standardError)", sourceLocation: sourceLocation)
            #expect(result.standardOutput == "", "\(what): expected nothing on standard output", sourceLocation: sourceLocation)
            for mention in mentions {
                #expect(result.standardError.contains(mention), "\(what): expected the message to contain \(mention.debugDescription), got \(result.standardError.debugDescription)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: values of the wrong type

    @Test func donationFieldOfTheWrongType() throws {
        try assertRejected("""
        {"donations": {"purchase": [
            {"date": "2026-11-20T10:00:00Z", "amount": 12, "category": "books"},
            {"date": "2026-11-20T11:00:00Z", "amount": "12", "category": "books"}
        ]}}
        """, mentions: [#"donations.purchase[1].amount: expected a number, found "12""#])
    }

    @Test func intFieldGivenAFraction() throws {
        try assertRejected("""
        {"donations": {"levelCompleted": [{"date": "2026-11-20T10:00:00Z", "level": 1.5}]}}
        """, mentions: ["donations.levelCompleted[0].level: expected an integer, found 1.5"])
    }

    @Test func intFieldTooLarge() throws {
        try assertRejected("""
        {"donations": {"levelCompleted": [{"date": "2026-11-20T10:00:00Z", "level": 100000000000000000000}]}}
        """, mentions: ["donations.levelCompleted[0].level", "integer"])
    }

    @Test func intParameterGivenAFraction() throws {
        try assertRejected(#"{"parameters": {"launches": 1.5}}"#,
                           mentions: ["parameters.launches: expected an integer, found 1.5"])
    }

    @Test func intParameterGivenAString() throws {
        try assertRejected(#"{"parameters": {"launches": "3"}}"#, mentions: [#"parameters.launches"#, #""3""#])
    }

    @Test func boolParameterGivenAString() throws {
        try assertRejected(#"{"parameters": {"isLoggedIn": "true"}}"#, mentions: ["parameters.isLoggedIn", #""true""#])
    }

    @Test func doubleParameterGivenAString() throws {
        try assertRejected(#"{"parameters": {"ratio": "0.5"}}"#, mentions: ["parameters.ratio", "expected a number"])
    }

    @Test func dateParameterGivenABoolean() throws {
        try assertRejected(#"{"parameters": {"since": true}}"#, mentions: ["parameters.since", "date"])
    }

    // MARK: names that do not exist

    @Test func misspelledParameter() throws {
        try assertRejected(#"{"parameters": {"isLogedIn": true}}"#,
                           mentions: ["parameters.isLogedIn: no such parameter (did you mean 'isLoggedIn'?)"])
    }

    @Test func unknownEvent() throws {
        try assertRejected(#"{"donations": {"purchased": []}}"#,
                           mentions: ["donations.purchased: no such event", "'purchase'"])
    }

    @Test func unknownTipInTips() throws {
        try assertRejected(#"{"tips": {"FavouriteTip": {"displayCount": 1}}}"#,
                           mentions: ["tips.FavouriteTip: no such tip", "'FavoriteTip'"])
    }

    @Test func unknownTipInShowTips() throws {
        try assertRejected(#"{"testing": {"showTips": ["ShareTip", "ShareTips"]}}"#,
                           mentions: ["testing.showTips[1]", "no such tip"])
    }

    @Test func unknownTipInHideTips() throws {
        try assertRejected(#"{"testing": {"hideTips": ["Nothing"]}}"#, mentions: ["testing.hideTips[0]", "no such tip"])
    }

    @Test func groupIsNotATip() throws {
        try assertRejected(#"{"tips": {"Onboarding": {"displayCount": 1}}}"#, mentions: ["tips.Onboarding", "no such tip"])
    }

    // MARK: dates

    @Test func badDonationDate() throws {
        try assertRejected("""
        {"donations": {"purchase": [{"date": "2026-13-01T00:00:00Z", "amount": 1, "category": "a"}]}}
        """, mentions: ["donations.purchase[0].date", "2026-13-01T00:00:00Z"])
    }

    @Test func badNow() throws {
        try assertRejected(#"{"now": "tomorrow"}"#, mentions: ["now:", "tomorrow"])
    }

    @Test func dateWithoutOffset() throws {
        try assertRejected(#"{"now": "2026-11-21T09:00:00"}"#, mentions: ["now:"])
    }

    @Test func badLastDisplayDate() throws {
        try assertRejected(#"{"lastDisplayDate": "2026-11-21 09:00"}"#, mentions: ["lastDisplayDate:"])
    }

    @Test func dateOfTheWrongKind() throws {
        try assertRejected(#"{"lastDisplayDate": [2026, 11, 21]}"#, mentions: ["lastDisplayDate:"])
    }

    @Test func lastDisplayDateAfterNow() throws {
        try assertRejected(#"{"now": "2026-11-21T09:00:00Z", "lastDisplayDate": "2026-11-21T09:00:01Z"}"#,
                           mentions: ["lastDisplayDate:", "2026-11-21T09:00:01Z", "is after now"])
    }

    // MARK: tip state and testing overrides

    @Test func invalidInvalidatedValue() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"invalidated": "closed"}}}"#,
                           mentions: ["tips.FavoriteTip.invalidated", "tipClosed", #""closed""#])
    }

    @Test func invalidatedGivenABoolean() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"invalidated": true}}}"#,
                           mentions: ["tips.FavoriteTip.invalidated", "actionPerformed"])
    }

    @Test func negativeDisplayCount() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"displayCount": -1}}}"#, mentions: ["tips.FavoriteTip.displayCount"])
    }

    @Test func fractionalDisplayCount() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"displayCount": 1.5}}}"#, mentions: ["tips.FavoriteTip.displayCount"])
    }

    @Test func displayDurationGivenAString() throws {
        try assertRejected(#"{"tips": {"ShareTip": {"displayDuration": "long"}}}"#, mentions: ["tips.ShareTip.displayDuration"])
    }

    @Test func unknownTipStateKey() throws {
        try assertRejected(#"{"tips": {"FavoriteTip": {"displaycount": 1}}}"#,
                           mentions: ["tips.FavoriteTip.displaycount", "'displayCount'"])
    }

    @Test func showAllTipsGivenAString() throws {
        try assertRejected(#"{"testing": {"showAllTips": "yes"}}"#, mentions: ["testing.showAllTips"])
    }

    @Test func showTipsNotAnArray() throws {
        try assertRejected(#"{"testing": {"showTips": "ShareTip"}}"#, mentions: ["testing.showTips"])
    }

    @Test func unknownTestingKey() throws {
        try assertRejected(#"{"testing": {"showTip": ["ShareTip"]}}"#, mentions: ["testing.showTip", "'showTips'"])
    }

    // MARK: donations

    @Test func donationMissingAField() throws {
        try assertRejected("""
        {"donations": {"purchase": [{"date": "2026-11-20T10:00:00Z", "amount": 3}]}}
        """, mentions: ["donations.purchase[0]", "category"])
    }

    @Test func donationMissingItsDate() throws {
        try assertRejected(#"{"donations": {"purchase": [{"amount": 3, "category": "a"}]}}"#,
                           mentions: ["donations.purchase[0]", "date"])
    }

    @Test func donationWithAnExtraField() throws {
        try assertRejected("""
        {"donations": {"purchase": [{"date": "2026-11-20T10:00:00Z", "amount": 3, "category": "a", "color": "red"}]}}
        """, mentions: ["donations.purchase[0].color"])
    }

    @Test func donationNotAnObject() throws {
        try assertRejected(#"{"donations": {"purchase": [3]}}"#, mentions: ["donations.purchase[0]"])
    }

    @Test func donationsNotAnArray() throws {
        try assertRejected(#"{"donations": {"purchase": {}}}"#, mentions: ["donations.purchase"])
    }

    // MARK: the document

    @Test func unknownTopLevelKey() throws {
        try assertRejected(#"{"paramters": {"isLoggedIn": true}}"#, mentions: ["paramters", "'parameters'"])
    }

    @Test func parametersNotAnObject() throws {
        try assertRejected(#"{"parameters": [true]}"#, mentions: ["parameters", "expected an object"])
    }

    @Test func topLevelArray() throws {
        try assertRejected("[]", mentions: ["expected an object"])
    }

    @Test func topLevelString() throws {
        try assertRejected(#""now""#, mentions: ["expected an object"])
    }

    @Test func malformedJSON() throws {
        try assertRejected(#"{"now": }"#, mentions: ["JSON", "line 1"])
    }

    @Test func trailingComma() throws {
        try assertRejected("{\n  \"parameters\": {\"isLoggedIn\": true,}\n}", mentions: ["JSON", "line 2"])
    }

    @Test func emptyFile() throws {
        try assertRejected("", mentions: ["JSON"])
    }

    @Test func missingFixtureFile() throws {
        for program in programs {
            let missing = directory.appendingPathComponent("no-such-fixture.json").path
            let result = TiprulecCommand.run(["eval", program.path, "--fixture", missing, "--format", "json"],
                                             environment: CommandEnvironment())
            #expect(result.status == 2, Comment(rawValue: program.lastPathComponent))
            #expect(result.standardError.contains("no-such-fixture.json"), Comment(rawValue: result.standardError))
        }
    }

    /// A valid fixture with every section, for contrast: accepted.
    @Test func validFixtureIsAccepted() throws {
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
            #expect(result.status == 0, "\(program.lastPathComponent): \(result.standardError)")
        }
    }
}
