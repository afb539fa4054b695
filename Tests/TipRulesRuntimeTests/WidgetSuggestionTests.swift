import TipRulesCompiler
@testable import TipRulesRuntime
import XCTest

/// Widget Suggestions: `suggest { from: to: }` windows compiled to code blocks (format version 2)
/// and evaluated to "suggested now" with the active window.
final class WidgetSuggestionTests: XCTestCase {
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

    func testTheWindowsSurviveARoundTripAndTheDisassemblerShowsThem() throws {
        let program = try compile(Self.source)
        XCTAssertEqual(program.widgets.map(\.suggestions.count), [3, 0])
        let loaded = try Program(bytes: program.encoded())
        XCTAssertEqual(loaded.widgets, program.widgets)
        XCTAssertTrue(disassemble(program).contains("  suggest from:  ; line 7"))
    }

    func testAWidgetIsSuggestedInsideAWindowWithThatWindow() throws {
        let transit = try XCTUnwrap(try widgets(at: 1000 + 1800).first)
        XCTAssertEqual(transit.suggestion?.suggested, true)
        XCTAssertEqual(transit.suggestion?.window, 1000...4600)
    }

    func testOutsideEveryWindowItIsNotSuggested() throws {
        let transit = try XCTUnwrap(try widgets(at: 1000 + 5 * 3600).first)
        XCTAssertEqual(transit.suggestion?.suggested, false)
        XCTAssertNil(transit.suggestion?.window)
    }

    func testAWindowThatEndsBeforeItStartsIsAnErrorOfThatWindowOnly() throws {
        let transit = try XCTUnwrap(try widgets(at: 1000).first)
        XCTAssertEqual(transit.suggestion?.suggested, true)
        XCTAssertEqual(transit.suggestion?.errors, ["the suggestion at line 15 ends before it starts"])
        XCTAssertEqual(transit.score, 1)
    }

    func testAWidgetWithoutSuggestHasNoSuggestion() throws {
        XCTAssertNil(try widgets(at: 1000).last?.suggestion)
    }

    func testTheVerifierRejectsAWindowThatIsNotADate() throws {
        let program = try compile(Self.source)
        var contents = program.contents
        contents.widgets[0].suggestions[0].from = contents.widgets[0].score
        XCTAssertThrowsError(try Program(contents: contents))
    }
}
