import TipRulesToolingCore
/// `tiprulec test FILE… [--format text|json|junit] [--max-steps N]`.
package enum TestCommand {
    package static let usage = """
    usage: tiprulec test FILE... [--format text|json|junit] [--max-steps N]

    Runs rule test files (see docs/testing.md): each names a program and cases, a
    fixture or a timeline with expectations about tips, rules, groups and widgets
    (a timeline case also at checkpoints: given instants during the timeline).
    Failures show expected and actual values and why. --max-steps N bounds the work
    of the whole run (default 2147483648 steps of evaluation); a run that needs more
    stops with exit status 2. Exit status: 0 every case
    passed, 1 a case failed or a program has errors, 2 usage or malformed input.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--format", RunBudget.option], flags: []).orFailure(usage: usage)
        guard !parsed.positionals.isEmpty else { return .failure("test takes one or more test files\n" + usage) }
        let format = try parsed.format(allowed: ["text", "json", "junit"]).orFailure()
        var meter = RunWorkMeter(try RunBudget.parse(parsed).orFailure())
        var outcomes: [RuleTestOutcome] = []
        for path in parsed.positionals {
            outcomes += try RuleTestRunner.run(path, environment: environment, meter: &meter)
        }
        let output: String
        switch format {
        case "json": output = JSONWriter.string(from: RuleTestReport.json(outcomes), style: .pretty) + "\n"
        case "junit": output = RuleTestReport.junit(outcomes)
        default: output = RuleTestReport.text(outcomes)
        }
        let status = outcomes.allSatisfy(\.passed) ? ExitStatus.success : ExitStatus.programErrors
        return CommandResult(status: status, standardOutput: output)
    }
}
