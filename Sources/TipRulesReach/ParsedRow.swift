import TipRulesCompiler
import TipRulesToolingCore

/// The keys a row of `tiprulec reach` and `tiprulec measure` may have (docs/reach.md, docs/measure.md), in
/// the order messages list them.
enum RowKey: Int, CaseIterable {
    case user, event, date, fields, parameter, value, tip, displayCount, displayDuration, invalidated, displays
    case lastDisplayDate, utcOffset
    case exposure, group, percent, arm, interaction, kind

    /// The key as written in a row.
    var name: String { Self.names[rawValue] }

    /// The key as written in a row, as static text (its bytes are read without a shared array).
    var spelling: StaticString {
        switch self {
        case .user: "user"
        case .event: "event"
        case .date: "date"
        case .fields: "fields"
        case .parameter: "parameter"
        case .value: "value"
        case .tip: "tip"
        case .displayCount: "displayCount"
        case .displayDuration: "displayDuration"
        case .invalidated: "invalidated"
        case .displays: "displays"
        case .lastDisplayDate: "lastDisplayDate"
        case .utcOffset: "utcOffset"
        case .exposure: "exposure"
        case .group: "group"
        case .percent: "percent"
        case .arm: "arm"
        case .interaction: "interaction"
        case .kind: "kind"
        }
    }

    static let names = allCases.map { $0.spelling.description }

    /// The keys of a tip's state row besides `tip`, as a fixture's tip takes them (and `displays`):
    /// declared together, so that each has a bit of its own in a set of them (`tipStateBit`).
    static let tipStateKeys: [RowKey] = (displayCount.rawValue...displays.rawValue).compactMap(RowKey.init(rawValue:))

    /// A tip's state key's bit in a set of them: its place among `tipStateKeys`.
    var tipStateBit: UInt8 { 1 << (rawValue &- Self.displayCount.rawValue) }
}

/// A JSON value of a row, as the row reader found it: scalars converted, a string as the range of
/// its bytes in the row's text, and an array or object where a scalar belongs as the range of its
/// JSON text (it can only be an error). Trivial: copying one costs nothing.
enum RowValue {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    /// A string: its UTF-8 bytes (escapes decoded) in the row's text.
    case string(Range<Int>)
    /// An array or an object: its JSON in the row's text.
    case composite(Range<Int>)
}

/// One row of `tiprulec reach`'s input: the value of each key it has, read from one line. Kept and
/// refilled from line to line, so reading a row allocates nothing in the usual case.
///
/// The values' ranges are in the row's text: the line itself when the byte-level reader read it
/// (`RowScanner`: no escapes, the usual case), or `decoded`, the strings the full JSON parser
/// decoded, when `fill(from:)` read it. One row is kept by each reader and lent out, never copied
/// (it cannot be): its values are written in place, with no array to check for sharing first.
package struct ParsedRow: ~Copyable {
    /// The value of each `RowKey` (by raw value), read only when `present` has the key.
    private let values: UnsafeMutablePointer<RowValue>
    /// The members of `"fields"`, in the order written, one name (a string value) and one value
    /// each; only the first `fieldCount` are the row's (the rest, up to `fieldCapacity`, is storage
    /// kept for the next rows). Values are trivial, so the storage is never deinitialized.
    private var fieldStorage: UnsafeMutablePointer<(name: RowValue, value: RowValue)>
    private var fieldCapacity = 4
    private(set) var fieldCount = 0
    /// The elements of `"displays"`: the first `displayCount` of `displayStorage`.
    private var displayStorage: [RowValue] = []
    private(set) var displayCount = 0
    /// The text of a row read by the full parser: its strings and composites, one after another.
    private(set) var decoded: [UInt8] = []

    /// The keys the row has, one bit per `RowKey` raw value (what `clear` empties and `has` reads).
    private(set) var present: UInt32 = 0

    /// An empty row, to be filled line after line.
    package init() {
        values = .allocate(capacity: RowKey.allCases.count)
        values.initialize(repeating: .null, count: RowKey.allCases.count)
        fieldStorage = .allocate(capacity: fieldCapacity)
    }

    deinit {
        values.deallocate()
        fieldStorage.deallocate()
    }

    /// The value of `key`, nil when the row does not have it.
    @inline(__always)
    subscript(key: RowKey) -> RowValue? { has(key) ? values[key.rawValue] : nil }

    /// Gives `key` the value `value` (only the readers set values).
    @inline(__always)
    mutating func set(_ key: RowKey, _ value: RowValue) {
        values[key.rawValue] = value
        present |= 1 << key.rawValue
    }

    @inline(__always)
    func has(_ key: RowKey) -> Bool { present & (1 << key.rawValue) != 0 }

    /// Marks `"fields"` or `"displays"` as given (an empty object or array is given).
    @inline(__always)
    mutating func give(_ key: RowKey) { present |= 1 << key.rawValue }

    /// Member `index` (below `fieldCount`) of `"fields"`.
    @inline(__always)
    func field(_ index: Int) -> (name: RowValue, value: RowValue) {
        precondition(index >= 0 && index < fieldCount, "no such field")
        return fieldStorage[index]
    }

    /// The elements of `"displays"`, in order.
    var displays: ArraySlice<RowValue> { displayStorage[..<displayCount] }

    @inline(__always)
    mutating func appendField(name: RowValue, value: RowValue) {
        if fieldCount == fieldCapacity { growFields() }
        (fieldStorage + fieldCount).initialize(to: (name, value))
        fieldCount += 1
    }

    /// Twice the room for fields, the first `fieldCount` moved over.
    @inline(never)
    private mutating func growFields() {
        fieldCapacity *= 2
        let storage = UnsafeMutablePointer<(name: RowValue, value: RowValue)>.allocate(capacity: fieldCapacity)
        storage.moveInitialize(from: fieldStorage, count: fieldCount)
        fieldStorage.deallocate()
        fieldStorage = storage
    }

    mutating func appendDisplay(_ value: RowValue) {
        if displayCount < displayStorage.count { displayStorage[displayCount] = value } else { displayStorage.append(value) }
        displayCount += 1
    }

    /// Empties the row for the next line, keeping its storage.
    @inline(__always)
    mutating func clear() {
        present = 0
        fieldCount = 0
        displayCount = 0
    }

    /// The row from a line the full JSON parser read (the slow path: escapes, unusual numbers, errors),
    /// or what is wrong with its shape.
    mutating func fill(from json: JSONValue) throws(FixtureError) {
        clear()
        decoded.removeAll(keepingCapacity: true)
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
                give(.fields)
                for (field, fieldValue) in fieldMembers.entries {
                    let name = append(field), value = scalar(fieldValue)
                    appendField(name: name, value: value)
                }
            case .displays:
                guard case .array(let items) = value else {
                    throw FixtureError(path: "displays", "expected an array of dates, found \(value.kindDescription)")
                }
                give(.displays)
                for item in items {
                    let value = scalar(item)
                    appendDisplay(value)
                }
            default:
                set(key, scalar(value))
            }
        }
    }

    /// A JSON value as a row value, its text appended to `decoded`.
    private mutating func scalar(_ json: JSONValue) -> RowValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let text): return append(text)
        case .array, .object:
            let start = decoded.count
            decoded.append(contentsOf: JSONWriter.string(from: json).utf8)
            return .composite(start..<decoded.count)
        }
    }

    private mutating func append(_ text: String) -> RowValue {
        let start = decoded.count
        decoded.append(contentsOf: text.utf8)
        return .string(start..<decoded.count)
    }
}
