import TipRulesCompiler
import TipRulesRuntime

/// `tiprulec eval PROGRAM --fixture F.json [--now DATE] [--format text|json]`.
enum EvalCommand {
    static let usage = """
    usage: tiprulec eval PROGRAM --fixture FIXTURE.json [--now DATE] [--format text|json]

    Evaluates every tip, group and widget of PROGRAM (a .tiprules source or a .tipc
    file) against the store in FIXTURE. DATE is RFC 3339 or seconds since 1970; it
    overrides the fixture's "now" (which defaults to the current time).
    The text format explains, for every false rule, its line and the values that
    made it false. Exit status: 0 evaluated, 1 the program has errors, 2 usage or
    malformed input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment, currentTime: () -> Double) -> CommandResult {
        let parsed: ParsedArguments
        switch ParsedArguments.parse(arguments, valueOptions: ["--fixture", "--now", "--format"], flags: []) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(error.message + "\n" + usage)
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            return .failure("eval takes one program\n" + usage)
        }
        guard let fixturePath = parsed.options["--fixture"] else {
            return .failure("eval needs --fixture FIXTURE.json\n" + usage)
        }
        let format: String
        switch parsed.format(allowed: ["text", "json"]) {
        case .success(let value): format = value
        case .failure(let error): return .failure(error.message)
        }
        var overrideNow: Double?
        if let written = parsed.options["--now"] {
            do {
                overrideNow = try parseDate(written)
            } catch {
                return .failure("--now: \(error)")
            }
        }
        let loaded: ProgramLoader.Loaded
        switch ProgramLoader.load(path, environment: environment) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        let fixtureBytes: [UInt8]
        switch FileAccess.read(fixturePath, as: .fixture, environment: environment) {
        case .success(let value): fixtureBytes = value
        case .failure(let error): return .failure(error.message)
        }
        let store: EventStore
        let fixture: Fixture
        do {
            fixture = try FixtureDecoder.decode(fixtureBytes, for: loaded.program)
            store = try fixture.makeStore(for: loaded.program)
        } catch {
            return .failure("\(fixturePath): \(error)")
        }
        let now = overrideNow ?? fixture.now ?? currentTime()
        do {
            try fixture.validate(at: now)
        } catch {
            return .failure("\(fixturePath): \(error)")
        }
        let result = TipRulesRuntime.evaluate(loaded.program, store: store, now: now)
        if format == "json" {
            return CommandResult(standardOutput: JSONWriter.string(from: JSONResultRenderer.document(for: result, program: loaded.program), style: .pretty) + "\n")
        }
        return CommandResult(standardOutput: TextResultRenderer(source: loaded.source).render(result))
    }

    /// An RFC 3339 date or a number of seconds since 1970, from year 1 through 9999.
    static func parseDate(_ text: String) throws(RFC3339Error) -> Double {
        if let seconds = Double(text) {
            try RFC3339.checkRange(seconds)
            return seconds
        }
        do {
            return try RFC3339.parse(text)
        } catch {
            throw RFC3339Error(message: "expected an RFC 3339 date such as 2026-11-21T09:00:00Z or seconds since 1970, "
                               + "found '\(text)' (\(error))")
        }
    }
}
