import TipRulesCompiler

/// Reads and checks one `.tiprules` file for the commands that need a checked program
/// (`compile`, `emit-swift`).
package enum CheckedSourceLoader {
    /// A checked program, as written and optimized, and the rendered text of its warnings
    /// ("" when there are none).
    package struct Checked {
        package var compilation: Compilation
        package var program: CheckedProgram
        package var optimizedProgram: CheckedProgram
        package var diagnosticsText: String
    }

    /// The checked program at `path`; without one, it throws the command's result: the
    /// diagnostics of a source with errors, or with warnings when `warningsAsErrors` (status 1),
    /// or why the file is unreadable (status 2).
    package static func load(_ path: String, environment: CommandEnvironment,
                     warningsAsErrors: Bool = false) throws(CommandResultError) -> Checked {
        let bytes = try FileAccess.read(path, as: .source, environment: environment).orFailure()
        let compilation = Compilation(name: path, bytes: bytes)
        let diagnosticsText = compilation.diagnostics.isEmpty ? ""
            : DiagnosticsReport.text([(compilation.source, compilation.diagnostics)], environment: environment)
        let warningsFail = warningsAsErrors && compilation.diagnostics.contains { $0.severity == .warning }
        guard let program = compilation.program, let optimized = compilation.optimizedProgram, !warningsFail else {
            throw CommandResultError(CommandResult(status: ExitStatus.programErrors, standardError: diagnosticsText))
        }
        return Checked(compilation: compilation, program: program, optimizedProgram: optimized, diagnosticsText: diagnosticsText)
    }
}
