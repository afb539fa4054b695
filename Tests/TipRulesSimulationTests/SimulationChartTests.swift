import Foundation
import Testing
import TipRulesCompiler
import TipRulesRuntime
@testable import TipRulesCommands
@testable import TipRulesSimulation
@testable import TipRulesToolingCore
import TipRulesTestSupport

/// The chart of `simulate --format svg`: what it draws (held relevance steps, status lanes,
/// updates, the time axis), its structure against golden outlines, that its text never
/// overlaps, and that a real renderer draws it.
///
/// Regenerate the outlines after an intended change, then review the diff:
///
///     TIPRULEC_UPDATE_GOLDEN=1 swift test --filter SimulationChartTests
@Suite struct SimulationChartTests {
    static let examples = repositoryRoot.appendingPathComponent("examples")
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ChartGolden")

    /// Every example timeline (NAME.SCENARIO), run over NAME.tiprules.
    static let timelines: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
        .filter { $0.hasSuffix(".timeline.json") }.map { String($0.dropLast(".timeline.json".count)) }.sorted()

    static func chart(_ timeline: String) -> CommandResult {
        let program = String(timeline.prefix { $0 != "." })
        return TiprulecCommand.run(["simulate", examples.appendingPathComponent("\(program).tiprules").path,
                                    "--timeline", examples.appendingPathComponent("\(timeline).timeline.json").path,
                                    "--format", "svg"], environment: CommandEnvironment())
    }

    static func log(_ program: String, _ timeline: String) throws -> SimulationLog {
        let compiled = try compile(try String(contentsOf: examples.appendingPathComponent("\(program).tiprules"), encoding: .utf8))
        let json = try JSONParser().parse(Array(try Data(contentsOf: examples.appendingPathComponent("\(timeline).timeline.json"))))
        let updates = TimelineProgramLoader(timelinePath: examples.appendingPathComponent("\(timeline).timeline.json").path,
                                            environment: CommandEnvironment())
        return try Simulator.run(try TimelineDecoder.decode(json, for: compiled, loadingUpdates: updates.load), program: compiled)
    }

    @Test func everyNamedExampleHasATimeline() {
        for name in ["backyard.first-week", "backyard.rules-update", "cards.day", "colleagues.first-days", "commute.weekday"] {
            #expect(Self.timelines.contains(name))
        }
    }

    @Test(arguments: timelines)
    func outlineMatchesItsGolden(_ timeline: String) throws {
        let result = Self.chart(timeline)
        #expect(result.status == 0, "\(result.standardError)")
        let outline = try #require(SVGOutline(result.standardOutput), "the chart of \(timeline) is not well-formed XML")
        let actual = outline.lines.joined(separator: "\n") + "\n"
        let file = Self.goldens.appendingPathComponent("\(timeline).outline.txt")
        if ProcessInfo.processInfo.environment["TIPRULEC_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "the outline of \(timeline) differs from ChartGolden/\(timeline).outline.txt; TIPRULEC_UPDATE_GOLDEN=1 regenerates it")
    }

    @Test func relevanceHoldsEachScoreForItsDurationThenDropsToZero() throws {
        let log = try Self.log("cards", "cards.day")
        let clock = SimulationClock(start: log.timeline.start)
        let recent = try #require(WidgetTrack.tracks(of: log).first { $0.widget == "CardRecentPurchasesWidget" })
        let levels = recent.levels.map { "\(clock.label($0.from))–\($0.to.isFinite ? clock.label($0.to) : "end") \($0.score)" }
        #expect(levels == [
            "day 1 08:15–day 1 09:41 0.0",
            "day 1 09:41–day 1 10:11 52.6",
            "day 1 10:11–day 1 12:30 0.0",
            "day 1 12:30–day 1 13:00 12.5",
            "day 1 13:00–end 0.0",
        ])
        #expect(recent.relevantSpans.map { clock.label($0.from) + "–" + clock.label($0.to) }
                == ["day 1 09:41–day 1 10:11", "day 1 12:30–day 1 13:00"])
    }

    @Test func aScoreOfDurationZeroHoldsUntilTheNextStepAndErrorsAreMarked() throws {
        let program = try compile("""
        parameter divisor: Int = 0
        widget Ratio {
            relevance {
                score: Double(10 / divisor)
                duration: 0
            }
        }
        """)
        let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array("""
        {"steps": [{"at": "2026-11-21T08:00:00Z", "setParameters": {"divisor": 2}},
                   {"at": "2026-11-21T09:00:00Z", "setParameters": {"divisor": 0}}]}
        """.utf8)), for: program)
        let log = try Simulator.run(timeline, program: program)
        let track = try #require(WidgetTrack.tracks(of: log).first)
        #expect(track.levels.map(\.score) == [5, 0])
        #expect(track.levels.first?.to == track.levels.last?.from)
        #expect(track.levels.last?.to == .infinity)
        let outline = try #require(SVGOutline(SimulationChart.svg(of: log, program: "t.tiprules", timeline: "t.timeline.json")))
        #expect(outline.lines.contains { $0.contains("path") && $0.contains("day 1 09:00 error: ") && $0.contains("division by zero") },
                "\(outline.lines.joined(separator: "\n"))")
    }

    @Test func aTipsLaneSaysWhenItAppearedAndWhy() throws {
        let log = try Self.log("backyard", "backyard.first-week")
        let clock = SimulationClock(start: log.timeline.start)
        let model = ChartModel(log, clock: clock)
        let lane = try #require(model.tips.first)
        #expect(lane.tip == "FavoriteBackyardTip")
        #expect(lane.spans.map { "\($0.state.name) \(clock.label($0.from))–\($0.to.isFinite ? clock.label($0.to) : "end") #\($0.note)" } == [
            "pending (rules) day 1 08:00–day 3 09:00 #1",
            "available day 3 09:00–day 5 18:00 #2",
            "invalidated (tipClosed) day 5 18:00–end #3",
        ])
        #expect(lane.spans[1].why.hasPrefix("FavoriteBackyardTip becomes available: the rules at lines 16, 18 are now true (isLoggedIn is true;"))
        #expect(lane.displays.map { clock.label($0.at) } == ["day 3 09:05", "day 4 09:05", "day 5 09:05", "day 5 18:00"])
        #expect(lane.displays.map(\.answer) == [.ignored, .ignored, .ignored, .closed])
        #expect(model.notes.map(\.number) == [1, 2, 3])
        #expect(model.events.map(\.event) == ["enteredBackyardDetailView"])
        #expect(model.events[0].donations.count == 3)
        #expect(model.actions.map(\.sentence) == ["set isLoggedIn = true"])
    }

    @Test func aRulesUpdateIsARuleAcrossTheChartWithWhatItDropped() throws {
        let log = try Self.log("backyard", "backyard.rules-update")
        let clock = SimulationClock(start: log.timeline.start)
        let model = ChartModel(log, clock: clock)
        let update = try #require(model.updates.first)
        #expect(model.updates.count == 1)
        #expect(clock.label(update.at) == "day 2 12:00")
        #expect(update.path == "backyard-v2.tiprules")
        #expect(update.notCarriedOver == ["parameter 'isLoggedIn' is gone; its value is dropped"])
        #expect(model.notes[update.note - 1].sentence.hasPrefix("the rules update to backyard-v2.tiprules; not carried over:"))
        let share = try #require(model.tips.first { $0.tip == "ShareBackyardTip" })
        #expect(share.spans.first.map { clock.label($0.from) } == "day 2 12:00")
        let outline = try #require(SVGOutline(SimulationChart.svg(of: log, program: "p", timeline: "t")))
        #expect(outline.texts.contains { $0.content == "update: backyard-v2.tiprules" })
    }

    @Test func theTimeAxisThinsItsTicksOverAMonthAndCountsHoursOverADay() {
        let clock = SimulationClock(start: 1_795_000_000)
        let month = TimeAxis(from: clock.firstMidnight + 8 * 3_600, to: clock.firstMidnight + 30 * 86_400, clock: clock, width: 900)
        #expect(month.ticks.count <= Int(900 / TimeAxis.labelSpace))
        #expect(month.ticks.allSatisfy { $0.startsDay && $0.label.hasPrefix("day ") })
        #expect(month.ticks.first?.label == "day 1")
        let gap = (month.upper - month.lower) / Double(month.ticks.count - 1) / (month.upper - month.lower) * 900
        #expect(gap >= TimeAxis.labelSpace)
        let morning = TimeAxis(from: clock.firstMidnight + 8 * 3_600 + 900, to: clock.firstMidnight + 13 * 3_600, clock: clock, width: 900)
        #expect(morning.ticks.map(\.label).prefix(3) == ["08:00", "08:30", "09:00"])
        #expect(morning.ticks.first?.day == "day 1")
        #expect(morning.ticks.dropFirst().allSatisfy { $0.day == nil })
    }

    @Test func theClockReadsTheStoresUTCOffset() {
        // 2026-11-20T20:00:00Z is 05:00 on November 21 at UTC+09:00.
        let start = 1_795_204_800.0
        let tokyo = SimulationClock(start: start, utcOffset: 9 * 3_600)
        #expect(tokyo.label(start) == "day 1 05:00")
        #expect(tokyo.label(start + 19 * 3_600) == "day 2 00:00")
        #expect(tokyo.zoneName == "UTC+09:00")
        #expect(SimulationClock(start: start, utcOffset: -(5 * 3_600 + 1_800)).zoneName == "UTC-05:30")
        #expect(SimulationClock(start: start).label(start) == "day 1 20:00")
        let axis = TimeAxis(from: start, to: start + 2 * 86_400, clock: tokyo, width: 900)
        #expect(axis.ticks.filter(\.startsDay).allSatisfy { tokyo.timeOfDay($0.at) == "00:00" })
    }

    /// A hundred tips over a month of steps: no two texts overlap and every text is inside the chart.
    @Test func textNeverOverlapsAtAHundredTipsAndAMonthOfSteps() throws {
        var source = "configure { displayFrequency(.hourly) }\nparameter level: Int = 0\nevent opened(screen: Int)\n"
        source += "widget Busy {\n    relevance {\n        score: Double(opened.donations.donatedWithin(.hours(6)).count)\n        duration: .hours(2)\n    }\n}\n"
        for index in 0..<100 {
            let name = "Tip\(index)" + (index % 17 == 0 ? "WithAVeryLongNameThatGoesOnAndOnForever" : "")
            source += "tip \(name) {\n    title: \"t\"\n    #Rule(Self.$level) { $0 >= \(index % 30) }\n"
                + "    #Rule(Self.opened) { $0.donations.count >= \(index % 7) }\n}\n"
        }
        let program = try compile(source)
        var steps = (0..<30).map { day in
            #"{"at": "2026-11-\#(String(format: "%02d", day + 1))T07:00:00Z", "setParameters": {"level": \#(day + 1)}}"#
        }
        steps.append(#"{"at": "2026-11-01T08:00:00Z", "every": "2h", "times": 360, "donate": "opened", "fields": {"screen": 1}}"#)
        steps.append(#"{"at": "2026-11-01T09:00:00Z", "every": "3h", "times": 240, "session": {"onScreen": "10s"}}"#)
        steps.append(#"{"at": "2026-11-01T10:00:00Z", "every": "1d", "times": 30, "session": {"answer": "closed"}}"#)
        let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array("{\"steps\": [\(steps.joined(separator: ","))]}".utf8)),
                                                  for: program)
        let svg = SimulationChart.svg(of: try Simulator.run(timeline, program: program), program: "p", timeline: "t")
        let outline = try #require(SVGOutline(svg))
        let boxes = outline.texts.map { text -> (text: String, x0: Double, x1: Double, y0: Double, y1: Double) in
            let width = TextMetrics.width(text.content, size: text.size, bold: text.bold)
            let x0 = text.anchor == "end" ? text.x - width : text.anchor == "middle" ? text.x - width / 2 : text.x
            return (text.content, x0, x0 + width, text.y - text.size * 0.75, text.y + text.size * 0.2)
        }
        #expect(boxes.count > 500)
        for box in boxes {
            #expect(box.x0 >= 0 && box.x1 <= outline.width && box.y0 >= 0 && box.y1 <= outline.height, "\(box.text) leaves the chart")
        }
        // By rows: sort by y, compare each box with those that can share its lines.
        let sorted = boxes.sorted { $0.y0 < $1.y0 }
        var overlaps: [String] = []
        for (index, box) in sorted.enumerated() {
            for other in sorted[(index + 1)...] {
                guard other.y0 < box.y1 else { break }
                if other.x0 < box.x1, box.x0 < other.x1 { overlaps.append("\"\(box.text)\" and \"\(other.text)\"") }
            }
        }
        #expect(overlaps.isEmpty, "\(overlaps.prefix(10).joined(separator: "\n"))")
        #expect(svg.utf8.count < 1_000_000, "the chart has \(svg.utf8.count) bytes")
    }

    /// Sessions every ten minutes for a month: crowded displays, sessions and donations are
    /// drawn as runs that count them, so the chart stays small.
    @Test func crowdedMarksAreDrawnAsRunsThatCountThem() throws {
        let program = try compile("""
        event opened(screen: Int)
        tip A { title: "a" }
        tip B {
            title: "b"
            #Rule(Self.opened) { $0.donations.count >= 3 }
        }
        """)
        let timeline = try TimelineDecoder.decode(try JSONParser().parse(Array("""
        {"steps": [{"at": "2026-11-01T08:00:00Z", "every": "10m", "times": 4320, "session": {"onScreen": "5s"}},
                   {"at": "2026-11-01T08:05:00Z", "every": "10m", "times": 4320, "donate": "opened", "fields": {"screen": 1}}]}
        """.utf8)), for: program)
        let svg = SimulationChart.svg(of: try Simulator.run(timeline, program: program), program: "p", timeline: "t")
        #expect(svg.utf8.count < 200_000, "the chart has \(svg.utf8.count) bytes")
        let outline = try #require(SVGOutline(svg))
        #expect(outline.lines.contains { $0.contains("rect class=display-run") && $0.contains(" displays from day 1 08:00 to ") })
        #expect(outline.lines.contains { $0.contains("rect class=sessions-run") && $0.contains("app sessions (") })
        #expect(outline.lines.contains { $0.contains("rect class=donations-run") && $0.contains(" donations from day 1 08:05 to ") })
    }

    @Test func runsGatherMarksThatTouch() {
        let runs = MarkRuns.runs([(0, 3), (3.5, 6), (20, 23), (30, 40), (35, 36), (41, 42)])
        #expect(runs == [0..<2, 2..<3, 3..<6])
    }

    /// The path of `rsvg-convert`, if installed.
    static let rsvgConvert: String? = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: rsvgConvert != nil, "rsvg-convert is not installed (Debian: apt-get install librsvg2-bin), so the charts are not rendered"),
          arguments: timelines)
    func rsvgConvertRendersTheChart(_ timeline: String) throws {
        let result = Self.chart(timeline)
        #expect(result.status == 0, "\(result.standardError)")
        let folder = URL(fileURLWithPath: temporaryFolder(prefix: "chart"), isDirectory: true)
        defer { removeTemporaryFolder(folder.path) }
        let svg = folder.appendingPathComponent("chart.svg"), png = folder.appendingPathComponent("chart.png")
        try result.standardOutput.write(to: svg, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.rsvgConvert))
        process.arguments = ["-o", png.path, svg.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "rsvg-convert failed on the chart of \(timeline): \(message)")
        let bytes = try Data(contentsOf: png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "rsvg-convert wrote no PNG for \(timeline)")
    }
}
