import TipRulesCompiler
import TipRulesRuntime

/// `check --baseline OLD`: a warning (TR0432) at each `holdout(…)` whose group or share differs
/// from the baseline's (`HoldoutChange`).
enum HoldoutBaseline {
    /// The warnings of `compilation` against `baseline` (named `name`); none when it has errors.
    static func diagnostics(of compilation: Compilation, against baseline: Program, named name: String) -> [Diagnostic] {
        guard let checked = compilation.optimizedProgram, let program = try? generateProgram(checked) else { return [] }
        let tips = compilation.syntax.declarations.compactMap { if case .tip(let tip) = $0 { return tip } else { return nil } }
        return HoldoutChange.changes(from: baseline, to: program).compactMap { change in
            guard let span = tips.first(where: { $0.name.text == change.tip })?.holdouts.first?.span else { return nil }
            return Diagnostic(.holdoutChanged, change.message, at: span,
                              notes: [DiagnosticNote("in \(name), it holds out \(change.oldPercent) % of group \"\(change.oldGroup)\"; "
                                                     + "people already exposed would be counted in the wrong arm or in two experiments; keep both to go on "
                                                     + "with the experiment, or start a new one knowingly")])
        }
    }
}
