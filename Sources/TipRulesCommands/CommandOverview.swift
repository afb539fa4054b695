/// The command list of `tiprulec --help`: each command's synopses, as its own `--help` writes
/// them (a test checks that every option listed here is in that help, and that docs/cli.md
/// shows the same synopses), with a summary in one aligned column.
enum CommandOverview {
    /// Synopsis (without `tiprulec `) and what it does, in the order of docs/cli.md.
    static let entries: [(synopsis: String, summary: String)] = [
        ("check FILE... [--format text|json|sarif] [--warnings-as-errors]", "parse, type-check and lint; print diagnostics"),
        ("check --stdin [--stdin-filename NAME]", "the same for a buffer on standard input"),
        ("check --fix [--unsafe] [--only TRxxxx,...] FILE...", "apply the fix-its that keep the meaning"),
        ("explain CODE | --list | --markdown", "explain a diagnostic code; list them all"),
        ("compile FILE [-o OUT.tipc] [--bytecode-version N] [--release N]", "check, then write bytecode"),
        ("eval PROGRAM --fixture F.json|--state DIR [--now DATE] [--format text|json]", "evaluate every tip, group and widget"),
        ("reach PROGRAM [ROWS...] [--now DATE] [--baseline OLD] [--format text|json|csv|partial]",
         "who would see each tip, over many users' histories"),
        ("reach merge PARTIAL... [--format text|json|csv|partial]", "add up partial reach reports"),
        ("measure PROGRAM [ROWS...] --tip TIP [--goal EVENT...] [--window DURATION] [--sequential] [--cuped] [--engine bayesian] [--format text|json|csv|partial|svg]",
         "did a tip change what people do: its holdout against treatment, with intervals"),
        ("measure merge PARTIAL... [--format ...]", "add up partial measure reports"),
        ("measure plan --percent P --rate R --effect E [--users-per-day N]", "the users and days an experiment needs"),
        ("simulate PROGRAM --timeline T.json [--format text|json|svg] [--state STATE.json|DIR]",
         "run a person's timeline through the engine"),
        ("simulate PROGRAM --population N --scenario S.json --rows OUT [--seed S]",
         "rehearse an experiment: many people through the engine, as rows"),
        ("migrate STATE.json --from OLD --to NEW [-o OUT.json] [--format text|json]", "carry a saved state over to updated rules"),
        ("state import F.json [--program PROGRAM] -o DIR", "create a state folder from a fixture"),
        ("state export DIR [-o F.json]", "write a state folder as a fixture"),
        ("state merge DIR OTHER...", "merge other installs' folders or change sets into DIR"),
        ("state changes DIR [--since V] [-o FILE]", "the change set a peer holding version vector V lacks"),
        ("test FILE... [--format text|json|junit]", "run rule test files (cases and expectations)"),
        ("disasm PROGRAM", "print the bytecode with source lines"),
        ("emit-swift FILE [--min-ios 17|18|26] [-o OUT.swift]", "generate TipKit Swift"),
        ("import FILE.swift... [-o OUT.tiprules]", "TipKit Swift to .tiprules"),
        ("fmt FILE... [--check] | --stdin", "lay out sources in the canonical layout"),
        ("keygen -o NAME", "a key pair for signing a channel"),
        ("publish PROGRAM... --channel DIR --key KEY --release N [--stage PERCENT]", "publish a signed release to a channel folder"),
        ("channel verify DIR|URL --key PUB... [--app ID] [--format text|json]", "check a channel as a device would"),
        ("lsp [--docs-url BASE|none]", "a Language Server Protocol server on stdio"),
    ]

    /// The widest synopsis that keeps its summary on the same line.
    static let synopsisWidth = 52

    /// The overview: `usage:`, the aligned list, and where to read more.
    static var text: String {
        let column = 2 + min(synopsisWidth, entries.map(\.synopsis.count).max() ?? 0) + 2
        var lines = ["usage: tiprulec COMMAND [OPTIONS]", "", "Commands:"]
        for (synopsis, summary) in entries {
            let start = "  " + synopsis
            if start.count + 2 <= column {
                lines.append(start + String(repeating: " ", count: column - start.count) + summary)
            } else {
                lines.append(start)
                lines.append(String(repeating: " ", count: column) + summary)
            }
        }
        lines += ["", "Every command takes --help (its options and exit statuses); docs/cli.md has them all.",
                  "`tiprulec --version` prints the version."]
        return lines.joined(separator: "\n")
    }
}
