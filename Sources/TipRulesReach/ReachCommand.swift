import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec reach PROGRAM [ROWS…]` and `tiprulec reach merge PARTIAL…` (`docs/reach.md`).
package enum ReachCommand {
    package static let usage = """
    usage: tiprulec reach PROGRAM [ROWS...] [--now DATE] [--baseline OLD] [--user-parameter NAME]
                          [--format text|json|csv|partial] [--skip-invalid] [--jobs N] [--quiet]
                          [--max-steps N]
           tiprulec reach merge PARTIAL... [--format text|json|csv|partial]

    Counts, over users' exported histories, who would see each tip of PROGRAM (.tiprules or
    .tipc) now and which rule holds the others back. ROWS are newline-delimited JSON files of rows
    grouped by user (standard input when there are none, or for '-'); a user's rows mean what a
    fixture with the same content means. --baseline compares with the rules in the field (who gains,
    who loses a tip); --user-parameter sets a String parameter to each user's id; --format partial
    (which needs --now) prints a report that `reach merge` adds up with others. --jobs (default: the
    cores) reads the input in that many threads (standard input is first copied to a temporary file
    in $TMPDIR). Bad rows stop the run (exit 2) unless --skip-invalid.
    --max-steps N bounds the work of the whole run (default 2147483648 steps of evaluation); a run
    that needs more stops with exit status 2.
    Exit status: 0 reported, 1 a program has errors, 2 usage or malformed input (a bad row, a
    partial of another program or instant).
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment,
                            currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        if arguments.first == "merge" { return try merge(Array(arguments.dropFirst()), environment: environment) }
        let parsed = try ParsedArguments.parse(
            arguments, valueOptions: ["--now", "--baseline", "--user-parameter", "--format", "--jobs", RunBudget.option],
            flags: ["--skip-invalid", "--quiet"]).orFailure(usage: usage)
        guard let programPath = parsed.positionals.first else { return .failure("reach takes a program\n" + usage) }
        let format = try parsed.format(allowed: ["text", "json", "csv", "partial"]).orFailure()
        let now = try RowsArguments.now(parsed, format: format, currentTime: currentTime).orFailure()
        let jobs = try RowsArguments.jobs(parsed).orFailure()
        let program = try ProgramLoader.load(programPath, environment: environment).get().program
        var baseline: Program?
        if let path = parsed.options["--baseline"] {
            baseline = try ProgramLoader.load(path, environment: environment).get().program
        }
        var userParameter: (program: Int, baseline: Int?)?
        if let name = parsed.options["--user-parameter"] {
            guard let index = program.parameterIndex(named: name), program.parameters[index].type == .string else {
                return .failure("--user-parameter: '\(name)' is not a String parameter of \(programPath)")
            }
            userParameter = (index, baseline.flatMap { old in
                old.parameterIndex(named: name).flatMap { old.parameters[$0].type == .string ? $0 : nil }
            })
        }
        let budget = try RunBudget.parse(parsed).orFailure()
        let setup = ReachSetup(program: program, baseline: baseline, now: now, userParameter: userParameter)
        let reading = RowsSetup(skipsInvalid: parsed.flags.contains("--skip-invalid"), budget: budget)
        let outcome = try RowsArguments.run(parsed, reading: reading, jobs: jobs, environment: environment,
                                            makeCounter: { ReachCounter(setup: setup.withOwnPrograms()) }).orFailure()
        let header = ReachReportCoding.PartialHeader(version: ReachReportCoding.partialVersion, program: ProgramDigest.of(program),
                                                     baseline: baseline.map(ProgramDigest.of), now: now)
        var result = render(outcome.tally, header: header, format: format)
        result.standardError = outcome.standardError
        return result
    }

    /// `reach merge`: partials (files, or lines of standard input) added up.
    static func merge(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--format"], flags: []).orFailure(usage: usage)
        let format = try parsed.format(allowed: ["text", "json", "csv", "partial"]).orFailure()
        let merged = PartialLines.merge(parsed.positionals, environment: environment, decode: ReachReportCoding.readPartial,
                                        version: ReachReportCoding.partialVersion, versionOf: \.version,
                                        admit: ReachTallyShape.problem(in:), mismatch: { header, tally, otherHeader, otherTally in
            mismatch(header, otherHeader)
                ?? (ReachTallyShape(tally) == ReachTallyShape(otherTally) ? nil : "its tips, rules, groups or widgets differ")
        })
        guard let merged = try merged.orFailure() else { return .failure("reach merge: no partial report was given\n" + usage) }
        return render(merged.tally, header: merged.header, format: format)
    }

    /// What differs between two partials' headers, in words; nil when they can be merged.
    private static func mismatch(_ a: ReachReportCoding.PartialHeader, _ b: ReachReportCoding.PartialHeader) -> String? {
        if a.program != b.program { return "the programs differ (digests \(a.program) and \(b.program))" }
        if a.baseline != b.baseline {
            return "the baselines differ (\(a.baseline ?? "none") and \(b.baseline ?? "none"))"
        }
        if a.now != b.now {
            return "the instants differ (\(ValueFormatting.date(a.now)) and \(ValueFormatting.date(b.now)))"
        }
        return nil
    }

    private static func render(_ tally: ReachTally, header: ReachReportCoding.PartialHeader, format: String) -> CommandResult {
        switch format {
        case "json":
            return CommandResult(standardOutput: JSONWriter.string(from: ReachReportCoding.document(tally, now: header.now), style: .pretty) + "\n")
        case "partial":
            return CommandResult(standardOutput: JSONWriter.string(from: ReachReportCoding.partial(tally, header: header)) + "\n")
        case "csv":
            return CommandResult(standardOutput: ReachCSVRenderer.render(tally))
        default:
            return CommandResult(standardOutput: ReachTextRenderer.render(tally, now: ValueFormatting.date(header.now)))
        }
    }
}
