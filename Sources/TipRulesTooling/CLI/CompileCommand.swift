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
        let checked: CheckedProgram
        let diagnosticsText: String
        switch CheckedSourceLoader.load(path, environment: environment) {
        case .success(let loaded): (checked, diagnosticsText) = (loaded.program, loaded.diagnosticsText)
        case .failure(let failure): return failure.result
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
