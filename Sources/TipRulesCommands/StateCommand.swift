import TipRulesRuntime
import TipRulesStorage
import TipRulesToolingCore
import TipRulesStateFolders
import TipRulesState

/// `tiprulec state import FIXTURE.json [--program PROGRAM] -o DIR` and `tiprulec state export DIR
/// [-o FIXTURE.json]`: a person's state folder (`TipStore`) to and from a fixture, so that a
/// folder exported from a device answers "why is my tip not showing?" on a desk.
enum StateCommand {
    static let usage = """
    usage: tiprulec state import FIXTURE.json [--program PROGRAM] -o DIR
           tiprulec state export DIR [-o FIXTURE.json]
           tiprulec state merge DIR OTHER... [--now DATE]
           tiprulec state changes DIR [--since VECTOR] [-o FILE]
           tiprulec state rows DIR --user ID [-o FILE]

    import creates the state folder DIR (it must not hold a state yet) with the state
    in FIXTURE and the rules PROGRAM (a .tiprules source or a .tipc file); without
    --program, with a program of the fixture's own names, typed by its values and
    without rules. The fixture's "now" is kept as the engine's clock. export writes the state of the
    folder DIR, under the rules it keeps, as a fixture (to -o, written atomically,
    or standard output), with "now" at the last instant the engine was told of; what
    the folder recovered from (a damaged journal tail, an older snapshot) is reported
    on standard error. import then export gives back the same fixture, with its keys
    in the canonical order; export also reports the folder's install id and
    version vector on standard error. `tiprulec eval PROGRAM --state DIR` evaluates a folder.

    merge applies to the folder DIR, in place, each OTHER in turn: a state folder
    (what it holds that DIR lacks) or a change set file; each is merged whole or
    refused whole (exit 2, DIR unchanged by it). With --now (RFC 3339, or seconds
    since 1970), merge acts as a device whose clock reads DATE: what no rule can see
    any more is pruned, and a large change set's donations of it fold as it is read;
    without it, nothing is pruned. changes writes the change set a
    peer holding VECTOR lacks (all of the history without --since) to FILE, or
    lists its operations past VECTOR, one a line. VECTOR is INSTALL=COUNT pairs separated by
    commas, INSTALL an install id (32 hexadecimal digits), as export and merge
    print it. Both open DIR for writing (a folder without an install id gets one).

    rows writes the folder's history as newline-delimited JSON rows of the user ID
    (the rows of tiprulec reach, and the exposure and interaction rows of tiprulec
    measure), to -o (written atomically) or standard output.
    Exit status: 0 done, 1 the program has errors, 2 usage, malformed input, or a
    folder that cannot be read or written.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        switch arguments.first {
        case "import": return try importFixture(Array(arguments.dropFirst()), environment: environment)
        case "export": return try export(Array(arguments.dropFirst()))
        case "merge": return try StateSyncCommand.merge(Array(arguments.dropFirst()), environment: environment)
        case "changes": return try StateSyncCommand.changes(Array(arguments.dropFirst()))
        case "rows": return try rows(Array(arguments.dropFirst()))
        default: return .failure("state takes 'import', 'export', 'merge', 'changes' or 'rows'\n" + usage)
        }
    }

    private static func importFixture(_ arguments: [String], environment: CommandEnvironment) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--program", "--output"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let fixturePath = parsed.positionals.first else {
            return .failure("state import takes one fixture\n" + usage)
        }
        guard let folder = parsed.options["--output"], !folder.isEmpty else {
            return .failure("state import needs -o DIR\n" + usage)
        }
        let fixtureBytes = try FileAccess.read(fixturePath, as: .fixture, environment: environment).orFailure()
        let program: Program
        let saved: SavedState
        do {
            let json: JSONValue
            do { json = try JSONParser().parse(fixtureBytes) } catch { throw FixtureError(path: "", "not valid JSON: \(error)") }
            if let programPath = parsed.options["--program"] {
                program = try ProgramLoader.load(programPath, environment: environment).get().program
            } else {
                program = try FixtureSchema.program(of: json, name: AtomicFileWriter.split(fixturePath).name)
            }
            let fixture = try FixtureDecoder.decode(json, for: program)
            saved = SavedState(store: try fixture.makeStore(for: program), clock: fixture.now)
        } catch let failure as CommandResultError {
            throw failure
        } catch {
            return .failure("\(fixturePath): \(error)")
        }
        let programBytes = (try? program.encoded(formatVersion: program.formatVersion)) ?? program.encoded()
        do {
            _ = try TipStore.create(folder: folder, programBytes: programBytes, engine: saved.engine())
        } catch {
            return .failure("\(error)")
        }
        return CommandResult(standardOutput: "imported \(fixturePath) into the state folder \(folder)\n")
    }

    private static func export(_ arguments: [String]) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--output"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let folder = parsed.positionals.first else {
            return .failure("state export takes one state folder\n" + usage)
        }
        let state = try StateFolderLoader.read(folder).get()
        let fixture = JSONWriter.string(from: FixtureEncoder.encode(state.engine.store, now: state.engine.clock), style: .pretty) + "\n"
        let warnings = state.recovery.map { "warning: \(folder): \($0)\n" }.joined() + identity(folder, state)
        guard let output = parsed.options["--output"] else {
            return CommandResult(standardOutput: fixture, standardError: warnings)
        }
        guard !output.isEmpty else { return .failure("-o needs a file name, e.g. -o state.json") }
        if let error = AtomicFileWriter.write(Array(fixture.utf8), to: output) { return .failure(error.message) }
        return CommandResult(standardError: warnings)
    }

    /// `state rows DIR --user ID [-o FILE]`: the folder's history as rows (`HistoryRows`).
    private static func rows(_ arguments: [String]) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--output", "--user"], flags: [],
                                               shortNames: ["-o": "--output"]).orFailure(usage: usage)
        guard parsed.positionals.count == 1, let folder = parsed.positionals.first else {
            return .failure("state rows takes one state folder\n" + usage)
        }
        guard let user = parsed.options["--user"], !user.isEmpty else {
            return .failure("state rows needs --user ID, the id the rows name the person by\n" + usage)
        }
        let state = try StateFolderLoader.read(folder).get()
        let rows = HistoryRows.rows(of: state.engine.store, user: user).map { $0 + "\n" }.joined()
        let warnings = state.recovery.map { "warning: \(folder): \($0)\n" }.joined()
        guard let output = parsed.options["--output"] else {
            return CommandResult(standardOutput: rows, standardError: warnings)
        }
        guard !output.isEmpty else { return .failure("-o needs a file name, e.g. -o rows.ndjson") }
        if let error = AtomicFileWriter.write(Array(rows.utf8), to: output) { return .failure(error.message) }
        return CommandResult(standardError: warnings)
    }

    /// `note:` lines naming the folder's install id and version vector, when it has them.
    private static func identity(_ folder: String, _ state: StoredState) -> String {
        guard let install = state.installID else { return "" }
        let vector = state.history.map { $0.vector.counts.isEmpty ? "empty" : $0.vector.description } ?? "empty (not synced yet)"
        return "note: \(folder): install \(install)\nnote: \(folder): vector \(vector)\n"
    }
}
