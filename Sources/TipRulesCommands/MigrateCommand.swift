import TipRulesRuntime
import TipRulesToolingCore

/// `tiprulec migrate STATE.json --from OLD --to NEW [-o OUT.json] [--format text|json]`: a
/// saved state carried over to updated rules by name, as an app does when new rules arrive
/// (`TipEngine.update(to:)`), with what could not be carried.
enum MigrateCommand {
    static let usage = """
    usage: tiprulec migrate STATE.json --from OLD.tiprules --to NEW.tiprules [-o NEW-STATE.json] [--format text|json]

    Carries a saved state (a fixture: what `simulate --save-state` or an app writes)
    from the rules it was saved under (--from, .tiprules or .tipc) to updated rules
    (--to), by name, exactly as the engine does when an app receives new rules:
    parameter values whose type is unchanged, donations of events whose fields still
    fit, each tip's display count, time and invalidation, the last display date. It
    reports what could not be carried (a removed event, a parameter whose type
    changed, …). The new state goes to -o (written atomically) or standard output.
    text: the report on standard error (on standard output with -o); json: one
    document {"problems": […], "state": {…}} on standard output.
    Exit status: 0 migrated (problems are reported, not failures), 1 a program has
    errors, 2 usage or malformed input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--from", "--to", "--output", "--format"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let statePath = parsed.positionals.first else {
            return .failure("migrate takes one saved state\n" + usage)
        }
        guard let fromPath = parsed.options["--from"], let toPath = parsed.options["--to"] else {
            return .failure("migrate needs --from OLD.tiprules and --to NEW.tiprules\n" + usage)
        }
        let format = try parsed.format(allowed: ["text", "json"]).orFailure()
        let old = try ProgramLoader.load(fromPath, environment: environment).get().program
        let new = try ProgramLoader.load(toPath, environment: environment).get().program
        let bytes = try FileAccess.read(statePath, as: .fixture, environment: environment).orFailure()
        var engine: TipEngine
        let now: Double?
        do {
            let fixture = try FixtureDecoder.decode(bytes, for: old)
            engine = TipEngine(store: try fixture.makeStore(for: old))
            now = fixture.now
        } catch {
            return .failure("\(statePath): \(error)")
        }
        let problems = engine.update(to: new)
        let state = FixtureEncoder.encode(engine.store, now: now)
        if let output = parsed.options["--output"] {
            if let refusal = refusal(toWrite: output, inputs: [statePath, fromPath, toPath]) { return .failure(refusal) }
            if let error = AtomicFileWriter.write(Array((JSONWriter.string(from: state, style: .pretty) + "\n").utf8), to: output) {
                return .failure(error.message)
            }
        }
        if format == "json" {
            let document: JSONValue = .object(["problems": .array(problems.map { .string($0.description) }), "state": state])
            return CommandResult(standardOutput: JSONWriter.string(from: document, style: .pretty) + "\n")
        }
        let report = problems.isEmpty ? "migrated: everything was carried over\n"
            : "migrated; not carried over:\n" + problems.map { "  - \($0)\n" }.joined()
        if parsed.options["--output"] != nil { return CommandResult(standardOutput: report) }
        return CommandResult(standardOutput: JSONWriter.string(from: state, style: .pretty) + "\n", standardError: report)
    }

    /// Why the new state must not be written to `output`: no name, or one of the inputs.
    private static func refusal(toWrite output: String, inputs: [String]) -> String? {
        guard !output.isEmpty else { return "-o needs a file name, e.g. -o state.json" }
        if inputs.contains(output) { return "refusing to write the new state over the input '\(output)'; name another file" }
        return nil
    }
}
