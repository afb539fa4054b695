import TipRulesCompiler
import TipRulesToolingCore

/// `tiprulec check --fix [--only TRxxxx,…]`: applies fix-its through `FixApplier` and
/// rewrites each changed file atomically; with `--stdin`, the fixed text is the output.
enum CheckFixer {
    /// What fixing gave: what remains to report, the lines saying what was fixed, and the
    /// fixed text of standard input ("" for files).
    struct Fixed {
        var results: [(file: SourceFile, diagnostics: [Diagnostic])] = []
        var report = ""
        var standardOutput = ""
    }

    /// Fixes `sources` (read from the paths they are named after, or standard input with `--stdin`).
    static func fix(_ sources: [SourceFile], parsed: ParsedArguments, format: String) -> Result<Fixed, CommandError> {
        guard parsed.flags.contains("--fix") else { return .failure(CommandError("--only needs --fix")) }
        let fromStandardInput = parsed.flags.contains("--stdin")
        if fromStandardInput && format != "text" {
            return .failure(CommandError("--stdin --fix writes the fixed text to standard output; use it with --format text"))
        }
        if parsed.positionals.contains("-") { return .failure(CommandError("use --stdin --fix to fix standard input")) }
        let only: Set<String>?
        switch codes(parsed.options["--only"]) {
        case .success(let value): only = value
        case .failure(let error): return .failure(error)
        }
        var fixed = Fixed()
        for source in sources {
            let outcome = FixApplier.fixRepeatedly(name: source.name, bytes: source.bytes) {
                only?.contains($0.code.code) ?? FixApplier.fixedByDefault($0)
            }
            if fromStandardInput {
                fixed.standardOutput += String(decoding: outcome.bytes, as: UTF8.self)
            } else if outcome.bytes != source.bytes, let error = AtomicFileWriter.write(outcome.bytes, to: source.name) {
                return .failure(error)
            }
            fixed.report += summary(of: outcome.fixed, in: source.name)
            fixed.results.append((outcome.remaining.source, outcome.remaining.diagnostics))
        }
        return .success(fixed)
    }

    /// "fixed 3 problems in NAME (TR0201 ×2, TR0301)", or nothing when nothing was fixed.
    private static func summary(of fixed: [Diagnostic], in name: String) -> String {
        guard !fixed.isEmpty else { return "" }
        var counts: [String: Int] = [:]
        for diagnostic in fixed { counts[diagnostic.code.code, default: 0] += 1 }
        let codes = counts.keys.sorted().map { code in counts[code].map { $0 > 1 ? "\(code) ×\($0)" : code } ?? code }
        return "fixed \(fixed.count) problem\(fixed.count == 1 ? "" : "s") in \(name) (\(codes.joined(separator: ", ")))\n"
    }

    /// The codes of `--only`, checked against the known codes; nil without `--only`.
    private static func codes(_ written: String?) -> Result<Set<String>?, CommandError> {
        guard let written else { return .success(nil) }
        let known = Set(DiagnosticCode.allCases.map(\.code))
        var codes = Set<String>()
        for part in written.split(separator: ",", omittingEmptySubsequences: false) {
            let code = String(part.filter { $0 != " " }).uppercased()
            guard known.contains(code) else { return .failure(CommandError("--only: unknown diagnostic code '\(part)'")) }
            codes.insert(code)
        }
        return .success(codes)
    }
}
