import TipRulesCompiler

/// The generated part of `docs/diagnostics.md` — its index and every code's entry — rendered from
/// the one table of explanations (`DiagnosticExplanations`), so that the page and
/// `tiprulec explain` cannot drift apart. `tiprulec explain --markdown` prints it; a test fails
/// when the page holds anything else.
public enum DiagnosticReference {
    /// The heading that starts the generated part of the page.
    public static let firstHeading = "## Index"

    /// The index and the entries, grouped by range, in code order; each entry under the anchor
    /// the language server's links land on (`#TR0201`).
    public static func markdown() -> String {
        let codes = DiagnosticCode.allCases.sorted { $0.code < $1.code }
        var lines = [firstHeading, "", "| code | severity | summary |", "|---|---|---|"]
        for code in codes {
            lines.append("| [\(code.code)](#\(code.code)) | \(code.defaultSeverity.rawValue) | \(DiagnosticExplanations.summary(code)) |")
        }
        lines += ["", "## The codes", "", "Each entry below is what `tiprulec explain CODE` prints."]
        var range = ""
        for code in codes {
            let prefix = String(code.code.prefix(4))
            if prefix != range {
                range = prefix
                lines += ["", "### \(rangeNames[prefix] ?? "Other") (\(prefix)xx)"]
            }
            // Fenced as Swift, which every Markdown renderer highlights and `.tiprules` reads like.
            let entry = DiagnosticExplanations.explanation(of: code, sourceLanguage: "swift")
            lines += ["", "<a id=\"\(code.code)\"></a>", "#### " + entry]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The name of each range of codes.
    private static let rangeNames = [
        "TR00": "Lexical", "TR01": "Syntax", "TR02": "Types", "TR03": "Names and declarations",
        "TR04": "Options and configuration", "TR05": "First-beta spellings", "TR06": "Limits", "TR07": "Lint",
        "TR08": "Import", "TR09": "Bytecode output",
    ]
}
