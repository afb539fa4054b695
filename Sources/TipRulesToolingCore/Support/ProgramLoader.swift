import TipRulesCompiler
import TipRulesRuntime

/// Loads what `eval` and `disasm` take: a `.tiprules` source (compiled on the fly)
/// or a `.tipc` bytecode file (decoded and verified).
package enum ProgramLoader {
    /// A loaded program, with its source when it was compiled from one.
    package struct Loaded {
        package var program: Program
        package var source: SourceFile?
        /// Each tip's holdout goals (`holdout(…, goal: E)`), as event ids, the primary first;
        /// nil for bytecode, which does not keep them.
        package var goals: [[String]]?
    }

    /// The program at `path`, or the command's result when there is none: the
    /// diagnostics of a source with errors (status 1), or why the input is unreadable
    /// or corrupt (status 2).
    package static func load(_ path: String, environment: CommandEnvironment) -> Result<Loaded, CommandResultError> {
        let bytes: [UInt8]
        let kind: InputKind = path.hasSuffix(".tipc") ? .bytecode : .source
        switch FileAccess.read(path, as: kind, environment: environment) {
        case .success(let value): bytes = value
        case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
        }
        do {
            if path.hasSuffix(".tipc") || bytes.starts(with: BytecodeFormat.magic) {
                return .success(Loaded(program: try Program(bytes: bytes), source: nil))
            }
            let compilation = Compilation(name: path, bytes: bytes)
            guard let checked = compilation.optimizedProgram else {
                let diagnostics = DiagnosticsReport.text([(compilation.source, compilation.diagnostics)], environment: environment)
                return .failure(CommandResultError(CommandResult(status: ExitStatus.programErrors, standardError: diagnostics)))
            }
            let goals = checked.tips.map { $0.holdout?.goals.map(checked.eventID) ?? [] }
            return .success(Loaded(program: try generateProgram(checked), source: compilation.source, goals: goals))
        } catch {
            return .failure(CommandResultError(.failure("\(path): \(error)")))
        }
    }
}
