import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TipRulesCompiler
import TipRulesRuntime
@testable import TipRulesCommands
@testable import TipRulesSimulation
@testable import TipRulesToolingCore
import Testing
import TipRulesCalendar
import TipRulesTestSupport

/// `tiprulec simulate`, timelines, and saving the engine's state as a fixture.
@Suite struct SimulationTests {
    private static let examples = repositoryRoot.appendingPathComponent("examples")

    private func simulate(_ program: String, _ timeline: String, format: String = "text") -> CommandResult {
        TiprulecCommand.run(["simulate", Self.examples.appendingPathComponent("\(program).tiprules").path,
                             "--timeline", Self.examples.appendingPathComponent("\(timeline).timeline.json").path,
                             "--format", format], environment: CommandEnvironment())
    }

    private func program(_ name: String) throws -> Program {
        try compile(bytes: Array(Data(contentsOf: Self.examples.appendingPathComponent("\(name).tiprules"))), name: name)
    }

    @Test func backyardLogSaysWhenTheTipAppearsAndWhy() {
        let result = simulate("backyard", "backyard.first-week")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == [
            "day 1 08:00 FavoriteBackyardTip is pending: the rules at lines 16, 18 are false (line 16: isLoggedIn is false, needs == true; "
                + "line 18: enteredBackyardDetailView donations within 5 days, largest group by backyardID: count 0, needs >= 3)",
            "day 1 08:00 set isLoggedIn = true",
            "day 1 09:00 donate enteredBackyardDetailView(backyardID: 7)",
            "day 1 09:05 the app opens: no tip to show",
            "day 2 09:00 donate enteredBackyardDetailView(backyardID: 7)",
            "day 2 09:05 the app opens: no tip to show",
            "day 3 09:00 donate enteredBackyardDetailView(backyardID: 7)",
            "day 3 09:00 FavoriteBackyardTip becomes available: the rules at lines 16, 18 are now true "
                + "(isLoggedIn is true; enteredBackyardDetailView donations within 5 days, largest group by backyardID: count is 3, needs >= 3)",
            "day 3 09:05 the app shows FavoriteBackyardTip for 20 seconds; the person ignores it",
            "day 4 09:05 the app shows FavoriteBackyardTip for 20 seconds; the person ignores it",
            "day 5 09:05 the app shows FavoriteBackyardTip for 20 seconds; the person ignores it",
            "day 5 18:00 the app shows FavoriteBackyardTip for 20 seconds; the person closes it",
            "day 5 18:00 FavoriteBackyardTip becomes invalidated (tipClosed)",
        ])
    }

    @Test func colleaguesTipIgnoresTheFrequencyAndIsShownOnce() {
        let result = simulate("colleagues", "colleagues.first-days")
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == [
            "day 1 09:00 ContactColleaguesAppealTip is available",
            "day 1 09:00 the app shows ContactColleaguesAppealTip for 30 seconds; the person ignores it",
            "day 1 09:00 ContactColleaguesAppealTip becomes invalidated (displayCountExceeded)",
            "day 2 09:00 the app opens: no tip to show",
            "day 3 09:00 the app opens: no tip to show",
        ])
    }

    @Test func frequencyHoldIsLoggedWithItsEnd() throws {
        let source = """
        configure { displayFrequency(.daily) }
        parameter ready: Bool = false
        tip A { title: "a" }
        tip B {
            title: "b"
            #Rule(Self.$ready) { $0 }
        }
        """
        let program = try compile(source, name: "t")
        let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array("""
        {"steps": [{"at": "2026-11-21T08:00:00Z", "session": {"onScreen": 5, "answer": "closed"}},
                   {"at": "2026-11-21T09:00:00Z", "setParameters": {"ready": true}},
                   {"at": "2026-11-22T08:00:00Z", "observe": true}]}
        """.utf8)), for: program)
        let log = try Simulator.run(timeline, program: program)
        #expect(SimulationTextRenderer().render(log).split(separator: "\n").map(String.init) == [
            "day 1 08:00 A is available",
            "day 1 08:00 B is pending: the rule at line 6 is false (ready is false)",
            "day 1 08:00 the app shows A for 5 seconds; the person closes it",
            "day 1 08:00 A becomes invalidated (tipClosed)",
            "day 1 09:00 set ready = true",
            "day 1 09:00 B is held back by the display frequency until day 2 08:00",
            "day 2 08:00 B becomes available",
        ])
    }

    @Test func aGroupPresentsOneTipInTheLogAndTheJSON() throws {
        let source = """
        tip Welcome { title: "w" }
        tip Share { title: "s" }
        tip Alone { title: "a" }
        group Onboarding(.ordered) { Welcome, Share }
        """
        let program = try compile(source, name: "t")
        let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array("""
        {"steps": [{"at": "2026-11-21T08:00:00Z", "session": {"onScreen": 5, "answer": "closed"}},
                   {"at": "2026-11-22T08:00:00Z", "session": {"onScreen": 5}}]}
        """.utf8)), for: program)
        let log = try Simulator.run(timeline, program: program)
        #expect(SimulationTextRenderer().render(log).split(separator: "\n").map(String.init) == [
            "day 1 08:00 Welcome is available",
            "day 1 08:00 Share is available",
            "day 1 08:00 Alone is available",
            "day 1 08:00 group Onboarding presents Welcome",
            "day 1 08:00 the app shows Welcome (of group Onboarding), Alone for 5 seconds; the person closes it",
            "day 1 08:00 Welcome becomes invalidated (tipClosed)",
            "day 1 08:00 Alone becomes invalidated (tipClosed)",
            "day 1 08:00 group Onboarding now presents Share",
            "day 2 08:00 the app shows Share (of group Onboarding) for 5 seconds; the person ignores it",
        ])
        let steps = SimulationJSONRenderer.document(for: log)["steps"]?.arrayValue ?? []
        #expect(steps.first?["shown"] == ["Welcome", "Alone"])
        #expect(steps.first?["presentedBy"] == ["Welcome": "Onboarding"])
        #expect(steps.first?["groups"] == [["group": "Onboarding", "from": .null, "to": "Welcome"],
                                           ["group": "Onboarding", "from": "Welcome", "to": "Share"]])
        #expect(steps.last?["groups"] == [])
    }

    @Test func cardsSVGIsWellFormedWithTheSeedPoints() throws {
        let result = simulate("cards", "cards.day", format: "svg")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        let collector = PointCollector()
        let parser = XMLParser(data: Data(result.standardOutput.utf8))
        parser.delegate = collector
        #expect(parser.parse(), Comment(rawValue: String(describing: parser.parserError)))
        #expect(collector.points["CardRecentPurchasesWidget"] == ["day 1 08:15=0", "day 1 09:41=52.6", "day 1 10:30=0", "day 1 12:30=12.5"])
        #expect(collector.points["CardBigPurchasesWidget"] == ["day 1 08:15=0", "day 1 09:41=50", "day 1 10:30=0", "day 1 12:30=1"])
    }

    @Test func jSONStateIsAFixtureThatEvaluatesToTheSameDecisions() throws {
        let program = try program("backyard")
        let result = simulate("backyard", "backyard.first-week", format: "json")
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        let document = try JSONParser().parse(Array(result.standardOutput.utf8))
        let state = try #require(document["state"])
        let fixture = try FixtureDecoder.decode(state, for: program)
        let store = try fixture.makeStore(for: program)
        // The display history is part of the state: the dates the tip appeared; and when it was closed.
        #expect(store.tipState(0) == TipState(displayCount: 4, displayDuration: 80, invalidation: .tipClosed,
                                                   displayDates: [1_795_338_300, 1_795_424_700, 1_795_511_100, 1_795_543_200],
                                                   invalidationDate: 1_795_543_200))
        #expect(store.donationCount(event: 0) == 3)
        #expect(RFC3339.format(try #require(store.lastDisplayDate)) == "2026-11-22T09:05:00Z")
        #expect(document["steps"]?.arrayValue?.count == 10)
    }

    @Test func timelineErrorsNameTheStep() throws {
        let program = try program("backyard")
        func error(_ text: String) -> String? {
            do {
                _ = try TimelineDecoder.decode(try JSONParser().parse(Array(text.utf8)), for: program)
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(error(#"{"steps": [{"at": 0, "donate": "enteredBackyardDetailView", "fields": {"backyardID": "7"}}]}"#) == "steps[0].fields.backyardID: expected an integer, found \"7\"")
        #expect(error(#"{"steps": [{"at": 0, "session": {"answer": "maybe"}}]}"#) == "steps[0].session.answer: expected one of closed, performedAction, ignored, found \"maybe\"")
        #expect(error(#"{"steps": [{"at": 0, "observe": true, "session": {}}]}"#) == "steps[0]: a step has exactly one of donate, setParameters, session, launch, observe, update")
        #expect(error(#"{"steps": [{"at": 0, "every": "1y", "observe": true}]}"#) == "steps[0].every: expected a duration up to 100 years: seconds, or a string such as \"30m\", \"2h\", \"1d\"")
        #expect(error(#"{"steps": [{"at": 0, "times": 100000, "observe": true}, {"at": 0, "observe": true}]}"#) == "steps[1].times: the timeline repeats steps more than 100000 times in all")
        #expect(error(#"{"step": []}"#) == "step: unknown key (a timeline has start, state, steps)")
    }

    @Test func simulateNeedsATimeline() {
        let result = TiprulecCommand.run(["simulate", "x.tiprules"], environment: CommandEnvironment())
        #expect(result.status == 2)
        #expect(result.standardError.contains("simulate needs --timeline"))
    }
}

/// The `data-time`/`data-score` of every point of every widget in an SVG.
private final class PointCollector: NSObject, XMLParserDelegate {
    var points: [String: [String]] = [:]
    private var widget = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "g", let id = attributes["data-widget"] { widget = id }
        if name == "circle", let time = attributes["data-time"], let score = attributes["data-score"] {
            points[widget, default: []].append("\(time)=\(score)")
        }
    }
}
