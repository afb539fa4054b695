import TipRulesCompiler

/// Diagnostics rendered for the commands that print them as text (`check`, and every command
/// that stops at a program's errors).
package enum DiagnosticsReport {
    /// Diagnostics for people, with a closing summary; after `errorLimit` errors (0: no limit)
    /// the rest is left out, as with clang's `-ferror-limit`, and a line says so.
    package static func text(_ results: [(file: SourceFile, diagnostics: [Diagnostic])], environment: CommandEnvironment,
                     errorLimit: Int = ErrorLimit.default) -> String {
        let colored = TextDiagnosticRenderer.shouldColor(isTerminal: environment.standardErrorIsTerminal,
                                                         environment: environment.variables)
        let renderer = TextDiagnosticRenderer(colored: colored)
        var errorsLeft = errorLimit == 0 ? Int.max : errorLimit
        var shown: [(file: SourceFile, diagnostics: [Diagnostic])] = []
        for result in results where errorsLeft > 0 {
            var kept: [Diagnostic] = []
            for diagnostic in result.diagnostics where errorsLeft > 0 {
                kept.append(diagnostic)
                if diagnostic.severity == .error { errorsLeft -= 1 }
            }
            shown.append((result.file, kept))
        }
        var text = shown.map { renderer.render($0.diagnostics, in: $0.file) }.filter { !$0.isEmpty }.joined(separator: "\n")
        let all = results.flatMap(\.diagnostics)
        let hidden = all.count - shown.reduce(0) { $0 + $1.diagnostics.count }
        if hidden > 0 {
            text += "error: too many errors; stopping after \(errorLimit) (\(hidden) more diagnostic\(hidden == 1 ? "" : "s") "
                + "not shown; --error-limit 0 shows all)\n"
        }
        if let summary = TextDiagnosticRenderer.summary(of: all) {
            text += summary + "\n"
        }
        return text
    }
}

/// How many errors the text format shows before it stops (`--error-limit`).
package enum ErrorLimit {
    package static let `default` = 50
}
