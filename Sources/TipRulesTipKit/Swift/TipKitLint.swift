import TipRulesCompiler

/// `check`'s and the editor's TipKit lint: for a program that says it is also written as
/// TipKit Swift (`configure { tipKit(minimumIOS: N) }`), what `emit-swift` would refuse, as
/// warnings with the codes and spans `emit-swift` reports them with (TR091x). Off for every
/// other program: the bytecode runtime runs what TipKit cannot express.
public enum TipKitLint {
    /// The warnings of a compilation without errors whose program targets TipKit; none otherwise.
    public static func diagnostics(of compilation: Compilation) -> [Diagnostic] {
        guard !compilation.hasErrors, let program = compilation.program,
              let release = program.tipKitMinimumIOS, let target = SwiftTarget(rawValue: release) else { return [] }
        return SwiftEmitter(program: program, target: target).emit(sourceName: compilation.source.name).problems
            .map { $0.diagnostic(severity: .warning) }
    }

    /// The compilation's diagnostics with the TipKit lint's, in source order.
    public static func allDiagnostics(of compilation: Compilation) -> [Diagnostic] {
        let lint = diagnostics(of: compilation)
        guard !lint.isEmpty else { return compilation.diagnostics }
        return (compilation.diagnostics + lint).enumerated()
            .sorted { ($0.element.span.start, $0.offset) < ($1.element.span.start, $1.offset) }.map(\.element)
    }
}
