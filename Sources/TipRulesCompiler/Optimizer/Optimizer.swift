/// The optimizer stage, between the checker and the code generator: folds the constants of
/// every rule, widget `let`, score, duration and suggestion window once (`ConstantFolder`), and warns about a
/// rule holding a constant operation that fails every time. The linter and the code
/// generator read its output; tools that show the program as written (emit-swift, the
/// language server) read the checker's.
public enum Optimizer {
    /// The optimized program and the optimizer's diagnostics.
    public struct Output: Sendable {
        public var program: CheckedProgram
        public var diagnostics: [Diagnostic]
    }

    /// `program` with every expression folded.
    public static func optimize(_ program: CheckedProgram) -> Output {
        var optimized = program
        var diagnostics: [Diagnostic] = []
        for tip in optimized.tips.indices {
            if let holdout = optimized.tips[tip].holdout {
                optimized.tips[tip].holdout?.bucket = ConstantFolder.fold(holdout.bucket)
            }
            for rule in optimized.tips[tip].rules.indices {
                let folded = ConstantFolder.fold(optimized.tips[tip].rules[rule].body)
                optimized.tips[tip].rules[rule].body = folded
                if let failing = ConstantFolder.failingOperation(in: folded) {
                    diagnostics.append(Diagnostic(
                        .constantEvaluationFails,
                        "'\(program.source.text(of: failing.span))' fails with \(failing.reason) every time, so this rule is always false",
                        at: failing.span, notes: [DiagnosticNote("evaluation reports the error and treats the rule as false")]))
                }
            }
        }
        for index in optimized.widgets.indices {
            var widget = optimized.widgets[index]
            widget.lets = widget.lets.map(ConstantFolder.fold)
            widget.score = ConstantFolder.fold(widget.score)
            widget.duration = ConstantFolder.fold(widget.duration)
            for window in widget.suggestions.indices {
                widget.suggestions[window].from = ConstantFolder.fold(widget.suggestions[window].from)
                widget.suggestions[window].to = ConstantFolder.fold(widget.suggestions[window].to)
            }
            optimized.widgets[index] = widget
        }
        return Output(program: optimized, diagnostics: diagnostics)
    }
}
