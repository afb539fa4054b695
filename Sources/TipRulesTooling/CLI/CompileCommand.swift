import TipRulesCompiler
import TipRulesRuntime

/// `tiprulec compile FILE [-o OUT.tipc]`: check, then write bytecode atomically.
enum CompileCommand {
    static let usage = """
    usage: tiprulec compile FILE [-o OUT.tipc]

    Checks FILE and writes its verified bytecode to OUT.tipc (default: FILE with
    the extension .tipc). The write is atomic: on any error an existing output
    file is left untouched and no partial file is left behind.
    Exit status: 0 written, 1 the program has errors, 2 usage or unreadable input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--output"], flags: [], shortNames: ["-o": "--output"]) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("compile takes one source file\n" + usage)
        }
        let bytes: [UInt8]
        switch FileAccess.read(path) {
        case .success(let value): bytes = value
        case .failure(let error): return .failure(error.message)
        }
        let compilation = Compilation(name: path, bytes: bytes)
        let diagnosticsText = compilation.diagnostics.isEmpty ? ""
            : CheckCommand.renderText([(compilation.source, compilation.diagnostics)], environment: environment)
        guard let checked = compilation.program else {
            return CommandResult(status: ExitStatus.programErrors, standardError: diagnosticsText)
        }
        let output = parsed.options["--output"] ?? defaultOutput(for: path)
        let program: Program
        do {
            program = try generateProgram(checked)
        } catch {
            return CommandResult(status: ExitStatus.badInput, standardError: diagnosticsText + "error: \(path): \(error)\n")
        }
        if let error = FileAccess.writeAtomically(program.encoded(), to: output) {
            return CommandResult(status: ExitStatus.badInput, standardError: diagnosticsText + "error: \(error.message)\n")
        }
        return CommandResult(standardError: diagnosticsText)
    }

    /// `rules.tiprules` → `rules.tipc`.
    static func defaultOutput(for path: String) -> String {
        let base = path.hasSuffix(".tiprules") ? String(path.dropLast(".tiprules".count)) : path
        return base + ".tipc"
    }
}
