import Testing
@testable import TipRulesCompiler
import TipRulesTestSupport

/// The semantic model the checker records: referents of names, types of expressions, broken
/// files included, and checking focused on one declaration.
@Suite struct SemanticModelTests {
    private let text = """
    parameter p: Int = 0
    event e(x: Int)
    tip A {
        title: "a"
        #Rule(Self.e) { $0.donations.filter { $0.x > nope }.count > p }
    }
    widget W { relevance {
        let n = e.donations.sum(of: \\.x)
        score: n + p
    } }
    """

    private func compile(focus: Int? = nil) -> Compilation {
        Compilation(source: SourceFile(name: "m.tiprules", text: text), focus: focus)
    }

    private func offset(of needle: String) -> Int {
        text.utf8.count - (text.range(of: needle).map { text[$0.lowerBound...].utf8.count } ?? 0)
    }

    @Test func namesAreResolvedInBrokenFiles() throws {
        let model = compile().model
        #expect(model.occurrences(of: .parameter(0)).count == 3)
        #expect(model.occurrences(of: .field(event: 0, .declared(0))).count == 3)
        #expect(model.name(at: offset(of: "$0.x") + 1)?.referent == .closureArgument(event: 0))
        #expect(model.name(at: offset(of: "$0.donations") + 1)?.referent == .ruleInput(index: 0, .event(0)))
        let declaration = try #require(model.declaration(of: .local(declaredAt: SourceSpan(start: offset(of: "n ="), end: offset(of: "n =") + 1))))
        #expect(declaration.isDeclaration)
    }

    @Test func typesIncludeFailuresAndRecoveredCalls() {
        let model = compile().model
        let nope = offset(of: "nope")
        #expect(model.expression(at: SourceSpan(start: nope, end: nope + 4))?.type == (nil as ValueType?))
        #expect(model.expression(at: SourceSpan(start: nope, end: nope + 4)) != nil)
        let filter = SourceSpan(start: offset(of: "$0.donations.filter"), end: offset(of: ".count > p"))
        #expect(model.expression(at: filter)?.type == .donations(event: 0))
        let sum = SourceSpan(start: offset(of: "e.donations.sum"), end: offset(of: "\n    score"))
        #expect(model.expression(at: sum)?.type == .int)
    }

    @Test func focusChecksOnlyTheDeclarationHoldingTheOffset() {
        let focused = compile(focus: offset(of: "score"))
        #expect(!focused.diagnostics.contains { $0.code == .unknownName }, "tip A is not checked")
        #expect(focused.program == nil)
        #expect(focused.model.occurrences(of: .parameter(0)).allSatisfy { $0.span.start > offset(of: "widget") || $0.isDeclaration })
        #expect(compile().diagnostics.contains { $0.code == .unknownName })
    }
}
