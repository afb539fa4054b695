import TipRulesRuntime

/// A change set's values read within their bounds (`OperationBounds`): each refused where it is
/// read, naming what and where.
extension OperationBounds {
    static func date(_ reader: inout ByteReader, _ what: String) throws -> Double {
        let start = reader.offset
        let value = try reader.double()
        guard isDate(value) else { throw reader.malformed("\(what) outside the years 0001 to 9999", at: start) }
        return value
    }

    static func displayedTime(_ reader: inout ByteReader) throws -> Double {
        let start = reader.offset
        let value = try reader.double()
        guard isDisplayedTime(value) else { throw reader.malformed("a displayed time that is negative, not finite or over \(maximumDuration) s", at: start) }
        return value
    }

    static func displayCount(_ reader: inout ByteReader) throws -> Int {
        let start = reader.offset
        let value = try reader.unsigned()
        guard value <= maximumDisplayCount else { throw reader.malformed("a display count over \(maximumDisplayCount)", at: start) }
        return value
    }

    /// A donation's field or a parameter's value: a `Date` within the years, a `Duration` finite
    /// and within the span of the years.
    static func value(_ reader: inout ByteReader) throws -> ScalarValue {
        let start = reader.offset
        let value = try reader.taggedScalar()
        switch value {
        case .date(let date) where !isDate(date):
            throw reader.malformed("a Date value outside the years 0001 to 9999", at: start)
        case .duration(let duration) where !(duration.magnitude <= maximumDuration):
            throw reader.malformed("a Duration value that is not finite or over \(maximumDuration) s", at: start)
        default:
            return value
        }
    }
}
