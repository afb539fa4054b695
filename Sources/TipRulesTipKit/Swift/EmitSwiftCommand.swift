import TipRulesCompiler
import TipRulesToolingCore

/// `tiprulec emit-swift FILE [--min-ios 17|18|26] [-o OUT.swift]`: the TipKit Swift for a program.
package enum EmitSwiftCommand {
    package static let usage = """
    usage: tiprulec emit-swift FILE [--min-ios 17|18|26] [-o OUT.swift]

    Checks FILE and writes TipKit Swift for it: a Tip struct per tip, @Parameter
    properties, events with DonationInfo structs, TipGroups, Tips.configure and,
    per widget, a function returning its TimelineEntryRelevance.
    --min-ios is the oldest iOS the app supports (default 17); what TipKit cannot
    express for that release is an error with a note on what to write instead.
    Without -o the Swift goes to standard output; with -o the write is atomic.
    Exit status: 0 written, 1 the program has errors or cannot be expressed in
    TipKit, 2 usage or unreadable input.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--output", "--min-ios"], flags: [],
                                     shortNames: ["-o": "--output"]) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("emit-swift takes one source file\n" + usage)
        }
        guard let target = SwiftTarget(minimumIOS: parsed.options["--min-ios"] ?? "17") else {
            return .failure("--min-ios must be 17, 18 or 26\n" + usage)
        }
        let checked: CheckedProgram
        let diagnosticsText: String
        switch CheckedSourceLoader.load(path, environment: environment) {
        case .success(let loaded): (checked, diagnosticsText) = (loaded.program, loaded.diagnosticsText)
        case .failure(let failure): return failure.result
        }
        let emission = SwiftEmitter(program: checked, target: target).emit(sourceName: baseName(path))
        let problemsText = diagnosticsText + render(emission.problems, path: path)
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

    /// `FILE:LINE: error: what` and an indented note, one per problem.
    static func render(_ problems: [SwiftEmissionProblem], path: String) -> String {
        problems.map { problem in
            "\(path):\(problem.line): error: \(problem.message)\n    note: \(problem.note)\n"
        }.joined()
    }

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
