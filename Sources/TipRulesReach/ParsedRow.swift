import TipRulesCompiler
import TipRulesToolingCore

/// The keys a row of `tiprulec reach` may have (`reach.md`), in the order messages list them.
enum RowKey: Int, CaseIterable {
    case user, event, date, fields, parameter, value, tip, displayCount, displayDuration, invalidated, displays
    case lastDisplayDate, utcOffset

    /// The key as written in a row.
    var name: String { Self.names[rawValue] }

    static let names = ["user", "event", "date", "fields", "parameter", "value", "tip", "displayCount",
                        "displayDuration", "invalidated", "displays", "lastDisplayDate", "utcOffset"]
    /// Each name's UTF-8 bytes, for matching keys without making strings.
    static let nameBytes = names.map { Array($0.utf8) }

    /// The keys of a tip's state row besides `tip`, as a fixture's tip takes them (and `displays`).
    static let tipStateKeys: [RowKey] = [.displayCount, .displayDuration, .invalidated, .displays]
}

/// A JSON value of a row, as the row reader found it: scalars converted, a string either as bytes of
/// the line (no escapes: the usual case, read without making a `String`) or decoded, and any array or
/// object where a scalar belongs as the full parser read it (it can only be an error).
enum RowValue {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    /// A string without escapes: its bytes in the line.
    case bytes(Range<Int>)
    /// A string the full JSON parser decoded.
    case text(String)
    case composite(JSONValue)
}

/// One row of `tiprulec reach`'s input: the value of each key it has, read from one line. Kept and
/// refilled from line to line, so reading a row allocates nothing in the usual case.
struct ParsedRow {
    /// The value of each `RowKey` (by raw value), nil when the row does not have it.
    var values = [RowValue?](repeating: nil, count: RowKey.allCases.count)
    /// The members of `"fields"`, in the order written: each name (a string value) and value.
    var fields: [(name: RowValue, value: RowValue)] = []
    /// The elements of `"displays"`.
    var displays: [RowValue] = []
    /// Whether `"fields"` and `"displays"` were given (an empty object or array is given).
    var hasFields = false {
        didSet { if hasFields { present |= 1 << RowKey.fields.rawValue } }
    }
    var hasDisplays = false {
        didSet { if hasDisplays { present |= 1 << RowKey.displays.rawValue } }
    }

    /// The keys the row has, one bit per `RowKey` raw value (what `clear` empties and `has` reads).
    private(set) var present: UInt32 = 0

    subscript(key: RowKey) -> RowValue? {
        get { values[key.rawValue] }
        set {
            values[key.rawValue] = newValue
            if newValue == nil { present &= ~(1 << key.rawValue) } else { present |= 1 << key.rawValue }
        }
    }

    /// Empties the row for the next line, keeping its storage.
    mutating func clear() {
        var left = present
        while left != 0 {
            values[left.trailingZeroBitCount] = nil
            left &= left - 1
        }
        present = 0
        fields.removeAll(keepingCapacity: true)
        displays.removeAll(keepingCapacity: true)
        hasFields = false
        hasDisplays = false
    }

    /// The row from a line the full JSON parser read (the slow path: escapes, unusual numbers, errors),
    /// or what is wrong with its shape.
    mutating func fill(from json: JSONValue) throws(FixtureError) {
        clear()
        guard case .object(let members) = json else {
            throw FixtureError(path: "", "expected an object, found \(json.kindDescription)")
        }
        for (name, value) in members.entries {
            guard let index = RowKey.names.firstIndex(of: name), let key = RowKey(rawValue: index) else {
                let hint = Spelling.closest(to: name, in: RowKey.names).map { " (did you mean '\($0)'?)" }
                throw FixtureError(path: name, "no such key" + (hint ?? " (expected \(RowKey.names.map { "'\($0)'" }.joined(separator: ", ")))"))
            }
            switch key {
            case .fields:
                guard case .object(let fieldMembers) = value else {
                    throw FixtureError(path: "fields", "expected an object of the event's fields, found \(value.kindDescription)")
                }
                hasFields = true
                for (field, fieldValue) in fieldMembers.entries { fields.append((.text(field), Self.scalar(fieldValue))) }
            case .displays:
                guard case .array(let items) = value else {
                    throw FixtureError(path: "displays", "expected an array of dates, found \(value.kindDescription)")
                }
                hasDisplays = true
                displays.append(contentsOf: items.map(Self.scalar))
            default:
                self[key] = Self.scalar(value)
            }
        }
    }

    /// A JSON value as a row value.
    static func scalar(_ json: JSONValue) -> RowValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let text): return .text(text)
        case .array, .object: return .composite(json)
        }
    }
}
