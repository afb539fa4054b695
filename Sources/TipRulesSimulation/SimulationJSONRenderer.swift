import TipRulesRuntime
import TipRulesToolingCore
import TipRulesCalendar

/// The JSON log of `tiprulec simulate --format json` (`docs/simulate.md`).
public enum SimulationJSONRenderer {
    /// Every step occurrence with its status changes and widget relevance, and the final state
    /// as a fixture.
    public static func document(for log: SimulationLog) -> JSONValue {
        let clock = SimulationClock(start: log.timeline.start)
        let steps = log.entries.map { entry -> JSONValue in
            var object = JSONObject()
            object["at"] = .string(RFC3339.format(entry.at) ?? String(entry.at))
            object["time"] = .string(clock.label(entry.at))
            object["action"] = action(entry.action, program: entry.program)
            if case .session = entry.action {
                object["shown"] = .array(entry.shown.map(JSONValue.string))
                object["presentedBy"] = .object(JSONObject(entry.shown.compactMap { tip in entry.presentedBy[tip].map { (tip, .string($0)) } }))
                if !entry.exposures.isEmpty { object["exposures"] = .array(entry.exposures.map(FixtureEncoder.exposure)) }
            }
            if case .launch = entry.action {
                object["resets"] = .object(JSONObject(entry.resets.map {
                    ($0.parameter, .string(ValueFormatting.describe($0.defaultValue)))
                }))
            }
            if case .update = entry.action {
                object["carryOverProblems"] = .array(entry.carryOverProblems.map { .string($0.description) })
            }
            object["changes"] = .array((entry.changesBefore + entry.changesAfter).map(change))
            object["widgets"] = .array(entry.widgets.map(JSONResultRenderer.widget))
            object["groups"] = .array((entry.groupChangesBefore + entry.groupChangesAfter).map { change in
                .object(["group": .string(change.group), "from": change.from.map { $0.map(JSONValue.string) ?? .null } ?? .null,
                         "to": change.to.map(JSONValue.string) ?? .null])
            })
            return .object(object)
        }
        let last = log.entries.last?.at
        return ["steps": .array(steps), "state": FixtureEncoder.encode(log.finalStore, now: last)]
    }

    private static func action(_ action: TimelineAction, program: Program) -> JSONValue {
        switch action {
        case .donate(let event, let fields):
            let info = program.events[event]
            return ["donate": .string(info.name),
                    "fields": .object(JSONObject(zip(info.fields, fields).map { ($0.name, .string(ValueFormatting.describe($1))) }))]
        case .setParameters(let values):
            return ["setParameters": .object(JSONObject(values.map {
                (program.parameters[$0.index].name, .string(ValueFormatting.describe($0.value)))
            }))]
        case .session(let onScreen, let answer):
            return ["session": ["onScreen": .number(onScreen), "answer": .string(answer.rawValue)]]
        case .launch:
            return ["launch": .bool(true)]
        case .update(let update):
            return ["update": .string(update.path)]
        case .observe:
            return ["observe": .bool(true)]
        }
    }

    private static func change(_ change: StatusChange) -> JSONValue {
        ["tip": .string(change.tip),
         "from": change.oldStatus.map { .string($0.rawValue) } ?? .null,
         "to": .string(change.newStatus.rawValue),
         "display": .bool(change.newDisplay),
         "result": JSONResultRenderer.tip(change.result)]
    }
}
