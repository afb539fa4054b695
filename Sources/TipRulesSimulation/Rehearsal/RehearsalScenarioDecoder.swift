import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// Reads a rehearsal's scenario (docs/simulate.md, "Rehearsals") for a program; every error names
/// its JSON path, as a timeline's do.
public enum RehearsalScenarioDecoder {
    private static let topLevelKeys = ["arrivals", "until", "id", "idPrefix", "parameters", "events", "sessions", "launches",
                                       "effect", "seed"]
    /// A person's expected steps at most (a timeline's limit), so that no scenario runs without end.
    public static let maximumStepsPerPerson = Double(TimelineDecoder.maximumOccurrences)

    public static func decode(_ json: JSONValue, for program: Program) throws(FixtureError) -> RehearsalScenario {
        let members = try object(json, at: "")
        try checkKeys(members, topLevelKeys, at: "", kind: "a scenario")
        let arrivalMembers = try object(members["arrivals"], at: "arrivals")
        try checkKeys(arrivalMembers, ["from", "to"], at: "arrivals", kind: "arrivals")
        let from = try date(arrivalMembers["from"], at: "arrivals.from")
        let to = try date(arrivalMembers["to"], at: "arrivals.to")
        guard from <= to else { throw FixtureError(path: "arrivals.to", "people must start no earlier than arrivals.from") }
        let until = try date(members["until"], at: "until")
        guard until >= to else { throw FixtureError(path: "until", "the timelines must end no earlier than the last arrival (arrivals.to)") }
        let idParameter = try identifier(members["id"], program: program)
        var idPrefix = "user-"
        if let value = members["idPrefix"] {
            guard let text = value.stringValue else { throw FixtureError(path: "idPrefix", "expected a string") }
            idPrefix = text
        }
        var parameters: [(index: Int, value: ScalarValue)] = []
        if let values = members["parameters"] {
            parameters = try FixtureDecoder.decode(["parameters": values], for: program).parameters
        }
        var activities: [RehearsalScenario.Activity] = []
        var goals: [String: Int] = [:]
        for (name, value) in try object(members["events"], at: "events").entries {
            let path = "events.\(name)"
            guard program.eventIndex(named: name) != nil else {
                throw FixtureError(path: path, "no such event in the program" + hint(name, program.events.map(\.name)))
            }
            let event = try object(value, at: path)
            try checkKeys(event, ["perDay", "fields"], at: path, kind: "an event")
            var step = JSONObject([("donate", .string(name))])
            if let fields = event["fields"] { step["fields"] = fields }
            guard case .donate(let index, let fields) = try TimelineDecoder.decodeAction("donate", step, program: program, at: path) else {
                throw FixtureError(path: path, "expected a donation")
            }
            goals[name] = activities.count
            activities.append(.init(perDay: try rate(event["perDay"], at: "\(path).perDay"), kind: .donate(event: index, fields: fields)))
        }
        if let value = members["sessions"] { activities.append(try session(value)) }
        if let value = members["launches"] {
            let launches = try object(value, at: "launches")
            try checkKeys(launches, ["perDay"], at: "launches", kind: "launches")
            activities.append(.init(perDay: try rate(launches["perDay"], at: "launches.perDay"), kind: .launch))
        }
        let effect = try members["effect"].map { value throws(FixtureError) in try decodeEffect(value, program: program, goals: goals) }
        var seed: UInt64 = 1
        if let value = members["seed"] {
            guard let number = value.intValue, number >= 0 else { throw FixtureError(path: "seed", "expected a whole number of at least 0") }
            seed = UInt64(number)
        }
        let scenario = RehearsalScenario(arrivals: from...to, until: until, idParameter: idParameter, idPrefix: idPrefix,
                                         parameters: parameters, activities: activities, effect: effect, seed: seed)
        let steps = expectedSteps(scenario)
        guard steps <= maximumStepsPerPerson else {
            let about = steps < 1e15 ? "about \(Int(steps))" : "more than 10^15"
            throw FixtureError(path: "events", "a person would take \(about) steps from the first arrival to until; "
                               + "at most \(Int(maximumStepsPerPerson)): lower the rates or shorten the span")
        }
        return scenario
    }

    /// The steps the earliest person is expected to take, with the effect in force throughout.
    static func expectedSteps(_ scenario: RehearsalScenario) -> Double {
        let days = (scenario.until - scenario.arrivals.lowerBound) / 86_400
        let perDay = scenario.activities.enumerated().reduce(0.0) { total, activity in
            let boost = scenario.effect.map { $0.activity == activity.offset ? max(1, 1 + $0.lift) : 1 } ?? 1
            return activity.element.perDay > 0 ? total + activity.element.perDay * boost : total
        }
        return perDay * days
    }

    private static func identifier(_ value: JSONValue?, program: Program) throws(FixtureError) -> Int {
        guard let name = value?.stringValue else {
            throw FixtureError(path: "id", "expected the name of the String parameter the person's ID is set to")
        }
        guard let index = program.parameterIndex(named: name) else {
            throw FixtureError(path: "id", "no such parameter in the program" + hint(name, program.parameters.map(\.name)))
        }
        guard program.parameters[index].type == .string else {
            throw FixtureError(path: "id", "'\(name)' is a \(program.parameters[index].type), not a String")
        }
        return index
    }

    private static func session(_ value: JSONValue) throws(FixtureError) -> RehearsalScenario.Activity {
        let members = try object(value, at: "sessions")
        try checkKeys(members, ["perDay", "onScreen", "answers"], at: "sessions", kind: "sessions")
        let onScreen = try members["onScreen"].map { value throws(FixtureError) in
            try TimelineDecoder.duration(value, at: "sessions.onScreen")
        } ?? 0
        var closed = 0.0, performed = 0.0
        if let value = members["answers"] {
            let answers = try object(value, at: "sessions.answers")
            try checkKeys(answers, ["closed", "performedAction"], at: "sessions.answers", kind: "answers")
            closed = try probability(answers["closed"], at: "sessions.answers.closed")
            performed = try probability(answers["performedAction"], at: "sessions.answers.performedAction")
            guard closed + performed <= 1 else {
                throw FixtureError(path: "sessions.answers", "the chances of closing and of performing the action add up to more than 1")
            }
        }
        return .init(perDay: try rate(members["perDay"], at: "sessions.perDay"),
                     kind: .session(onScreen: onScreen, closed: closed, performedAction: performed))
    }

    private static func decodeEffect(_ value: JSONValue, program: Program, goals: [String: Int]) throws(FixtureError) -> RehearsalScenario.Effect {
        let members = try object(value, at: "effect")
        try checkKeys(members, ["tip", "goal", "lift", "lasts"], at: "effect", kind: "an effect")
        guard let tipName = members["tip"]?.stringValue else { throw FixtureError(path: "effect.tip", "expected a tip's name or id") }
        guard let tip = program.tipIndex(named: tipName) else {
            throw FixtureError(path: "effect.tip", "no such tip in the program" + hint(tipName, program.tips.map(\.name)))
        }
        guard program.tips[tip].holdout != nil else {
            throw FixtureError(path: "effect.tip", "\(tipName) declares no holdout: the effect applies in treatment after the exposure")
        }
        guard let goal = members["goal"]?.stringValue else { throw FixtureError(path: "effect.goal", "expected an event's name") }
        guard let activity = goals[goal] else {
            throw FixtureError(path: "effect.goal", "'\(goal)' is not one of the scenario's events; give its rate under events")
        }
        guard let lift = members["lift"]?.doubleValue, lift.isFinite, lift > -1 else {
            throw FixtureError(path: "effect.lift", "expected the relative change of the goal's rate, a number above -1 (0.2 for +20%)")
        }
        let lasts = try members["lasts"].map { value throws(FixtureError) in try TimelineDecoder.duration(value, at: "effect.lasts") }
        return .init(tip: tip, activity: activity, lift: lift, lasts: lasts ?? .infinity)
    }

    /// " (did you mean 'X'?)" for a misspelling of one of `names`.
    private static func hint(_ name: String, _ names: [String]) -> String {
        Spelling.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func rate(_ value: JSONValue?, at path: String) throws(FixtureError) -> Double {
        guard let number = value?.doubleValue, number.isFinite, number >= 0 else {
            throw FixtureError(path: path, "expected a rate per day, a number of at least 0")
        }
        return number
    }

    private static func probability(_ value: JSONValue?, at path: String) throws(FixtureError) -> Double {
        guard let value else { return 0 }
        guard let number = value.doubleValue, number >= 0, number <= 1 else { throw FixtureError(path: path, "expected a chance from 0 to 1") }
        return number
    }

    private static func date(_ value: JSONValue?, at path: String) throws(FixtureError) -> Double {
        guard let value else { throw FixtureError(path: path, "expected a date (RFC 3339 or seconds since 1970)") }
        let seconds = try FixtureDecoder.date(value, at: path)
        guard seconds.rounded() == seconds else { throw FixtureError(path: path, "expected a whole second") }
        return seconds
    }

    private static func object(_ value: JSONValue?, at path: String) throws(FixtureError) -> JSONObject {
        guard let members = value?.objectValue else { throw FixtureError(path: path, "expected an object") }
        return members
    }

    private static func checkKeys(_ members: JSONObject, _ known: [String], at path: String, kind: String) throws(FixtureError) {
        if let unknown = members.keys.first(where: { !known.contains($0) }) {
            throw FixtureError(path: path.isEmpty ? unknown : "\(path).\(unknown)", "unknown key (\(kind) has \(known.joined(separator: ", ")))")
        }
    }
}
