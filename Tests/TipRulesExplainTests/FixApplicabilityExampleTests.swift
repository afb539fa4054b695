import Testing
import TipRulesToolingCore
import TipRulesExplain
import TipRulesCompiler
import TipRulesRuntime

/// `check --fix` over the erroneous example of every diagnostic code's explanation: it applies
/// only fixes marked machine-applicable, applies all of them, and a program that compiled
/// before the fixes decides the same after them.
@Suite struct FixApplicabilityExampleTests {
    @Test func fixAppliesOnlyTheSafeFixesOfEveryExampleAndKeepsWhatItMeans() throws {
        var examined = 0
        for code in DiagnosticCode.allCases where !code.isImport {
            guard let example = ExplainTests.examples(in: DiagnosticExplanations.explanation(of: code)).first else { continue }
            let before = Compilation(name: "example.tiprules", bytes: Array(example.utf8))
            let outcome = FixApplier.fixRepeatedly(name: "example.tiprules", bytes: Array(example.utf8))
            for diagnostic in outcome.fixed {
                #expect(FixApplier.automaticFix(of: diagnostic)?.applicability == .machineApplicable,
                        "\(code.code)'s example: --fix applied '\(diagnostic.fixes.first?.message ?? "")' of \(diagnostic.code.code)")
            }
            for diagnostic in outcome.remaining.diagnostics where FixApplier.fixedByDefault(diagnostic) {
                Issue.record("\(code.code)'s example: the safe fix of \(diagnostic.code.code) '\(diagnostic.message)' was not applied")
            }
            if !outcome.fixed.isEmpty, let old = try program(before), let new = try program(outcome.remaining) {
                #expect(decisions(old) == decisions(new), "\(code.code)'s example decides otherwise after --fix")
                examined += 1
            }
        }
        #expect(examined >= 5, "examples whose fixes were applied to a working program: \(examined)")
    }

    private func program(_ compilation: Compilation) throws -> Program? {
        guard !compilation.hasErrors, let checked = compilation.optimizedProgram else { return nil }
        return try generateProgram(checked)
    }

    /// Each tip's status and display, each group's current tip and each widget's score, by
    /// name, for a new person at an instant, and a day later with every event donated once
    /// with zero fields and every parameter at its default.
    private func decisions(_ program: Program) -> [String] {
        let now = 1_800_000_000.0
        var store = EventStore(program: program)
        var found: [String] = []
        for instant in [now, now + 86_400] {
            let result = evaluate(program, store: store, now: instant, explaining: false)
            found += result.tips.map { "\($0.id) \($0.status) \($0.display)" }
                + result.groups.map { "\($0.id) \($0.currentTip ?? "-")" }
                + result.widgets.map { "\($0.id) \($0.score)" }
            for (index, event) in program.events.enumerated() {
                _ = try? store.donate(event: index, date: instant, fields: event.fields.map { $0.type.zero })
            }
        }
        return found
    }
}
