import TipRulesRuntime
import TipRulesToolingCore

/// Reads a timeline (`docs/simulate.md`) for a program, with the fixture decoder's JSON-path
/// messages.
public enum TimelineDecoder {
    private static let topLevelKeys = ["start", "state", "steps"]
    private static let actionKeys = ["donate", "setParameters", "session", "launch", "observe", "update"]
    private static let stepKeys = ["at", "every", "times", "fields"] + actionKeys
    /// At most this many step occurrences in all, so a timeline cannot make the simulator run forever.
    public static let maximumOccurrences = 100_000
    /// At most this many `update` steps, each a program to load.
    public static let maximumUpdates = 100

    /// Loads the program an `update` step names (the path as written); errors are said of the step.
    public typealias ProgramSource = (String) throws(FixtureError) -> Program

    /// The timeline in a JSON document. `load` reads the programs of `update` steps; without
    /// it, a timeline with an update is an error. Each step is decoded for the program it runs
    /// under, so a donation of an event an update removed is an error naming the step.
    public static func decode(_ json: JSONValue, for program: Program,
                              loadingUpdates load: ProgramSource? = nil) throws(FixtureError) -> Timeline {
        guard let members = json.objectValue else { throw FixtureError(path: "", "expected an object") }
        if let unknown = members.keys.first(where: { !topLevelKeys.contains($0) }) {
            throw FixtureError(path: unknown, "unknown key (a timeline has \(topLevelKeys.joined(separator: ", ")))")
        }
        let state = try members["state"].map { value throws(FixtureError) in try FixtureDecoder.decode(value, for: program) }
            ?? Fixture()
        guard let stepValues = members["steps"]?.arrayValue else { throw FixtureError(path: "steps", "expected an array of steps") }
        var timings: [(members: JSONObject, timing: StepTiming)] = []
        var epochs = TimelineEpochs(initial: program)
        var total = 0
        for (index, value) in stepValues.enumerated() {
            let path = "steps[\(index)]"
            guard let stepMembers = value.objectValue else { throw FixtureError(path: path, "expected an object") }
            let timing = try decodeTiming(stepMembers, at: path)
            total += timing.times
            guard total <= maximumOccurrences else {
                throw FixtureError(path: "\(path).times", "the timeline repeats steps more than \(maximumOccurrences) times in all")
            }
            if timing.action == "update" {
                guard epochs.updates.count < maximumUpdates else {
                    throw FixtureError(path: "\(path).update", "a timeline has at most \(maximumUpdates) updates")
                }
                epochs.add(at: timing.at, order: index, update: try decodeUpdate(stepMembers, timing, load: load, at: path))
            }
            timings.append((stepMembers, timing))
        }
        var steps: [TimelineStep] = []
        for (index, (stepMembers, timing)) in timings.enumerated() {
            steps += try decodeRuns(stepMembers, timing, order: index, epochs: epochs)
        }
        let first = steps.map(\.at).min() ?? state.now ?? 0
        let start = try members["start"].map { value throws(FixtureError) in try FixtureDecoder.date(value, at: "start") } ?? first
        return Timeline(state: state, start: start, steps: steps)
    }

    /// When a step runs and which action it has.
    struct StepTiming {
        var path: String
        var at: Double
        var every: Double
        var times: Int
        var action: String
    }

    private static func decodeTiming(_ members: JSONObject, at path: String) throws(FixtureError) -> StepTiming {
        if let unknown = members.keys.first(where: { !stepKeys.contains($0) }) {
            throw FixtureError(path: "\(path).\(unknown)", "unknown key (a step has \(stepKeys.joined(separator: ", ")))")
        }
        guard let atValue = members["at"] else { throw FixtureError(path: "\(path).at", "a step needs a date") }
        let at = try FixtureDecoder.date(atValue, at: "\(path).at")
        let every = try members["every"].map { value throws(FixtureError) in try duration(value, at: "\(path).every") } ?? 0
        var times = 1
        if let value = members["times"] {
            guard let count = value.intValue, (1...maximumOccurrences).contains(count) else {
                throw FixtureError(path: "\(path).times", "expected an integer from 1 to \(maximumOccurrences)")
            }
            times = count
        }
        let actions = actionKeys.filter { members[$0] != nil }
        guard actions.count == 1, let action = actions.first else {
            throw FixtureError(path: path, "a step has exactly one of \(actionKeys.joined(separator: ", "))")
        }
        guard action == "donate" || members["fields"] == nil else {
            throw FixtureError(path: "\(path).fields", "only a donate step has fields")
        }
        return StepTiming(path: path, at: at, every: every, times: times, action: action)
    }

    static func decodeAction(_ key: String, _ members: JSONObject, program: Program,
                                      at path: String) throws(FixtureError) -> TimelineAction {
        switch key {
        case "donate":
            // A one-donation fixture does the field checks.
            guard let name = members["donate"]?.stringValue else { throw FixtureError(path: "\(path).donate", "expected an event name") }
            var donation = members["fields"]?.objectValue ?? JSONObject()
            donation["date"] = .integer(0)
            let fixture: Fixture
            do {
                fixture = try FixtureDecoder.decode(["donations": .object(JSONObject([(name, .array([.object(donation)]))]))],
                                                    for: program)
            } catch {
                // "donations.NAME[0].FIELD: …" or "donations.NAME: no such event …", said of this step.
                let prefix = "donations.\(name)"
                let rest = error.path.hasPrefix(prefix + "[0]") ? ".fields" + error.path.dropFirst(prefix.count + 3) : ".donate"
                throw FixtureError(path: path + rest, error.message)
            }
            guard let decoded = fixture.donations.first else { throw FixtureError(path: "\(path).donate", "no donation") }
            return .donate(event: decoded.event, fields: decoded.fields)
        case "setParameters":
            guard let values = members["setParameters"] else { throw FixtureError(path: "\(path).setParameters", "expected an object") }
            do {
                return .setParameters(try FixtureDecoder.decode(["parameters": values], for: program).parameters)
            } catch {
                // "parameters.NAME: …", said of this step.
                throw FixtureError(path: "\(path).setParameters" + error.path.dropFirst("parameters".count), error.message)
            }
        case "session":
            guard let session = members["session"]?.objectValue else { throw FixtureError(path: "\(path).session", "expected an object") }
            if let unknown = session.keys.first(where: { !["onScreen", "answer"].contains($0) }) {
                throw FixtureError(path: "\(path).session.\(unknown)", "unknown key (a session has onScreen, answer)")
            }
            let onScreen = try session["onScreen"].map { value throws(FixtureError) in try duration(value, at: "\(path).session.onScreen") } ?? 0
            let written = session["answer"]?.stringValue ?? TimelineAnswer.ignored.rawValue
            guard let answer = TimelineAnswer(rawValue: written) else {
                let answers = TimelineAnswer.allCases.map(\.rawValue).joined(separator: ", ")
                throw FixtureError(path: "\(path).session.answer", "expected one of \(answers), found \"\(written)\"")
            }
            return .session(onScreen: onScreen, answer: answer)
        case "launch":
            return .launch
        case "update":
            throw FixtureError(path: "\(path).update", "an update step has no program")
        default:
            return .observe
        }
    }

    /// The longest duration a step takes (100 years), so repeated instants stay finite dates.
    private static let maximumDuration = 100 * 365 * 86_400.0

    /// Seconds, as a number or as a string: "90s", "30m", "2h", "1d", "1w".
    static func duration(_ json: JSONValue, at path: String) throws(FixtureError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        var seconds: Double?
        if let number = json.doubleValue {
            seconds = number
        } else if let text = json.stringValue, let unit = text.last.flatMap({ units[$0] }), let count = Double(text.dropLast()) {
            seconds = count * unit
        }
        guard let seconds, seconds.isFinite, seconds >= 0, seconds <= maximumDuration else {
            throw FixtureError(path: path, "expected a duration up to 100 years: seconds, or a string such as \"30m\", \"2h\", \"1d\"")
        }
        return seconds
    }
}
