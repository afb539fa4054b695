import TipRulesCompiler
import TipRulesExplain
import TipRulesTipKit
import TipRulesToolingCore

/// `tiprulec check FILE… | --stdin [--stdin-filename NAME] [--format text|json|sarif]`.
enum CheckCommand {
    static let usage = """
    usage: tiprulec check FILE... [--format text|json|sarif] [--error-limit N] [--warnings-as-errors] [--baseline OLD]
           tiprulec check --stdin [--stdin-filename NAME] [--format text|json|sarif] [--error-limit N] [--warnings-as-errors]
           tiprulec check --fix [--unsafe] [--only TRxxxx,...] FILE... | --stdin

    Parses and type-checks .tiprules files and prints their diagnostics ('-' is
    standard input). The text format stops after N errors (default 50; 0 shows
    all); JSON and SARIF list every diagnostic. With --warnings-as-errors, a warning
    makes the exit status 1 too (for CI). With --fix, the fix-its of diagnostics
    that have exactly one are applied and the files rewritten, until nothing
    changes; what was fixed, each fix left out and what remains are printed (with
    --stdin, the fixed text goes to standard output). Only fixes that keep the
    program's meaning are applied: --unsafe applies the others too (a guessed
    name, a truncated number), --only applies those of the codes it lists.
    --baseline OLD compares with the release in the field (a .tiprules or .tipc): a
    tip whose holdout changes its group or share is a warning (TR0432), since it
    moves people already in the experiment.
    Exit status: 0 no errors (warnings allowed), 1 errors, 2 usage or unreadable input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--format", "--stdin-filename", "--error-limit", "--only", "--baseline"],
                                                    flags: ["--stdin", "--warnings-as-errors", "--fix", "--unsafe"]).orFailure(usage: usage)
        let format = try parsed.format(allowed: ["text", "json", "sarif"]).orFailure()
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
            let bytes = try FileAccess.read("-", as: .source, environment: environment).orFailure()
            sources.append(SourceFile(name: parsed.options["--stdin-filename"] ?? "<stdin>", bytes: bytes))
        } else {
            guard !parsed.positionals.isEmpty else { return .failure("no input files\n" + usage) }
            for path in parsed.positionals {
                let bytes = try FileAccess.read(path, as: .source, environment: environment).orFailure()
                sources.append(SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes))
            }
        }
        var fixReport = ""
        var fixedText = ""
        var results = sources.map { (file: $0, diagnostics: TipKitLint.allDiagnostics(of: Compilation(source: $0))) }
        if parsed.flags.contains("--fix") || parsed.flags.contains("--unsafe") || parsed.options["--only"] != nil {
            let fixed = try CheckFixer.fix(sources, parsed: parsed, format: format).orFailure()
            results = fixed.results
            fixReport = fixed.report
            fixedText = fixed.standardOutput
        }
        if let baseline = parsed.options["--baseline"] {
            let old = try ProgramLoader.load(baseline, environment: environment).get().program
            results = results.map { ($0.file, $0.diagnostics + HoldoutBaseline.diagnostics(of: Compilation(source: $0.file), against: old, named: baseline)) }
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
