import Foundation
import Testing
@testable import TipRulesCompiler
@testable import TipRulesLanguageServer
import TipRulesTestSupport

/// Hover reads the checker's types: on every example and golden program, the type a hover
/// shows for an expression is the type the checker gave it.
@Suite struct SemanticModelHoverTests {

    private func programs() throws -> [(name: String, bytes: [UInt8])] {
        try [repositoryRoot.appendingPathComponent("examples"), repositoryRoot.appendingPathComponent("Tests/TipRulesCommandsTests/Golden")].flatMap { directory in
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tiprules") }.sorted().map { name in
                (name, Array(try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
    }

    /// Every expression of a file's syntax, outermost first.
    private func expressions(in file: FileSyntax) -> [ExpressionSyntax] {
        var found: [ExpressionSyntax] = []
        func walk(_ expression: ExpressionSyntax) {
            found.append(expression)
            switch expression.kind {
            case .member(let base, _, _, _): walk(base)
            case .call(let callee, let arguments, let closure):
                walk(callee)
                arguments.forEach { walk($0.value) }
                closure.map { walk($0.body) }
            case .closure(let closure): walk(closure.body)
            case .prefix(_, let operand, _), .parenthesized(let operand): walk(operand)
            case .binary(_, let left, let right, _): walk(left); walk(right)
            case .ternary(let condition, let then, let otherwise): walk(condition); walk(then); walk(otherwise)
            default: break
            }
        }
        for declaration in file.declarations {
            switch declaration {
            case .tip(let tip): tip.rules.forEach { walk($0.body) }
            case .widget(let widget): widget.lets.forEach { walk($0.value) }; widget.entries.forEach { walk($0.value) }
            case .parameter(let parameter): parameter.defaultValue.map(walk)
            default: break
            }
        }
        return found
    }

    @Test func hoverTypesAreTheCheckersOnEveryExampleAndGoldenProgram() throws {
        var compared = 0
        for (name, bytes) in try programs() {
            let analysis = DocumentAnalysis(name: name, bytes: bytes)
            let describer = Describer(analysis)
            var checkedTypes: [SourceSpan: Set<ValueType>] = [:]
            func collect(_ expression: CheckedExpression) {
                checkedTypes[expression.span, default: []].insert(expression.type)
                expression.children.forEach(collect)
            }
            analysis.compilation.program?.tips.forEach { $0.rules.forEach { collect($0.body) } }
            analysis.compilation.program?.widgets.forEach { $0.lets.forEach(collect); collect($0.score); collect($0.duration) }
            for expression in expressions(in: analysis.compilation.syntax) {
                guard let typed = analysis.model.expression(at: expression.span) else { continue }
                if let type = typed.type, let checked = checkedTypes[expression.span] {
                    #expect(checked.contains(type), "\(name): '\(analysis.source.text(of: expression.span))' \(type) \(checked)")
                }
                // Names hover as what they refer to; everything else shows its type.
                guard !analysis.model.names.contains(where: { $0.span == expression.nameSpan }),
                      let hover = describer.expression(expression, in: ExpressionScope()) else { continue }
                let spelled = typed.type.map(analysis.model.spell) ?? Describer.errorType
                #expect(hover.contains("\(spelled)\n```"), "\(name): '\(analysis.source.text(of: expression.span))' hovers as \(hover), the checker says \(spelled)")
                compared += 1
            }
        }
        #expect(compared > 300)
    }

    @Test func hoverAgreesWithTheCheckerWhereTheOldTyperDrifted() throws {
        let text = "parameter visits: Int = 0\nparameter ratio: Double = 0.5\nwidget W { relevance {\n    let span = 2 * .hours(1)\n    score: visits + ratio\n} }\n"
        let analysis = DocumentAnalysis(name: "drift.tiprules", bytes: Array(text.utf8))
        #expect(analysis.compilation.diagnostics.contains { $0.code.rawValue == "TR0202" })
        func hover(_ needle: String) -> String {
            let offset = text.utf8.count - (text.range(of: needle).map { text[$0.lowerBound...].utf8.count } ?? 0)
            return Hover.hover(at: offset, in: analysis)?.markdown ?? ""
        }
        #expect(hover("* .hours").contains("-> Duration"), Comment(rawValue: hover("* .hours")))
        #expect(hover("+ ratio").contains("(lhs: Int, rhs: Double) -> \(Describer.errorType)"), Comment(rawValue: hover("+ ratio")))
        #expect(hover("+ ratio").contains("error[TR0202]"), Comment(rawValue: hover("+ ratio")))
    }

    /// An expression the checker rejected says why, rather than showing nothing.
    @Test func hoverOnAnExpressionOfErrorTypeSaysTheError() throws {
        let text = "parameter visits: Int = 0\ntip T {\n    title: \"T\"\n    #Rule(Self.$visits) { $0 > vists }\n}\n"
        let analysis = DocumentAnalysis(name: "error.tiprules", bytes: Array(text.utf8))
        let offset = text.utf8.count - (text.range(of: "vists }").map { text[$0.lowerBound...].utf8.count } ?? 0) + 1
        let markdown = Hover.hover(at: offset, in: analysis)?.markdown ?? ""
        #expect(markdown.contains("vists: \(Describer.errorType)"), Comment(rawValue: markdown))
        #expect(markdown.contains("error[TR0302]: cannot find 'vists' in scope"), Comment(rawValue: markdown))
    }
}
