import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesStateFolders

/// `tiprulec eval PROGRAM --fixture F.json|--state DIR [--now DATE] [--format text|json]`.
enum EvalCommand {
    static let usage = """
    usage: tiprulec eval PROGRAM --fixture FIXTURE.json [--now DATE] [--format text|json]
           tiprulec eval PROGRAM --state DIR [--now DATE] [--format text|json]

    Evaluates every tip, group and widget of PROGRAM (a .tiprules source or a .tipc
    file) against the store in FIXTURE, or in the state folder DIR (an app's
    TipStore folder, carried over to PROGRAM by name as a rules update does; what
    could not be carried and what the folder recovered from are warnings on
    standard error). DATE is RFC 3339 or seconds since 1970; it overrides the
    fixture's "now" or the folder's last instant (which default to the current time).
    The text format explains, for every false rule, its line and the values that
    made it false. Exit status: 0 evaluated, 1 the program has errors, 2 usage or
    malformed input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment, currentTime: () -> Double) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--fixture", "--state", "--now", "--format"], flags: []) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("eval takes one program\n" + usage)
        }
        let fixturePath = parsed.options["--fixture"]
        guard (fixturePath == nil) != (parsed.options["--state"] == nil) else {
            let problem = fixturePath == nil ? "eval needs --fixture FIXTURE.json or --state DIR"
                : "eval takes --fixture or --state, not both"
            return .failure(problem + "\n" + usage)
        }
        let format: String
        switch parsed.format(allowed: ["text", "json"]) {
        case .success(let value): format = value
        case .failure(let error): return .failure(error.message)
        }
        var overrideNow: Double?
        if let written = parsed.options["--now"] {
            do {
                overrideNow = try DateArgument.parse(written)
            } catch {
                return .failure("--now: \(error)")
            }
        }
        let loaded: ProgramLoader.Loaded
        switch ProgramLoader.load(path, environment: environment) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        let store: EventStore
        let now: Double
        var warnings = ""
        if let fixturePath {
            switch fixtureStore(fixturePath, program: loaded.program, overrideNow: overrideNow, environment: environment,
                                currentTime: currentTime) {
            case .failure(let failure): return failure.result
            case .success(let value): (store, now) = value
            }
        } else {
            let folder = parsed.options["--state", default: ""]
            switch StateFolderLoader.carried(folder, to: loaded.program) {
            case .failure(let failure): return failure.result
            case .success(let state):
                store = state.store
                now = overrideNow ?? state.clock ?? currentTime()
                warnings = state.warnings
            }
        }
        let result = TipRulesRuntime.evaluate(loaded.program, store: store, now: now)
        if format == "json" {
            return CommandResult(standardOutput: JSONWriter.string(from: JSONResultRenderer.document(for: result, program: loaded.program), style: .pretty) + "\n",
                                 standardError: warnings)
        }
        return CommandResult(standardOutput: TextResultRenderer(source: loaded.source).render(result), standardError: warnings)
    }

    /// The store of the fixture at `path` and the instant to evaluate at, or why not (status 2).
    private static func fixtureStore(_ path: String, program: Program, overrideNow: Double?, environment: CommandEnvironment,
                                     currentTime: () -> Double) -> Result<(EventStore, Double), CommandResultError> {
        let fixtureBytes: [UInt8]
        switch FileAccess.read(path, as: .fixture, environment: environment) {
        case .success(let value): fixtureBytes = value
        case .failure(let error): return .failure(CommandResultError(.failure(error.message)))
        }
        do {
            let fixture = try FixtureDecoder.decode(fixtureBytes, for: program)
            let store = try fixture.makeStore(for: program)
            let now = overrideNow ?? fixture.now ?? currentTime()
            try fixture.validate(at: now)
            return .success((store, now))
        } catch {
            return .failure(CommandResultError(.failure("\(path): \(error)")))
        }
    }
}
