import TipRulesRuntime
import TipRulesCalendar

/// Writes an event store as a fixture (`fixtures.md`), so a saved engine state is a fixture
/// that `eval` and `FixtureDecoder` read back to the same store.
public enum FixtureEncoder {
    /// The fixture of `store`, with `now` if given: every parameter except transient ones (they
    /// are not persisted, so a loaded state has their defaults), every event's donations
    /// (oldest first), the tips whose state is not the initial one, the last display date and
    /// the testing overrides that are set, the exposures. Dates are RFC 3339 when that is exact, else seconds.
    public static func encode(_ store: EventStore, now: Double? = nil) -> JSONValue {
        let program = store.program
        var fixture = JSONObject()
        if let now { fixture["now"] = date(now) }
        fixture["parameters"] = .object(JSONObject(program.parameters.indices.compactMap { index in
            guard !program.parameters[index].isTransient else { return nil }
            return store.parameter(index).map { (program.parameters[index].name, value($0)) }
        }))
        fixture["donations"] = .object(JSONObject(program.events.indices.compactMap { event in
            let donations = store.donations(event: event)
            guard !donations.isEmpty else { return nil }
            let names = program.events[event].fields.map(\.name)
            return (program.events[event].name, .array(donations.map { donation in
                .object(JSONObject([("date", date(donation.date))] + zip(names, donation.fields.map(value))))
            }))
        }))
        fixture["tips"] = .object(JSONObject(program.tips.indices.compactMap { index in
            let state = store.tipState(index)
            guard state != TipState() else { return nil }
            var entries: [(String, JSONValue)] = [
                ("displayCount", .integer(state.displayCount)),
                ("displayDuration", .number(state.displayDuration)),
                ("invalidated", state.invalidation.map { .string($0.rawValue) } ?? .null),
            ]
            if !state.displayDates.isEmpty { entries.append(("displays", .array(state.displayDates.map(date)))) }
            if let at = state.invalidationDate { entries.append(("invalidatedAt", date(at))) }
            return (program.tips[index].id, .object(JSONObject(entries)))
        }))
        if store.utcOffset != 0 { fixture["utcOffset"] = .integer(store.utcOffset) }
        if let last = store.lastDisplayDate { fixture["lastDisplayDate"] = date(last) }
        if store.testing != TestingOverrides() { fixture["testing"] = testing(store.testing) }
        if !store.exposures.isEmpty { fixture["exposures"] = .array(store.exposures.map(exposure)) }
        return .object(fixture)
    }

    /// A parameter or field value as the decoder reads it for its type.
    private static func value(_ value: ScalarValue) -> JSONValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .integer(number)
        case .double(let number), .duration(let number): return .number(number)
        case .string(let text): return .string(text)
        case .date(let seconds): return date(seconds)
        }
    }

    /// RFC 3339 in UTC when it reads back to exactly `seconds`, else the number of seconds.
    private static func date(_ seconds: Double) -> JSONValue {
        if let text = RFC3339.format(seconds), (try? RFC3339.parse(text)) == seconds { return .string(text) }
        return .number(seconds)
    }

    /// An exposure as the decoder reads it.
    public static func exposure(_ exposure: Exposure) -> JSONValue {
        .object(JSONObject([("tip", .string(exposure.tip)), ("group", .string(exposure.group)),
                            ("percent", .integer(exposure.percent)), ("arm", .string(exposure.arm.rawValue)),
                            ("date", date(exposure.date))]))
    }

    private static func testing(_ overrides: TestingOverrides) -> JSONValue {
        [
            "showAllTips": .bool(overrides.showAllTips),
            "hideAllTips": .bool(overrides.hideAllTips),
            "showTips": .array(overrides.showTips.sorted().map { .string($0) }),
            "hideTips": .array(overrides.hideTips.sorted().map { .string($0) }),
        ]
    }
}
