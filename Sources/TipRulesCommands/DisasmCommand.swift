import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec disasm PROGRAM`: the bytecode, readable, with source lines.
enum DisasmCommand {
    static let usage = """
    usage: tiprulec disasm PROGRAM

    Prints the bytecode of PROGRAM (a .tiprules source, compiled first, or a .tipc
    file) with every instruction's source line.
    Exit status: 0 printed, 1 the source has errors, 2 usage or a .tipc that cannot be read.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: [], flags: []).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("disasm takes one program\n" + usage)
        }
        let loaded = try ProgramLoader.load(path, environment: environment).get()
        let sourceLines = loaded.source.map { source in (0..<source.lineStarts.count).map(source.lineText) } ?? []
        return CommandResult(standardOutput: disassemble(loaded.program, sourceLines: sourceLines))
    }
}
