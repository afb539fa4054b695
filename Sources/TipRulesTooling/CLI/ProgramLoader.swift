import TipRulesCompiler
import TipRulesRuntime

/// Loads what `eval` and `disasm` take: a `.tiprules` source (compiled on the fly)
/// or a `.tipc` bytecode file (decoded and verified).
enum ProgramLoader {
    /// A loaded program, with its source when it was compiled from one.
    struct Loaded {
        var program: Program
        var source: SourceFile?
    }

    /// The outcome: a program, diagnostics of a source with errors, or an input error.
    enum Outcome {
        case loaded(Loaded)
        case sourceErrors(SourceFile, [Diagnostic])
        case failed(CommandError)
    }

    static func load(_ path: String) -> Outcome {
        let bytes: [UInt8]
        switch FileAccess.read(path) {
        case .success(let value): bytes = value
        case .failure(let error): return .failed(error)
        }
        if path.hasSuffix(".tipc") || bytes.starts(with: BytecodeFormat.magic) {
            do {
                return .loaded(Loaded(program: try Program(bytes: bytes), source: nil))
            } catch {
                return .failed(CommandError("\(path): \(error)"))
            }
        }
        let compilation = Compilation(name: path, bytes: bytes)
        guard let checked = compilation.program else {
            return .sourceErrors(compilation.source, compilation.diagnostics)
        }
        do {
            return .loaded(Loaded(program: try generateProgram(checked), source: compilation.source))
        } catch {
            return .failed(CommandError("\(path): \(error)"))
        }
    }
}
