import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// The values of a row, read with the fixture decoder's meaning (`FixtureDecoder.scalar`, `.date`):
/// only a date written as a string is read straight from the line's bytes, by the same RFC 3339
/// parser, and an unreadable one goes through the decoder for its message.
enum RowValues {
    /// A value of a parameter's or field's declared type.
    static func scalar(_ value: RowValue, of type: ScalarKind, at path: String,
                       line: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> ScalarValue {
        if type == .date { return .date(try date(value, at: path, line: line)) }
        return try FixtureDecoder.scalar(value.json(in: line), of: type, at: path)
    }

    /// A date: an RFC 3339 string or seconds since 1970.
    static func date(_ value: RowValue, at path: String, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Double {
        if case .bytes(let range) = value, let seconds = try? RFC3339.parse(UnsafeBufferPointer(rebasing: line[range])) {
            return seconds
        }
        return try FixtureDecoder.date(value.json(in: line), at: path)
    }

    /// A name written as a string (a tip's, an event's), or what was found instead.
    static func name(_ value: RowValue, key: RowKey, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> String {
        switch value {
        case .bytes(let range): return String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        case .text(let text): return text
        default: throw FixtureError(path: key.name, "expected a name, found \(FixtureDecoder.describe(value.json(in: line)))")
        }
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
    /// The value as the JSON parser would have read it.
    func json(in line: UnsafeBufferPointer<UInt8>) -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .bytes(let range): return .string(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self))
        case .text(let text): return .string(text)
        case .composite(let json): return json
        }
    }
}
