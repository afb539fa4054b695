@testable import TipRulesCompiler
import XCTest

/// The optimizer stage: it folds every expression once, keeps the checker's program as
/// written, and reports a constant operation that fails every time.
final class OptimizerTests: XCTestCase {
    private let source = """
    parameter visits: Int = 0
    event opened
    tip T {
        title: "t"
        #Rule(Self.$visits) { $0 >= 2 * 3 }
        #Rule(Self.opened) { $0.donations.count > 1 / 0 }
    }
    widget W {
        relevance {
            let base = 10 + 5
            score: Double(base) > 0 ? 2.0 * 3.0 : 0
            duration: .hours(1) * 2
        }
    }
    """

    func testExpressionsAreFoldedInTheOptimizedProgramOnly() throws {
        let compilation = Compilation(name: "t.tiprules", bytes: Array(source.utf8))
        let written = try XCTUnwrap(compilation.program)
        let optimized = try XCTUnwrap(compilation.optimizedProgram)
        guard case .binary(_, _, let bound) = written.tips[0].rules[0].body.kind else { return XCTFail("not a comparison") }
        XCTAssertFalse(bound.isConstant, "the checker's program stays as written")
        guard case .binary(_, _, let folded) = optimized.tips[0].rules[0].body.kind else { return XCTFail("not a comparison") }
        XCTAssertEqual(folded.kind, .constant(.int(6)))
        XCTAssertTrue(optimized.widgets[0].lets[0].isConstant)
        guard case .conditional(_, let then, _) = optimized.widgets[0].score.kind else { return XCTFail("not a conditional") }
        XCTAssertEqual(then.kind, .constant(.double(6)))
        XCTAssertEqual(optimized.widgets[0].duration.kind, .constant(.duration(7200)))
    }

    func testAnOperationThatAlwaysFailsIsReportedOnce() {
        let compilation = Compilation(name: "t.tiprules", bytes: Array(source.utf8))
        let failing = compilation.diagnostics.filter { $0.code == .constantEvaluationFails }
        XCTAssertEqual(failing.count, 1)
        XCTAssertEqual(failing.first?.message, "'1 / 0' fails with a division by zero every time, so this rule is always false")
    }

    func testAParameterReadOnlyInASuggestionWindowIsUsed() {
        let source = """
        parameter leftAt: Date = Date(timeIntervalSince1970: 0)
        widget Commute {
            relevance {
                score: 1
            }
            suggest { from: leftAt  to: leftAt + .minutes(30) * 3 }
        }
        """
        let compilation = Compilation(name: "t.tiprules", bytes: Array(source.utf8))
        XCTAssertEqual(compilation.diagnostics.map(\.message), [])
        XCTAssertEqual(compilation.optimizedProgram?.widgets.first?.suggestions.first.map { $0.to.children.last?.kind },
                       .constant(.duration(5400)))
    }
}
