import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec disasm PROGRAM`: the bytecode, readable, with source lines.
enum DisasmCommand {
    static let usage = """
    usage: tiprulec disasm PROGRAM

    Prints the bytecode of PROGRAM (a .tiprules source, compiled first, or a .tipc
    file) with every instruction's source line.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: [], flags: []) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("disasm takes one program\n" + usage)
        }
        switch ProgramLoader.load(path, environment: environment) {
        case .failure(let failure): return failure.result
        case .success(let loaded):
            let sourceLines = loaded.source.map { source in (0..<source.lineStarts.count).map(source.lineText) } ?? []
            return CommandResult(standardOutput: disassemble(loaded.program, sourceLines: sourceLines))
        }
    }
}
