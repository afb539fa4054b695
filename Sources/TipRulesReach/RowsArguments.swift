#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesToolingCore

/// The options `reach` and `measure` share: the instant, the threads, and reading the rows
/// named on the command line (standard input when none) with the run's messages.
package enum RowsArguments {
    /// `--now` (default: the current time); `--format partial` needs it.
    package static func now(_ parsed: ParsedArguments, format: String, currentTime: () -> Double) -> Result<Double, CommandError> {
        guard let written = parsed.options["--now"] else {
            if format == "partial" {
                return .failure(CommandError("--format partial needs --now: partials evaluated at different instants cannot be merged"))
            }
            return .success(currentTime())
        }
        do {
            return .success(try DateArgument.parse(written))
        } catch {
            return .failure(CommandError("--now: \(error)"))
        }
    }

    /// `--jobs N` (default: the machine's cores).
    package static func jobs(_ parsed: ParsedArguments) -> Result<Int, CommandError> {
        parsed.wholeNumber("--jobs", in: 1...1024).map { $0 ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
    }

    /// Reads the rows of the positionals after the program (standard input when none) with
    /// `makeCounter`'s counters, in `jobs` threads, with progress when standard error is a terminal
    /// and not `--quiet`: the tally and the warnings for standard error, or the run's error (an
    /// unreadable input, a spent budget, the first bad row without `--skip-invalid`).
    package static func run<Counter: UserCounter>(_ parsed: ParsedArguments, reading: RowsSetup, jobs: Int,
                                                  environment: CommandEnvironment,
                                                  makeCounter: @escaping @Sendable () -> Counter)
        -> Result<(tally: Counter.Tally, standardError: String), CommandError> {
        let showsProgress = environment.standardErrorIsTerminal && !parsed.flags.contains("--quiet")
        let run = RowsRun(setup: reading, inputs: parsed.positionals.count > 1 ? Array(parsed.positionals.dropFirst()) : ["-"],
                          jobs: jobs, progress: showsProgress ? ReachProgress() : nil, makeCounter: makeCounter)
        let outcome: RowsRun<Counter>.Outcome
        switch run.run() {
        case .success(let value): outcome = value
        case .failure(let error): return .failure(error)
        }
        run.progress?.finish()
        if reading.budget.isExhausted { return .failure(CommandError(reading.budget.exhaustion.message)) }
        if !reading.skipsInvalid, let first = outcome.errors.first { return .failure(CommandError(first)) }
        var standardError = outcome.errors.map { "warning: skipped \($0)\n" }.joined()
        if outcome.tally.skippedUsers > 0 {
            standardError += "warning: \(outcome.tally.skippedUsers) users skipped for bad rows"
                + (outcome.tally.skippedUsers > outcome.errors.count ? " (the first \(outcome.errors.count) above)\n" : "\n")
        }
        return .success((outcome.tally, standardError))
    }
}
