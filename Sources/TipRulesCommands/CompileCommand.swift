#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec compile FILE [-o OUT.tipc]`: check, then write bytecode atomically.
package enum CompileCommand {
    static let usage = """
    usage: tiprulec compile FILE [-o OUT.tipc] [--bytecode-version N] [--release N] [--warnings-as-errors]

    Checks FILE and writes its verified bytecode to OUT.tipc (default: FILE with
    the extension .tipc), in the oldest bytecode format version that carries the
    program, so that every app build whose runtime can run it can load it.
    The write is atomic: on any error an existing output file is left untouched
    and no partial file is left behind.

      --bytecode-version N  write format version N, for apps whose runtime reads
                            only up to N; each construct that needs a newer
                            version is an error (TR0901)
      --release N           the release of the rules (a whole number from 1),
                            in place of the source's 'configure { release(…) }'

    Exit status: 0 written, 1 the program has errors, 2 usage or unreadable input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--output", "--bytecode-version", "--release"],
                                               flags: ["--warnings-as-errors"],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("compile takes one source file\n" + usage)
        }
        let output = parsed.options["--output"] ?? defaultOutput(for: path)
        if let problem = refusal(toWrite: output, from: path) { return .failure(problem) }
        let version = try parsed.wholeNumber("--bytecode-version", in: BytecodeFormat.readableVersions).orFailure()
        let release = try parsed.wholeNumber("--release", in: 1...Int(UInt32.max)).orFailure()
        let loaded = try CheckedSourceLoader.load(path, environment: environment,
                                                  warningsAsErrors: parsed.flags.contains("--warnings-as-errors"))
        var checked = loaded.optimizedProgram
        let diagnosticsText = loaded.diagnosticsText
        if let release { checked.release = release }
        let generated: GeneratedProgram
        do {
            generated = try GeneratedProgram(checked)
        } catch {
            return CommandResult(status: ExitStatus.badInput, standardError: diagnosticsText + "error: \(path): \(error)\n")
        }
        // The checked and generated program stay alive until the process ends: freeing them
        // would only cost time (`finish`).
        return withExtendedLifetime((loaded, generated)) {
            environment.finish(write(generated, version: version, to: output, loaded: loaded, environment: environment))
        }
    }

    /// Writes `generated` in format `version` (the oldest that carries it when nil) to `output`.
    private static func write(_ generated: GeneratedProgram, version: Int?, to output: String,
                              loaded: CheckedSourceLoader.Checked, environment: CommandEnvironment) -> CommandResult {
        let diagnosticsText = loaded.diagnosticsText
        let bytes: [UInt8]
        if let version {
            let errors = FormatVersionCheck.diagnostics(generated, syntax: loaded.compilation.syntax, version: version)
            guard errors.isEmpty, let written = try? generated.program.encoded(formatVersion: version) else {
                let text = DiagnosticsReport.text([(loaded.compilation.source, errors)], environment: environment)
                return CommandResult(status: ExitStatus.programErrors, standardError: diagnosticsText + text)
            }
            bytes = written
        } else {
            bytes = generated.program.encoded()
        }
        if let error = AtomicFileWriter.write(bytes, to: output) {
            return CommandResult(status: ExitStatus.badInput, standardError: diagnosticsText + "error: \(error.message)\n")
        }
        return CommandResult(standardError: diagnosticsText)
    }

    /// Why bytecode must not be written to `output`, if it must not: no name, a folder, a missing
    /// folder, a source file's name, or the input itself (under any path). Writing there would
    /// fail or destroy the program's source.
    static func refusal(toWrite output: String, from input: String) -> String? {
        guard !output.isEmpty else { return "-o needs a file name, e.g. -o rules.tipc" }
        func isFolder(_ path: String) -> Bool {
            var status = stat()
            return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        }
        let example = (output.hasSuffix("/") ? output : output + "/") + defaultOutput(for: AtomicFileWriter.split(input).name)
        if isFolder(output) { return "\(output): is a folder; name the file to write, e.g. -o \(example)" }
        if output.hasSuffix("/") { return "\(output): the folder does not exist; create it, then name the file, e.g. -o \(example)" }
        let folder = AtomicFileWriter.split(output).folder
        guard isFolder(folder) else { return "\(output): cannot be written: the folder '\(folder)' does not exist" }
        if output.hasSuffix(".tiprules") {
            return "refusing to write bytecode to '\(output)': that is a source file's name; write a .tipc file, e.g. -o \(defaultOutput(for: output))"
        }
        var status = stat()
        var inputStatus = stat()
        if stat(output, &status) == 0, stat(input, &inputStatus) == 0,
           status.st_dev == inputStatus.st_dev, status.st_ino == inputStatus.st_ino {
            return "refusing to write bytecode over the input '\(input)'; write a .tipc file, e.g. -o \(defaultOutput(for: input))"
        }
        return nil
    }

    /// `rules.tiprules` → `rules.tipc`.
    static func defaultOutput(for path: String) -> String {
        let base = path.hasSuffix(".tiprules") ? String(path.dropLast(".tiprules".count)) : path
        return base + ".tipc"
    }
}
