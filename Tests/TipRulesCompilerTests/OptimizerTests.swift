@testable import TipRulesCompiler
import Testing

/// The optimizer stage: it folds every expression once, keeps the checker's program as
/// written, and reports a constant operation that fails every time.
@Suite struct OptimizerTests {
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

    @Test func expressionsAreFoldedInTheOptimizedProgramOnly() throws {
        let compilation = Compilation(name: "t.tiprules", bytes: Array(source.utf8))
        let written = try #require(compilation.program)
        let optimized = try #require(compilation.optimizedProgram)
        guard case .binary(_, _, let bound) = written.tips[0].rules[0].body.kind else { Issue.record("not a comparison"); return }
        #expect(!bound.isConstant, "the checker's program stays as written")
        guard case .binary(_, _, let folded) = optimized.tips[0].rules[0].body.kind else { Issue.record("not a comparison"); return }
        #expect(folded.kind == .constant(.int(6)))
        #expect(optimized.widgets[0].lets[0].isConstant)
        guard case .conditional(_, let then, _) = optimized.widgets[0].score.kind else { Issue.record("not a conditional"); return }
        #expect(then.kind == .constant(.double(6)))
        #expect(optimized.widgets[0].duration.kind == .constant(.duration(7200)))
    }

    @Test func anOperationThatAlwaysFailsIsReportedOnce() {
        let compilation = Compilation(name: "t.tiprules", bytes: Array(source.utf8))
        let failing = compilation.diagnostics.filter { $0.code == .constantEvaluationFails }
        #expect(failing.count == 1)
        #expect(failing.first?.message == "'1 / 0' fails with a division by zero every time, so this rule is always false")
    }

    @Test func aParameterReadOnlyInASuggestionWindowIsUsed() {
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
        #expect(compilation.diagnostics.map(\.message) == [])
        #expect(compilation.optimizedProgram?.widgets.first?.suggestions.first.map { $0.to.children.last?.kind } == .constant(.duration(5400)))
    }
}
