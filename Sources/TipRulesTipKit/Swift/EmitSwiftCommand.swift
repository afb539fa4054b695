import TipRulesCompiler
import TipRulesToolingCore

/// `tiprulec emit-swift FILE [--min-ios 17|18|26] [-o OUT.swift]`: the TipKit Swift for a program.
package enum EmitSwiftCommand {
    package static let usage = """
    usage: tiprulec emit-swift FILE [--min-ios 17|18|26] [-o OUT.swift]

    Checks FILE and writes TipKit Swift for it: a Tip struct per tip, @Parameter
    properties, events with DonationInfo structs, TipGroups, Tips.configure and,
    per widget, a function returning its TimelineEntryRelevance.
    --min-ios is the oldest iOS the app supports (default: the program's
    configure { tipKit(minimumIOS: N) }, else 17); what TipKit cannot express for
    that release is an error (TR091x) with a note on what to write instead.
    Without -o the Swift goes to standard output; with -o the write is atomic.
    Exit status: 0 written, 1 the program has errors or cannot be expressed in
    TipKit, 2 usage or unreadable input.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--output", "--min-ios"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("emit-swift takes one source file\n" + usage)
        }
        if let written = parsed.options["--min-ios"], SwiftTarget(minimumIOS: written) == nil {
            return .failure("--min-ios must be 17, 18 or 26\n" + usage)
        }
        let loaded = try CheckedSourceLoader.load(path, environment: environment)
        let checked = loaded.program
        let target = parsed.options["--min-ios"].flatMap(SwiftTarget.init(minimumIOS:))
            ?? checked.tipKitMinimumIOS.flatMap(SwiftTarget.init(rawValue:)) ?? .iOS17
        let emission = SwiftEmitter(program: checked, target: target).emit(sourceName: baseName(path))
        // The TipKit lint's warnings are these problems: emit-swift reports them once, as errors.
        let warnings = loaded.compilation.diagnostics
        let problems = emission.problems.map { $0.diagnostic(severity: .error) }
        let problemsText = warnings.isEmpty && problems.isEmpty ? ""
            : DiagnosticsReport.text([(loaded.compilation.source, (warnings + problems).sorted { $0.span.start < $1.span.start })],
                                     environment: environment)
        if emission.hasErrors {
            return CommandResult(status: ExitStatus.programErrors, standardError: problemsText)
        }
        guard let output = parsed.options["--output"] else {
            return CommandResult(standardOutput: emission.swift, standardError: problemsText)
        }
        if let error = AtomicFileWriter.write(Array(emission.swift.utf8), to: output) {
            return CommandResult(status: ExitStatus.badInput, standardError: problemsText + "error: \(error.message)\n")
        }
        return CommandResult(standardError: problemsText)
    }

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
