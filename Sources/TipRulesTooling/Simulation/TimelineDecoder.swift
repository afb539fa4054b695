import TipRulesRuntime

/// Reads a timeline (`docs/simulate.md`) for a program, with the fixture decoder's JSON-path
/// messages.
public enum TimelineDecoder {
    private static let topLevelKeys = ["start", "state", "steps"]
    private static let actionKeys = ["donate", "setParameters", "session", "launch", "observe"]
    private static let stepKeys = ["at", "every", "times", "fields"] + actionKeys
    /// At most this many step occurrences in all, so a timeline cannot make the simulator run forever.
    public static let maximumOccurrences = 100_000

    /// The timeline in a JSON document.
    public static func decode(_ json: JSONValue, for program: Program) throws(FixtureError) -> Timeline {
        guard let members = json.objectValue else { throw FixtureError(path: "", "expected an object") }
        if let unknown = members.keys.first(where: { !topLevelKeys.contains($0) }) {
            throw FixtureError(path: unknown, "unknown key (a timeline has \(topLevelKeys.joined(separator: ", ")))")
        }
        let state = try members["state"].map { value throws(FixtureError) in try FixtureDecoder.decode(value, for: program) }
            ?? Fixture()
        guard let stepValues = members["steps"]?.arrayValue else { throw FixtureError(path: "steps", "expected an array of steps") }
        var steps: [TimelineStep] = []
        var total = 0
        for (index, value) in stepValues.enumerated() {
            let step = try decodeStep(value, program: program, at: "steps[\(index)]")
            total += step.times
            guard total <= maximumOccurrences else {
                throw FixtureError(path: "steps[\(index)].times", "the timeline repeats steps more than \(maximumOccurrences) times in all")
            }
            steps.append(step)
        }
        let first = steps.map(\.at).min() ?? state.now ?? 0
        let start = try members["start"].map { value throws(FixtureError) in try FixtureDecoder.date(value, at: "start") } ?? first
        return Timeline(state: state, start: start, steps: steps)
    }

    private static func decodeStep(_ json: JSONValue, program: Program, at path: String) throws(FixtureError) -> TimelineStep {
        guard let members = json.objectValue else { throw FixtureError(path: path, "expected an object") }
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
        return TimelineStep(at: at, every: every, times: times,
                            action: try decodeAction(action, members, program: program, at: path))
    }

    private static func decodeAction(_ key: String, _ members: JSONObject, program: Program,
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
            return .setParameters(try FixtureDecoder.decode(["parameters": values], for: program).parameters)
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
