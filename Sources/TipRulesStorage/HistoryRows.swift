import TipRulesRuntime

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
        let who = ("user", RowValue.string(user))
        var rows: [String] = []
        for (index, parameter) in program.parameters.enumerated() where !parameter.isTransient {
            guard let value = store.parameter(index) else { continue }
            rows.append(row([who, ("parameter", .string(parameter.name)), ("value", .scalar(value))]))
        }
        for (index, event) in program.events.enumerated() {
            for donation in store.donations(event: index) {
                var keys = [who, ("event", .string(event.name)), ("date", .date(donation.date))]
                if !event.fields.isEmpty {
                    keys.append(("fields", .object(zip(event.fields.map(\.name), donation.fields.map(RowValue.scalar)).map { ($0, $1) })))
                }
                rows.append(row(keys))
            }
        }
        for (index, tip) in program.tips.enumerated() {
            let state = store.tipState(index)
            guard state != TipState() else { continue }
            var keys = [who, ("tip", .string(tip.id)), ("displayCount", .integer(state.displayCount)),
                        ("displayDuration", .number(state.displayDuration))]
            if let reason = state.invalidation { keys.append(("invalidated", .string(reason.rawValue))) }
            if !state.displayDates.isEmpty { keys.append(("displays", .array(state.displayDates.map(RowValue.date)))) }
            rows.append(row(keys))
        }
        if let last = store.lastDisplayDate { rows.append(row([who, ("lastDisplayDate", .date(last))])) }
        if store.utcOffset != 0 { rows.append(row([who, ("utcOffset", .integer(store.utcOffset))])) }
        for exposure in store.exposures {
            rows.append(row([who, ("exposure", .string(exposure.tip)), ("group", .string(exposure.group)),
                             ("percent", .integer(exposure.percent)), ("arm", .string(exposure.arm.rawValue)),
                             ("date", .date(exposure.date))]))
        }
        for (index, tip) in program.tips.enumerated() {
            let state = store.tipState(index)
            for date in state.displayDates {
                rows.append(row([who, ("interaction", .string(tip.id)), ("kind", .string("display")), ("date", .date(date))]))
            }
            if let reason = state.invalidation, reason == .actionPerformed || reason == .tipClosed, let date = state.invalidationDate {
                rows.append(row([who, ("interaction", .string(tip.id)), ("kind", .string(reason.rawValue)), ("date", .date(date))]))
            }
        }
        return rows
    }

    /// A row's JSON: its keys in order.
    private static func row(_ keys: [(String, RowValue)]) -> String {
        RowValue.object(keys).json
    }
}

extension TipStore {
    /// The folder's history as rows (`HistoryRows.rows(of:user:)`).
    public func historyRows(user: String) -> [String] {
        HistoryRows.rows(of: engine.store, user: user)
    }
}

/// A JSON value of a row, written without a library: strings escaped as JSON requires, dates
/// as RFC 3339 in UTC when that reads back exactly (else seconds), numbers as Swift writes them.
private indirect enum RowValue {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case date(Double)
    case array([RowValue])
    case object([(String, RowValue)])

    static func scalar(_ value: ScalarValue) -> RowValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .integer(number)
        case .double(let number), .duration(let number): return .number(number)
        case .string(let text): return .string(text)
        case .date(let seconds): return .date(seconds)
        }
    }

    var json: String {
        switch self {
        case .string(let text): return Self.quoted(text)
        case .integer(let number): return String(number)
        case .number(let number): return number.isFinite ? Self.number(number) : "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let seconds):
            if let text = RFC3339.format(seconds), (try? RFC3339.parse(text)) == seconds { return Self.quoted(text) }
            return RowValue.number(seconds).json
        case .array(let values): return "[" + values.map(\.json).joined(separator: ",") + "]"
        case .object(let keys): return "{" + keys.map { Self.quoted($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }

    /// A whole number without a fraction (`12`), else Swift's shortest form (`12.5`).
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
