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

    /// The checked program at `path`, or the command's result when there is none: the
    /// diagnostics of a source with errors, or with warnings when `warningsAsErrors` (status 1),
    /// or why the file is unreadable (status 2).
    package static func load(_ path: String, environment: CommandEnvironment,
                     warningsAsErrors: Bool = false) -> Result<Checked, CommandResultError> {
        let bytes: [UInt8]
        switch FileAccess.read(path, as: .source, environment: environment) {
        case .success(let value): bytes = value
        case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
        }
        let compilation = Compilation(name: path, bytes: bytes)
        let diagnosticsText = compilation.diagnostics.isEmpty ? ""
            : DiagnosticsReport.text([(compilation.source, compilation.diagnostics)], environment: environment)
        let warningsFail = warningsAsErrors && compilation.diagnostics.contains { $0.severity == .warning }
        guard let program = compilation.program, let optimized = compilation.optimizedProgram, !warningsFail else {
            return .failure(CommandResultError(CommandResult(status: ExitStatus.programErrors, standardError: diagnosticsText)))
        }
        return .success(Checked(compilation: compilation, program: program, optimizedProgram: optimized, diagnosticsText: diagnosticsText))
    }
}
