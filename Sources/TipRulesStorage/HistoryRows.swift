import TipRulesJSON
import TipRulesRuntime
import TipRulesCalendar

/// A person's history as newline-delimited JSON rows, for an app's analytics pipeline and for
/// `tiprulec reach` and `tiprulec measure` (docs/reach.md, docs/measure.md): the persistent
/// parameters, every donation, each tip's state, the store's last display date and UTC offset,
/// each exposure in a holdout experiment, and each interaction with a tip (its displays, and the
/// closing or action that invalidated it, when its date is known). Every row names `user`.
///
/// ```swift
/// let rows = HistoryRows.rows(of: store.engine.store, user: accountID)   // or store.historyRows(user:)
/// upload(rows.joined(separator: "\n") + "\n")
/// ```
public enum HistoryRows {
    /// The rows of `store`, one JSON object each (without a line break), in a fixed order:
    /// parameters, donations (oldest first), tip states, the store's own values, exposures,
    /// interactions.
    public static func rows(of store: EventStore, user: String) -> [String] {
        let program = store.program
        let who = ("user", JSONValue.string(user))
        var rows: [String] = []
        for (index, parameter) in program.parameters.enumerated() where !parameter.isTransient {
            guard let value = store.parameter(index) else { continue }
            rows.append(row([who, ("parameter", .string(parameter.name)), ("value", scalar(value))]))
        }
        for (index, event) in program.events.enumerated() {
            for donation in store.donations(event: index) {
                var keys: [(String, JSONValue)] = [who, ("event", .string(event.name)), ("date", date(donation.date))]
                if !event.fields.isEmpty {
                    keys.append(("fields", .object(JSONObject(Array(zip(event.fields.map(\.name), donation.fields.map(scalar)))))))
                }
                rows.append(row(keys))
            }
        }
        for (index, tip) in program.tips.enumerated() {
            let state = store.tipState(index)
            guard state != TipState() else { continue }
            var keys: [(String, JSONValue)] = [who, ("tip", .string(tip.id)), ("displayCount", .integer(state.displayCount)),
                        ("displayDuration", number(state.displayDuration))]
            if let reason = state.invalidation { keys.append(("invalidated", .string(reason.rawValue))) }
            if !state.displayDates.isEmpty { keys.append(("displays", .array(state.displayDates.map(date)))) }
            rows.append(row(keys))
        }
        if let last = store.lastDisplayDate { rows.append(row([who, ("lastDisplayDate", date(last))])) }
        if store.utcOffset != 0 { rows.append(row([who, ("utcOffset", .integer(store.utcOffset))])) }
        for exposure in store.exposures {
            rows.append(row([who, ("exposure", .string(exposure.tip)), ("group", .string(exposure.group)),
                             ("percent", .integer(exposure.percent)), ("arm", .string(exposure.arm.rawValue)),
                             ("date", date(exposure.date))]))
        }
        for (index, tip) in program.tips.enumerated() {
            let state = store.tipState(index)
            for date in state.displayDates {
                rows.append(row([who, ("interaction", .string(tip.id)), ("kind", .string("display")), ("date", self.date(date))]))
            }
            if let reason = state.invalidation, reason == .actionPerformed || reason == .tipClosed, let date = state.invalidationDate {
                rows.append(row([who, ("interaction", .string(tip.id)), ("kind", .string(reason.rawValue)), ("date", self.date(date))]))
            }
        }
        return rows
    }

    /// A row's JSON: its keys in order.
    private static func row(_ keys: [(String, JSONValue)]) -> String {
        JSONWriter.string(from: .object(JSONObject(keys)))
    }

    /// A value as a row holds it: a date as a date row does (`date(_:)`).
    private static func scalar(_ value: ScalarValue) -> JSONValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .integer(number)
        case .double(let number), .duration(let number): return self.number(number)
        case .string(let text): return .string(text)
        case .date(let seconds): return date(seconds)
        }
    }

    /// RFC 3339 in UTC when that reads back to exactly `seconds`, else the number of seconds.
    private static func date(_ seconds: Double) -> JSONValue {
        if let text = RFC3339.format(seconds), (try? RFC3339.parse(text)) == seconds { return .string(text) }
        return number(seconds)
    }

    /// A whole number as an integer (`60`), another as a number; not finite as null.
    private static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if let whole = Int(exactly: value) { return .integer(whole) }
        return .number(value)
    }
}

extension TipStore {
    /// The folder's history as rows (`HistoryRows.rows(of:user:)`).
    public func historyRows(user: String) -> [String] {
        HistoryRows.rows(of: engine.store, user: user)
    }
}
