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
        if let usual = usualValue(value, of: type, text: text) { return usual.scalar(in: text) }
        return try FixtureDecoder.scalar(value.json(in: text), of: type, at: path())
    }

    /// A value of the usual kind for `type` as `scalar(_:of:at:text:)` reads it, a string still its
    /// bytes' range; nil for anything else (which only the decoder reads, or refuses).
    @inline(__always)
    static func usualValue(_ value: RowValue, of type: ScalarKind, text: UnsafeBufferPointer<UInt8>) -> UsualValue? {
        // The declared type first, then the value: one branch on each (a switch over the pair
        // copied both enums into a tuple and compared them case by case).
        switch type {
        case .int: if case .integer(let number) = value { return .int(number) }
        case .double:
            if case .integer(let number) = value { return .double(Double(number)) }
            if case .number(let number) = value { return .double(number) }
        case .bool: if case .bool(let flag) = value { return .bool(flag) }
        case .string: if case .string(let range) = value { return .string(range) }
        case .date: return usualDate(value, text: text).map(UsualValue.date)
        case .duration, .version: break
        }
        return nil
    }

    /// A date: an RFC 3339 string or seconds since 1970.
    @inline(__always)
    static func date(_ value: RowValue, at path: @autoclosure () -> String, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Double {
        if let date = usualDate(value, text: text) { return date }
        return try FixtureDecoder.date(value.json(in: text), at: path())
    }

    /// A date written as `date(_:at:text:)` reads it without the decoder: seconds since 1970 in the
    /// years 0001 to 9999 (whole, or with a fraction as DuckDB's `epoch` writes them), or an RFC
    /// 3339 string; nil for anything else.
    @inline(__always)
    static func usualDate(_ value: RowValue, text: UnsafeBufferPointer<UInt8>) -> Double? {
        switch value {
        case .integer(let seconds):
            let date = Double(seconds)
            return date >= RFC3339.earliest && date < RFC3339.end ? date : nil
        case .number(let seconds):
            return seconds >= RFC3339.earliest && seconds < RFC3339.end ? seconds : nil
        case .string(let range):
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            return RFC3339.parseUTCSeconds(bytes) ?? (try? RFC3339.parse(bytes))
        default:
            return nil
        }
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

/// A value of a declared type read from a row (`RowValues.usualValue`), its string still the
/// range of its bytes in the row's text: nothing in it is reference-counted.
enum UsualValue {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Double)
    case string(Range<Int>)

    /// The value, a string made of its bytes in `text`.
    @inline(__always)
    func scalar(in text: UnsafeBufferPointer<UInt8>) -> ScalarValue {
        switch self {
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .date(let date): .date(date)
        case .string(let range): .string(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self))
        }
    }

    /// The value's slot bits in a batch of donations (`DonationBatch`), a string made of its bytes
    /// in `text` and kept by `strings`, the batch.
    @inline(__always)
    func bits(in text: UnsafeBufferPointer<UInt8>, strings: DonationBatch) -> UInt64 {
        switch self {
        case .int(let number): SlotEncoding.bits(number)
        case .double(let number), .date(let number): SlotEncoding.bits(number)
        case .bool(let flag): SlotEncoding.bits(flag)
        case .string(let range): strings.string(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self))
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
