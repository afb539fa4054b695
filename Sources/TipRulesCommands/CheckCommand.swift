import TipRulesCompiler
import TipRulesExplain
import TipRulesToolingCore

/// `tiprulec check FILE… | --stdin [--stdin-filename NAME] [--format text|json|sarif]`.
enum CheckCommand {
    static let usage = """
    usage: tiprulec check FILE... [--format text|json|sarif] [--error-limit N] [--warnings-as-errors]
           tiprulec check --stdin [--stdin-filename NAME] [--format text|json|sarif] [--error-limit N] [--warnings-as-errors]
           tiprulec check --fix [--only TRxxxx,...] FILE... | --stdin [...]

    Parses and type-checks .tiprules files and prints their diagnostics ('-' is
    standard input). The text format stops after N errors (default 50; 0 shows
    all); JSON and SARIF list every diagnostic. With --warnings-as-errors, a warning
    makes the exit status 1 too (for CI). With --fix, the fix-its of diagnostics
    that have exactly one (of the codes --only lists) are applied and the files
    rewritten, until nothing changes; what was fixed and what remains are printed
    (with --stdin, the fixed text goes to standard output).
    Exit status: 0 no errors (warnings allowed), 1 errors, 2 usage or unreadable input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--format", "--stdin-filename", "--error-limit", "--only"],
                                          flags: ["--stdin", "--warnings-as-errors", "--fix"]) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        let format: String
        switch parsed.format(allowed: ["text", "json", "sarif"]) {
        case .success(let value): format = value
        case .failure(let error): return .failure(error.message)
        }
        var errorLimit = ErrorLimit.default
        if let written = parsed.options["--error-limit"] {
            guard let value = Int(written), value >= 0 else {
                return .failure("--error-limit takes a whole number of errors (0 for no limit), found '\(written)'")
            }
            errorLimit = value
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
        var fixReport = ""
        var fixedText = ""
        var results = sources.map { (file: $0, diagnostics: Compilation(source: $0).diagnostics) }
        if parsed.flags.contains("--fix") || parsed.options["--only"] != nil {
            let fixed: CheckFixer.Fixed
            switch CheckFixer.fix(sources, parsed: parsed, format: format) {
            case .success(let value): fixed = value
            case .failure(let error): return .failure(error.message)
            }
            results = fixed.results
            fixReport = fixed.report
            fixedText = fixed.standardOutput
        }
        let failing: Set<Severity> = parsed.flags.contains("--warnings-as-errors") ? [.error, .warning] : [.error]
        let hasErrors = results.contains { $0.diagnostics.contains { failing.contains($0.severity) } }
        var result = CommandResult(status: hasErrors ? ExitStatus.programErrors : ExitStatus.success)
        switch format {
        case "json":
            result.standardOutput = JSONWriter.string(from: JSONDiagnosticRenderer.document(for: results)) + "\n"
        case "sarif":
            result.standardOutput = JSONWriter.string(from: SARIFDiagnosticRenderer.log(for: results, toolVersion: Version.current,
                                                                                       describe: DiagnosticExplanations.summary),
                                                      style: .pretty) + "\n"
        default:
            result.standardError = DiagnosticsReport.text(results, environment: environment, errorLimit: errorLimit)
        }
        result.standardError = fixReport + result.standardError
        result.standardOutput = fixedText + result.standardOutput
        return result
    }
}
