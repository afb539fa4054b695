import TipRulesCompiler
import TipRulesReach
import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec measure PROGRAM [ROWS…]` and `tiprulec measure merge PARTIAL…` (docs/measure.md).
package enum MeasureCommand {
    package static let usage = """
    usage: tiprulec measure PROGRAM [ROWS...] --tip TIP [--goal EVENT...] [--group G]
                            [--window DURATION] [--now DATE] [--correction holm|bh|none]
                            [--sequential [--sequential-tuning N]] [--cuped [--pre-window DURATION]]
                            [--engine frequentist|bayesian] [--format text|json|csv|partial|svg]
                            [--skip-invalid] [--jobs N] [--quiet]
           tiprulec measure merge PARTIAL... [--format text|json|csv|partial|svg]
           tiprulec measure plan --percent P --rate R --effect E [--power 0.8] [--alpha 0.05]
                                 [--users-per-day N] [--format text|json]

    Did the tip change what people do? Over users' exported rows (as `reach` reads them, with
    their exposure and interaction rows), compares the users exposed to TIP's experiment in the
    treatment arm with those held out: who donated EVENT (the goal) within the window after their
    first exposure (--window, default 7d: 90s, 45m, 12h, 30d), and how often. Without --goal, the goals
    are those the tip's holdout names (`holdout(…, goal: E)`, in a source program). Reports each
    arm, the relative lift and the difference, each with its own 95% interval and p-value (Welch's t
    test; Newcombe-Wilson score intervals for small arms and rare goals), a plain sentence, and
    the sample-ratio check. Further --goal options are guardrails, each reported the same way;
    --correction (default holm; bh, none) adjusts every goal's p-values together. --sequential
    reads the report with GrowthBook's sequential test, whose intervals and p-values hold however
    often it is read (--sequential-tuning, default 5000). --cuped narrows the intervals with each
    user's goal count in the --pre-window (default 14d) before the exposure (CUPED). --engine
    bayesian adds GrowthBook's chance to win and each arm's risk to each comparison. --group is the
    experiment's group (default the group of the tip's holdout; a tip without a holdout needs it);
    an exposure of the holdout's group that holds out another share than the program's is a bad
    row. --now is the instant (default now): users whose window has not ended are left out as
    immature, rows after it and rows of tips the program no longer declares are left out; held-out
    users who displayed the tip before their exposure are left out as contaminated. --format
    partial (which needs --now) prints sums that `measure merge` adds up exactly, each part of the
    rows once, with the options above; svg a chart.
    --jobs (default: the cores) reads the input in that many threads. Bad rows stop the run
    (exit 2) unless --skip-invalid.
    Exit status: 0 reported, 1 the program has errors, 2 usage or malformed input (a bad row, a
    partial of another program, experiment or options, one no run writes, or one given twice).
    measure plan answers before the experiment: how many users (and days, at N exposed a day)
    detect a relative change E of a conversion rate R with P% held out.
    """

    static let formats = ["text", "json", "csv", "partial", "svg"]
    static let defaultWindow = "7d"
    /// The longest window `--window` accepts, in seconds (about 100 years).
    static let longestWindow = 3_200_000_000
    /// The most goals one user can reach: each is a row, and a user has at most this many rows.
    static let mostGoals = RowsSetup.maximumRowsPerUser

    package static func run(_ arguments: [String], environment: CommandEnvironment,
                            currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        if arguments.first == "merge" { return try merge(Array(arguments.dropFirst()), environment: environment) }
        if arguments.first == "plan" { return try MeasurePlanCommand.run(Array(arguments.dropFirst())) }
        let valueOptions = MeasureOptions.valueOptions.union(["--tip", "--goal", "--group", "--window", "--now", "--format", "--jobs"])
        let parsed = try ParsedArguments.parse(arguments, valueOptions: valueOptions,
                                               flags: MeasureOptions.flags.union(["--skip-invalid", "--quiet"])).orFailure(usage: usage)
        guard let programPath = parsed.positionals.first else { return .failure("measure takes a program\n" + usage) }
        guard let tipName = parsed.options["--tip"] else { return .failure("measure needs --tip TIP, the tip whose experiment it measures\n" + usage) }
        let format = try parsed.format(allowed: formats).orFailure()
        let windowText = parsed.options["--window"] ?? defaultWindow
        guard let window = DurationOption.seconds(windowText) else {
            return .failure("--window takes a number and a unit (90s, 45m, 12h, 30d), not '\(windowText)'")
        }
        let now = try RowsArguments.now(parsed, format: format, currentTime: currentTime).orFailure()
        let jobs = try RowsArguments.jobs(parsed).orFailure()
        let loaded = try ProgramLoader.load(programPath, environment: environment).get()
        let program = loaded.program
        guard let tip = program.tipIndex(named: tipName) else {
            return .failure("--tip: no tip '\(tipName)' in \(programPath)" + hint(tipName, program.tips.map(\.id)))
        }
        // Without --goal, the goals the tip's holdout names (`goal:`), the primary first.
        let goalNames = parsed.repeatedOptions["--goal"] ?? loaded.goals?[tip] ?? []
        guard let goalName = goalNames.first else {
            return .failure("measure needs --goal EVENT, the event the tip should bring about (or a 'goal:' in the tip's holdout)\n" + usage)
        }
        var goals: [Int] = []
        for name in goalNames {
            guard let goal = program.events.firstIndex(where: { $0.name == name }) else {
                return .failure("--goal: no event '\(name)' in \(programPath)" + hint(name, program.events.map(\.name)))
            }
            guard !goals.contains(goal) else { return .failure("--goal: '\(name)' is given twice") }
            goals.append(goal)
        }
        let options = try MeasureOptions.parse(parsed, guardrails: Array(goalNames.dropFirst())).orFailure()
        let holdout = program.tips[tip].holdout
        guard let group = parsed.options["--group"] ?? holdout?.group else {
            return .failure("--tip: \(tipName) declares no holdout in \(programPath); name the experiment's group with --group G")
        }
        // The program's share held out checks the exposures of its own group; another group's say theirs.
        let setup = MeasureSetup(program: program, tip: tip, group: group, goals: goals, window: Double(window), now: now,
                                 percent: holdout.flatMap { $0.group == group ? $0.percent : nil },
                                 preWindow: options.cupedPreWindow.map(Double.init))
        let reading = RowsSetup(skipsInvalid: parsed.flags.contains("--skip-invalid"))
        let outcome = try RowsArguments.run(parsed, reading: reading, jobs: jobs, environment: environment,
                                            makeCounter: { MeasureCounter(setup: setup.withOwnProgram()) }).orFailure()
        let header = MeasureReportCoding.PartialHeader(version: MeasureReportCoding.partialVersion, program: ProgramDigest.of(program),
                                                       tip: tipName, group: setup.group, goal: goalName, window: setup.window, now: now,
                                                       options: options)
        var result = render(outcome.tally.sealed(), header: header, format: format)
        result.standardError = outcome.standardError
        return result
    }

    private static func hint(_ name: String, _ names: [String]) -> String {
        Spelling.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// `measure merge`: partials (files, or lines of standard input) added up.
    static func merge(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--format"], flags: []).orFailure(usage: usage)
        let format = try parsed.format(allowed: formats).orFailure()
        let merged = PartialLines.merge(parsed.positionals, environment: environment, decode: MeasureReportCoding.readPartial,
                                        version: MeasureReportCoding.partialVersion, versionOf: \.version,
                                        mismatch: { header, _, otherHeader, _ in mismatch(header, otherHeader) })
        guard let merged = try merged.orFailure() else { return .failure("measure merge: no partial report was given\n" + usage) }
        return render(merged.tally, header: merged.header, format: format)
    }

    /// What differs between two partials' headers, in words; nil when they can be merged.
    private static func mismatch(_ a: MeasureReportCoding.PartialHeader, _ b: MeasureReportCoding.PartialHeader) -> String? {
        if a.program != b.program { return "the programs differ (digests \(a.program) and \(b.program))" }
        for (name, one, other) in [("tips", a.tip, b.tip), ("groups", a.group, b.group), ("goals", a.goal, b.goal)] where one != other {
            return "the \(name) differ ('\(one)' and '\(other)')"
        }
        if a.window != b.window { return "the windows differ (\(Int(a.window)) and \(Int(b.window)) seconds)" }
        if a.now != b.now { return "the instants differ (\(ValueFormatting.date(a.now)) and \(ValueFormatting.date(b.now)))" }
        return MeasureOptions.mismatch(a.options, b.options)
    }

    private static func render(_ tally: MeasureTally, header: MeasureReportCoding.PartialHeader, format: String) -> CommandResult {
        if format == "partial" {
            return CommandResult(standardOutput: JSONWriter.string(from: MeasureReportCoding.partial(tally, header: header)) + "\n")
        }
        let report = MeasureReport(tip: header.tip, group: header.group, goal: header.goal, window: header.window, now: header.now, tally: tally,
                                   options: header.options)
        switch format {
        case "json": return CommandResult(standardOutput: JSONWriter.string(from: MeasureReportCoding.document(report), style: .pretty) + "\n")
        case "csv": return CommandResult(standardOutput: MeasureCSVRenderer.render(report))
        case "svg": return CommandResult(standardOutput: MeasureChart.render(report))
        default: return CommandResult(standardOutput: MeasureTextRenderer.render(report))
        }
    }
}
