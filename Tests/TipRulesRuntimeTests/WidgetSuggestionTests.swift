import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Widget Suggestions: `suggest { from: to: }` windows compiled to code blocks (format version 2)
/// and evaluated to "suggested now" with the active window.
@Suite struct WidgetSuggestionTests {
    private static let source = """
    parameter opens: Date = Date(timeIntervalSince1970: 1000)
    widget Transit {
        relevance {
            let start = opens
            score: 1
        }
        suggest {
            from: start + .hours(10)
            to: start + .hours(11)
        }
        suggest {
            from: start
            to: start + .hours(1)
        }
        suggest {
            from: start + .hours(1)
            to: start
        }
    }
    widget Plain {
        relevance { score: 1 }
    }
    """

    private func widgets(at now: Double) throws -> [WidgetResult] {
        let program = try compile(Self.source)
        var evaluator = Evaluator(program: program)
        return evaluator.evaluate(EventStore(program: program), now: now).widgets
    }

    @Test func theWindowsSurviveARoundTripAndTheDisassemblerShowsThem() throws {
        let program = try compile(Self.source)
        #expect(program.widgets.map(\.suggestions.count) == [3, 0])
        let loaded = try Program(bytes: program.encoded())
        #expect(loaded.widgets == program.widgets)
        #expect(disassemble(program).contains("  suggest from:  ; line 7"))
    }

    @Test func aWidgetIsSuggestedInsideAWindowWithThatWindow() throws {
        let transit = try #require(try widgets(at: 1000 + 1800).first)
        #expect(transit.suggestion?.suggested == true)
        #expect(transit.suggestion?.window == 1000...4600)
    }

    @Test func outsideEveryWindowItIsNotSuggested() throws {
        let transit = try #require(try widgets(at: 1000 + 5 * 3600).first)
        #expect(transit.suggestion?.suggested == false)
        #expect(transit.suggestion?.window == nil)
    }

    @Test func aWindowThatEndsBeforeItStartsIsAnErrorOfThatWindowOnly() throws {
        let transit = try #require(try widgets(at: 1000).first)
        #expect(transit.suggestion?.suggested == true)
        #expect(transit.suggestion?.errors == ["the suggestion at line 15 ends before it starts"])
        #expect(transit.score == 1)
    }

    @Test func aWidgetWithoutSuggestHasNoSuggestion() throws {
        #expect(try widgets(at: 1000).last?.suggestion == nil)
    }

    @Test func theVerifierRejectsAWindowThatIsNotADate() throws {
        let program = try compile(Self.source)
        var contents = program.contents
        contents.widgets[0].suggestions[0].from = contents.widgets[0].score
        #expect(throws: (any Error).self) { try Program(contents: contents) }
    }
}
