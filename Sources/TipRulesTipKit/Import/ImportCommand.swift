import TipRulesCompiler
import TipRulesToolingCore

/// `tiprulec import FILE.swift… [-o OUT.tiprules]`: TipKit Swift to `.tiprules`.
package enum ImportCommand {
    package static let usage = """
    usage: tiprulec import FILE.swift... [-o OUT.tiprules]

    Reads Swift source that uses TipKit (Tip structs, @Parameter, Tips.Event with
    DonationInfo structs, #Rule, options, TipGroup, Tips.configure) and writes the
    equivalent .tiprules program: the declarations of all files merged into one.
    Each construct that cannot be carried over is a warning (TR08xx) at its place
    in the Swift; the imported program is then checked like `tiprulec check`.
    Without -o the program goes to standard output; with -o the write is atomic.
    Exit status: 0 everything was carried over and the program has no errors
    (lint warnings are shown but do not count), 1 something was left out or the
    program has errors (it is still written), 2 usage or unreadable input.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--output"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard !parsed.positionals.isEmpty else { return .failure("import takes one or more Swift files\n" + usage) }
        if let output = parsed.options["--output"], parsed.positionals.contains(output) {
            return .failure("-o \(output) would overwrite an input; name another file")
        }
        var sources: [SourceFile] = []
        for path in parsed.positionals {
            let bytes = try FileAccess.read(path, as: .swiftSource, environment: environment).orFailure()
            sources.append(SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes))
        }
        let imported = TipKitImporter.run(sources)
        let output = parsed.options["--output"]
        let checked = Compilation(source: SourceFile(name: output ?? "<imported>.tiprules", text: imported.text)).diagnostics
        let renderer = TextDiagnosticRenderer(colored: TextDiagnosticRenderer.shouldColor(
            isTerminal: environment.standardErrorIsTerminal, environment: environment.variables))
        var report = imported.files.map { renderer.render($0.diagnostics.sorted, in: $0.source) }.joined()
        if !checked.isEmpty {
            report += renderer.render(checked, in: SourceFile(name: output ?? "<imported>.tiprules", text: imported.text))
        }
        let all = imported.files.flatMap(\.diagnostics.items) + checked
        if let summary = TextDiagnosticRenderer.summary(of: all) { report += summary + "\n" }
        let dropped = imported.files.contains { !$0.diagnostics.items.isEmpty }
        let status = dropped || checked.contains { $0.severity == .error } ? ExitStatus.programErrors : ExitStatus.success
        guard let output else { return CommandResult(status: status, standardOutput: imported.text, standardError: report) }
        if let error = AtomicFileWriter.write(Array(imported.text.utf8), to: output) {
            return CommandResult(status: ExitStatus.badInput, standardError: report + "error: \(error.message)\n")
        }
        return CommandResult(status: status, standardError: report)
    }
}
