import TipRulesRuntime
import TipRulesToolingCore
import TipRulesStateFolders

/// `tiprulec simulate PROGRAM --timeline T.json [--format text|json|svg] [--state S.json|DIR] [--save-state OUT.json]`,
/// and a rehearsal, `--population N --scenario S.json --rows OUT` (`RehearsalCommand`).
package enum SimulateCommand {
    package static let usage = """
    usage: tiprulec simulate PROGRAM --timeline TIMELINE.json [--format text|json|svg]
                             [--state STATE.json|DIR] [--save-state OUT.json] [--max-steps N]
           tiprulec simulate PROGRAM --population N --scenario SCENARIO.json --rows OUT [--seed S]

    Runs a person's timeline (a starting state and time-stamped donations, parameter
    changes, app sessions and rules updates; see docs/simulate.md) through the engine an app uses,
    and prints when each tip becomes available, displays, is held back or
    invalidated, and why. text: the log, then each widget's relevance as a chart;
    json: every step with its changes, and the final state as a fixture; svg: a chart
    of each widget's relevance and each tip's status over time, with what changed and why.
    --state starts from a saved state (a fixture, or an app's state folder, carried over
    to PROGRAM by name) instead of the timeline's own; --save-state writes the final state as
    a fixture (atomically), which `eval`, `migrate` and a later `--state` read.
    --max-steps N bounds the work of the whole run (default 2147483648 steps of
    evaluation); a run that needs more stops with exit status 2.
    A rehearsal (--population) runs N people through the same engine, each with a timeline
    drawn from the scenario as they go (event, session and launch rates per day, when people
    start, the tip's true effect on a goal's rate in treatment after the exposure), and writes
    their rows, as `state rows` exports them, to OUT (a report of the arms on standard output).
    The same --seed (default the scenario's) gives the same rows.
    Exit status: 0 simulated, 1 the program (or an update's program) has errors,
    2 usage or malformed input.
    """

    package static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        if arguments.contains(where: { argument in RehearsalCommand.options.contains { argument == $0 || argument.hasPrefix($0 + "=") } }) {
            return try RehearsalCommand.run(arguments, environment: environment)
        }
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--timeline", "--format", "--state", "--save-state", RunBudget.option],
                                               flags: []).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("simulate takes one program\n" + usage)
        }
        guard let timelinePath = parsed.options["--timeline"] else {
            return .failure("simulate needs --timeline TIMELINE.json\n" + usage)
        }
        let format = try parsed.format(allowed: ["text", "json", "svg"]).orFailure()
        var meter = RunWorkMeter(try RunBudget.parse(parsed).orFailure())
        let loaded = try ProgramLoader.load(path, environment: environment).get()
        var warnings = ""
        let log = try simulate(timelinePath, program: loaded.program, startingFrom: parsed.options["--state"],
                               environment: environment, meter: &meter, warnings: &warnings).get()
        if let output = parsed.options["--save-state"] {
            guard !output.isEmpty, ![path, timelinePath, parsed.options["--state"]].contains(output) else {
                return .failure("--save-state needs a file that is not an input, e.g. --save-state state.json")
            }
            let now = log.entries.last?.at
            let state = JSONWriter.string(from: FixtureEncoder.encode(log.finalStore, now: now), style: .pretty) + "\n"
            if let error = AtomicFileWriter.write(Array(state.utf8), to: output) { return .failure(error.message) }
        }
        var result = render(log, format: format, program: fileName(path), timeline: fileName(timelinePath))
        result.standardError = warnings + result.standardError
        return result
    }

    /// The log in `format`; the chart's title names the program and timeline files.
    private static func render(_ log: SimulationLog, format: String, program: String, timeline: String) -> CommandResult {
        switch format {
        case "json":
            return CommandResult(standardOutput: JSONWriter.string(from: SimulationJSONRenderer.document(for: log), style: .pretty) + "\n")
        case "svg":
            return CommandResult(standardOutput: SimulationChart.svg(of: log, program: program, timeline: timeline))
        default:
            return CommandResult(standardOutput: SimulationTextRenderer().render(log))
        }
    }

    /// "backyard.tiprules" of "examples/backyard.tiprules".
    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Reads the timeline at `path` and runs it, from the saved state at `statePath` (a fixture or
    /// a state folder, whose warnings are added to `warnings`) when one is given; errors name the
    /// file (and an update program with errors prints its diagnostics, exit status 1); the run's
    /// work is charged to `meter` (exit status 2 once its budget is spent).
    static func simulate(_ path: String, program: Program, startingFrom statePath: String? = nil,
                         environment: CommandEnvironment, meter: inout RunWorkMeter,
                         warnings: inout String) -> Result<SimulationLog, CommandResultError> {
        let json: JSONValue
        switch JSONFile.read(path) {
        case .success(let value): json = value
        case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
        }
        let updates = TimelineProgramLoader(timelinePath: path, environment: environment)
        do {
            var timeline = try TimelineDecoder.decode(json, for: program, loadingUpdates: updates.load)
            if let statePath, StateFolderLoader.isFolder(statePath) {
                switch StateFolderLoader.carried(statePath, to: program) {
                case .success(let state):
                    warnings += state.warnings
                    timeline.state = try FixtureDecoder.decode(FixtureEncoder.encode(state.store), for: program)
                case .failure(let failure): return .failure(failure)
                }
            } else if let statePath {
                switch FileAccess.read(statePath, as: .fixture, environment: CommandEnvironment()) {
                case .success(let bytes):
                    do { timeline.state = try FixtureDecoder.decode(bytes, for: program) } catch {
                        return .failure(CommandResultError(.failure("\(statePath): \(error)")))
                    }
                case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
                }
            }
            if let first = timeline.occurrences.first { try timeline.state.validate(at: first.at) }
            return .success(try Simulator.run(timeline, program: program, meter: &meter))
        } catch let error as CommandError {
            return .failure(CommandResultError(.failure("\(path): \(error.message)")))
        } catch {
            guard let diagnostics = updates.diagnostics else { return .failure(CommandResultError(.failure("\(path): \(error)"))) }
            return .failure(CommandResultError(CommandResult(status: ExitStatus.programErrors,
                                                             standardError: "error: \(path): \(error)\n" + diagnostics)))
        }
    }
}
