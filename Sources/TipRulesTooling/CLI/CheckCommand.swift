import TipRulesCompiler

/// `tiprulec check FILE… | --stdin [--stdin-filename NAME] [--format text|json|sarif]`.
enum CheckCommand {
    static let usage = """
    usage: tiprulec check FILE... [--format text|json|sarif]
           tiprulec check --stdin [--stdin-filename NAME] [--format text|json|sarif]

    Parses and type-checks .tiprules files and prints their diagnostics.
    Exit status: 0 no errors (warnings allowed), 1 errors, 2 usage or unreadable input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--format", "--stdin-filename"], flags: ["--stdin"]) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        let format: String
        switch parsed.format(allowed: ["text", "json", "sarif"]) {
        case .success(let value): format = value
        case .failure(let error): return .failure(error.message)
        }
        var sources: [SourceFile] = []
        if parsed.flags.contains("--stdin") {
            guard parsed.positionals.isEmpty else { return .failure("--stdin takes no file arguments") }
            switch FileAccess.read("-", as: .source, environment: environment) {
            case .success(let bytes): sources.append(SourceFile(name: parsed.options["--stdin-filename"] ?? "<stdin>", bytes: bytes))
            case .failure(let error): return .failure(error.message)
            }
        } else {
            guard !parsed.positionals.isEmpty else { return .failure("no input files\n" + usage) }
            for path in parsed.positionals {
                switch FileAccess.read(path, as: .source, environment: environment) {
                case .success(let bytes): sources.append(SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes))
                case .failure(let error): return .failure(error.message)
                }
            }
        }
        let results = sources.map { (file: $0, diagnostics: Compilation(source: $0).diagnostics) }
        let hasErrors = results.contains { $0.diagnostics.contains { $0.severity == .error } }
        var result = CommandResult(status: hasErrors ? ExitStatus.programErrors : ExitStatus.success)
        switch format {
        case "json":
            result.standardOutput = JSONWriter.string(from: JSONDiagnosticRenderer.document(for: results)) + "\n"
        case "sarif":
            result.standardOutput = JSONWriter.string(from: SARIFDiagnosticRenderer.log(for: results, toolVersion: Version.current,
                                                                                       describe: DiagnosticExplanations.summary),
                                                      style: .pretty) + "\n"
        default:
            result.standardError = renderText(results, environment: environment)
        }
        return result
    }

    /// Diagnostics for people, with a closing summary.
    static func renderText(_ results: [(file: SourceFile, diagnostics: [Diagnostic])], environment: CommandEnvironment) -> String {
        let colored = TextDiagnosticRenderer.shouldColor(isTerminal: environment.standardErrorIsTerminal,
                                                         environment: environment.variables)
        let renderer = TextDiagnosticRenderer(colored: colored)
        var text = results.map { renderer.render($0.diagnostics, in: $0.file) }.filter { !$0.isEmpty }.joined(separator: "\n")
        if let summary = TextDiagnosticRenderer.summary(of: results.flatMap(\.diagnostics)) {
            text += summary + "\n"
        }
        return text
    }
}
