import TipRulesCompiler
import TipRulesToolingCore

/// `tiprulec explain CODE`: the long explanation of a diagnostic code.
package enum ExplainCommand {
    package static let usage = """
    usage: tiprulec explain CODE
           tiprulec explain --list
           tiprulec explain --markdown

    Prints what a diagnostic code means (TR0201, or 0201), an example that triggers it and
    how to fix it. --list lists every code with its summary; --markdown prints every
    explanation as the index and entries of docs/diagnostics.md, which are generated from it.
    Exit status: 0 explained, 2 usage or an unknown code.
    """

    package static func run(_ arguments: [String]) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: [], flags: ["--list", "--markdown"]).orFailure(usage: usage)
        if parsed.flags.contains("--list") {
            let lines = DiagnosticCode.allCases.map { "\($0.code)  \($0.defaultSeverity.rawValue.padding(7))  \(DiagnosticExplanations.summary($0))" }
            return CommandResult(standardOutput: lines.joined(separator: "\n") + "\n")
        }
        if parsed.flags.contains("--markdown") {
            return CommandResult(standardOutput: DiagnosticReference.markdown())
        }
        guard parsed.positionals.count == 1, let written = parsed.positionals.first else {
            return .failure("explain takes one diagnostic code, such as TR0201\n" + usage)
        }
        let normalized = written.uppercased().hasPrefix("TR") ? written.uppercased() : "TR" + written
        guard let code = DiagnosticCode(rawValue: normalized) else {
            let hint = Spelling.closest(to: normalized, in: DiagnosticCode.allCases.map(\.code)).map { " (did you mean \($0)?)" } ?? ""
            return .failure("unknown diagnostic code '\(written)'\(hint); `tiprulec explain --list` lists them")
        }
        return CommandResult(standardOutput: DiagnosticExplanations.explanation(of: code) + "\n")
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
