import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesStateFolders
import TipRulesChannelCore
import TipRulesCalendar

/// `tiprulec eval PROGRAM --fixture F.json|[PROGRAM] --state DIR [--now DATE] [--format text|json]`.
enum EvalCommand {
    static let usage = """
    usage: tiprulec eval PROGRAM --fixture FIXTURE.json [--now DATE] [--format text|json]
           tiprulec eval [PROGRAM] --state DIR [--now DATE] [--format text|json]

    Evaluates every tip, group and widget of PROGRAM (a .tiprules source or a .tipc
    file) against the store in FIXTURE, or in the state folder DIR (an app's
    TipStore folder, carried over to PROGRAM by name as a rules update does; what
    could not be carried and what the folder recovered from are warnings on
    standard error). Without PROGRAM, eval evaluates the rules in force in DIR
    (what the app runs: a channel's release, a paused tip), and names the channel
    release in force and its expiry at DATE; with PROGRAM, a warning
    says when the rules in force differ from it. DATE is RFC 3339 or seconds since
    1970; it overrides the fixture's "now" or the folder's last instant (which
    default to the current time). The text format explains, for every false rule,
    its line and the values that made it false. Exit status: 0 evaluated, 1 the
    program has errors, 2 usage or malformed input.
    """

    static func run(_ arguments: [String], environment: CommandEnvironment,
                    currentTime: () -> Double) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--fixture", "--state", "--now", "--format"],
                                               flags: []).orFailure(usage: usage)
        let fixturePath = parsed.options["--fixture"]
        let folder = parsed.options["--state"]
        guard (fixturePath == nil) != (folder == nil) else {
            let problem = fixturePath == nil ? "eval needs --fixture FIXTURE.json or --state DIR"
                : "eval takes --fixture or --state, not both"
            return .failure(problem + "\n" + usage)
        }
        guard parsed.positionals.count == 1 || (parsed.positionals.isEmpty && folder != nil) else {
            return .failure((folder == nil ? "eval takes one program\n" : "eval takes at most one program with --state\n") + usage)
        }
        let format = try parsed.format(allowed: ["text", "json"]).orFailure()
        var overrideNow: Double?
        if let written = parsed.options["--now"] {
            do {
                overrideNow = try DateArgument.parse(written)
            } catch {
                return .failure("--now: \(error)")
            }
        }
        var loaded: ProgramLoader.Loaded?
        if let path = parsed.positionals.first {
            loaded = try ProgramLoader.load(path, environment: environment).get()
        }
        let evaluated: Evaluated
        if let fixturePath, let loaded {
            let (store, now) = try fixtureStore(fixturePath, program: loaded.program, overrideNow: overrideNow, environment: environment,
                                                currentTime: currentTime)
            evaluated = Evaluated(program: loaded.program, source: loaded.source, store: store, now: now)
        } else {
            evaluated = try folderStore(folder ?? "", program: loaded, named: parsed.positionals.first ?? "", overrideNow: overrideNow,
                                        currentTime: currentTime).get()
        }
        let result = TipRulesRuntime.evaluate(evaluated.program, store: evaluated.store, now: evaluated.now)
        if format == "json" {
            var document = JSONResultRenderer.document(for: result, program: evaluated.program)
            if let channel = evaluated.channel, case .object(var root) = document {
                root["channel"] = .object(["release": .integer(channel.release), "highestSeenRelease": .integer(channel.highestSeenRelease),
                                           "expires": channel.expires.flatMap(CivilCalendar.rfc3339).map(JSONValue.string) ?? .null,
                                           "governs": .bool(channel.governs), "programInForce": .bool(channel.programInForce)])
                document = .object(root)
            }
            return CommandResult(standardOutput: JSONWriter.string(from: document, style: .pretty) + "\n", standardError: evaluated.warnings)
        }
        return CommandResult(standardOutput: evaluated.heading + TextResultRenderer(source: evaluated.source).render(result),
                             standardError: evaluated.warnings)
    }

    /// What to evaluate: a program, the store and instant, and what to say about them.
    private struct Evaluated {
        var program: Program
        var source: SourceFile?
        var store: EventStore
        var now: Double
        var warnings = ""
        /// The text format's first line, when the rules are not the ones named on the command line.
        var heading = ""
        /// What the folder's channel record says of the rules in force, when evaluating them.
        var channel: ChannelStanding?
    }

    /// The state folder's store under `loaded` (carried over to it, with a warning when the
    /// folder's rules in force differ from it), or under the folder's own rules without one.
    private static func folderStore(_ folder: String, program loaded: ProgramLoader.Loaded?, named path: String, overrideNow: Double?,
                                    currentTime: () -> Double) -> Result<Evaluated, CommandResultError> {
        StateFolderLoader.read(folder).map { state in
            let inForce = state.engine.program
            let identity = inForce.release.map { "release \($0)" } ?? "no release"
            guard let loaded else {
                // The channel release in force and its expiry, at the instant evaluated.
                let now = overrideNow ?? state.engine.clock ?? currentTime()
                let channel = (try? ChannelStanding.read(folder: folder, inForce: state.programBytes, now: now)) ?? nil
                let damage = channel?.damage.map { "warning: \(folder): \($0); the app's updater rebuilds it from the rules in force\n" }
                return Evaluated(program: inForce, source: nil, store: state.engine.store, now: now,
                                 warnings: state.recovery.map { "warning: \(folder): \($0)\n" }.joined() + (damage ?? ""),
                                 heading: "rules: in force in \(folder) (\(identity))" + (channel.map { "; " + $0.summary } ?? "") + "\n",
                                 channel: channel)
            }
            let carried = StateFolderLoader.carried(state, of: folder, to: loaded.program)
            var warnings = carried.warnings
            if !inForce.hasSameRules(as: loaded.program) {
                warnings += "warning: \(folder): the rules in force (\(identity)) are not \(path); "
                    + "evaluating \(path) (without a program, eval evaluates the rules in force)\n"
            }
            return Evaluated(program: loaded.program, source: loaded.source, store: carried.store,
                             now: overrideNow ?? carried.clock ?? currentTime(), warnings: warnings)
        }
    }

    /// The store of the fixture at `path` and the instant to evaluate at, or why not (status 2).
    private static func fixtureStore(_ path: String, program: Program, overrideNow: Double?, environment: CommandEnvironment,
                                     currentTime: () -> Double) throws(CommandResultError) -> (EventStore, Double) {
        let fixtureBytes = try FileAccess.read(path, as: .fixture, environment: environment).orFailure()
        do {
            let fixture = try FixtureDecoder.decode(fixtureBytes, for: program)
            let store = try fixture.makeStore(for: program)
            let now = overrideNow ?? fixture.now ?? currentTime()
            try fixture.validate(at: now)
            return (store, now)
        } catch {
            throw CommandResultError(.failure("\(path): \(error)"))
        }
    }
}
