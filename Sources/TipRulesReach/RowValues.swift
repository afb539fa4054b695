import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesCalendar

/// The values of a row, read with the fixture decoder's meaning (`FixtureDecoder.scalar`, `.date`):
/// the usual values straight from the row's text (`text`: the line, or the decoded text of a row
/// the full parser read); anything else, and every error, through the decoder, for its message.
enum RowValues {
    /// A value of a parameter's or field's declared type.
    @inline(__always)
    static func scalar(_ value: RowValue, of type: ScalarKind, at path: @autoclosure () -> String,
                       text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> ScalarValue {
        switch (type, value) {
        case (.int, .integer(let number)): return .int(number)
        case (.double, .integer(let number)): return .double(Double(number))
        case (.double, .number(let number)): return .double(number)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.string, .string(let range)): return .string(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self))
        case (.date, _): return .date(try date(value, at: path(), text: text))
        default: return try FixtureDecoder.scalar(value.json(in: text), of: type, at: path())
        }
    }

    /// A date: an RFC 3339 string or seconds since 1970.
    @inline(__always)
    static func date(_ value: RowValue, at path: @autoclosure () -> String, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Double {
        switch value {
        case .integer(let seconds):
            let date = Double(seconds)
            if date >= RFC3339.earliest && date < RFC3339.end { return date }
        case .string(let range):
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            if let seconds = RFC3339.parseUTCSeconds(bytes) ?? (try? RFC3339.parse(bytes)) { return seconds }
        default:
            break
        }
        return try FixtureDecoder.date(value.json(in: text), at: path())
    }

    /// A name written as a string (a tip's, an event's), or what was found instead.
    static func name(_ value: RowValue, key: RowKey, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> String {
        guard case .string(let range) = value else {
            throw FixtureError(path: key.name, "expected a name, found \(FixtureDecoder.describe(value.json(in: text)))")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// One of `Choice`'s raw values, written as a string; what `what` (a row's kind) needs when missing.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ value: RowValue?, key: RowKey, what: String,
                                                                 text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Choice
    where Choice.RawValue == String {
        guard let value else { throw FixtureError(path: "", "\(what) needs '\(key.name)'") }
        if case .string(let range) = value {
            // The bytes compared with each raw value's, without making a string of them.
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            for choice in Choice.allCases where spelled(choice.rawValue, by: bytes) { return choice }
        }
        let choices = Choice.allCases.map { "\"\($0.rawValue)\"" }
        let listed = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
        throw FixtureError(path: key.name, "expected \(listed), found \(FixtureDecoder.describe(value.json(in: text)))")
    }

    /// Whether `bytes` are the UTF-8 of `name`.
    private static func spelled(_ name: String, by bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = name
        return name.withUTF8 { utf8 in
            SameBytes.equal(utf8, bytes)
        }
    }

    /// Throws when `date` is after `now`, saying why it cannot be (`reason`).
    static func checkNotAfter(_ now: Double, _ date: Double, at path: String, what reason: String) throws(FixtureError) {
        guard date > now else { return }
        throw FixtureError(path: path, "\(ValueFormatting.date(date)) is after now (\(ValueFormatting.date(now))): \(reason)")
    }

    /// Decodes a one-entry fixture with the fixture decoder; an error's path loses `pathPrefix`
    /// (`tips.T.displayCount` is `displayCount` in a row).
    static func decodeFixture(_ json: JSONValue, program: Program, pathPrefix: String) throws(FixtureError) -> Fixture {
        do {
            return try FixtureDecoder.decode(json, for: program)
        } catch {
            let path = error.path.hasPrefix(pathPrefix) ? String(error.path.dropFirst(pathPrefix.count)) : error.path
            throw FixtureError(path: path, error.message)
        }
    }
}

extension RowValue {
    /// The value as the JSON parser would have read it, from the row's text.
    func json(in text: UnsafeBufferPointer<UInt8>) -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let range): return .string(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self))
        case .composite(let range): return (try? JSONParser().parse(Array(text[range]))) ?? .null
        }
    }
}
