import TipRulesCompiler
import TipRulesToolingCore

/// `tiprulec fmt FILE… [--check]` and `tiprulec fmt --stdin`: lays out sources with `SourceFormatter`.
enum FormatCommand {
    static let usage = """
    usage: tiprulec fmt FILE... [--check]
           tiprulec fmt --stdin

    Rewrites .tiprules files in the canonical layout (indentation, trailing spaces,
    blank lines; tokens and comments are never changed). A file with a syntax error
    is left alone and named. With --check, nothing is written: the files that would
    change are listed and the exit status is 1 if there are any. With --stdin, the
    formatted text goes to standard output.
    Exit status: 0 done (or nothing to change), 1 files would change or have syntax
    errors, 2 usage or unreadable input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: [], flags: ["--check", "--stdin"]).orFailure(usage: usage)
        if parsed.flags.contains("--stdin") {
            guard parsed.positionals.isEmpty, !parsed.flags.contains("--check") else { return .failure("--stdin takes no files and no --check") }
            let bytes = try FileAccess.read("-", as: .source, environment: environment).orFailure()
            switch SourceFormatter.format(bytes, name: "<stdin>") {
            case .success(let formatted): return CommandResult(standardOutput: String(decoding: formatted, as: UTF8.self))
            case .failure(let refusal): return CommandResult(status: ExitStatus.programErrors, standardError: refusal.message + "\n")
            }
        }
        guard !parsed.positionals.isEmpty else { return .failure("no input files\n" + usage) }
        var result = CommandResult()
        for path in parsed.positionals {
            let bytes = try FileAccess.read(path, as: .source, environment: environment).orFailure()
            switch SourceFormatter.format(bytes, name: path) {
            case .failure(let refusal):
                result.status = ExitStatus.programErrors
                result.standardError += refusal.message + "\n"
            case .success(let formatted) where formatted != bytes:
                if parsed.flags.contains("--check") {
                    result.status = ExitStatus.programErrors
                    result.standardOutput += path + "\n"
                } else if let error = AtomicFileWriter.write(formatted, to: path) {
                    return .failure(error.message)
                }
            case .success:
                break
            }
        }
        return result
    }
}
