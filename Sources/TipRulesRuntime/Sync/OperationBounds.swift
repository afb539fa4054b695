/// The bounds of every value an operation carries, checked as a change set is read, so that nothing applied
/// from one can overflow a sum, leave the years a date may name or make a folder's saved state
/// unreadable (docs/limits.md): dates (of operations, displays and `Date` values) from year 1
/// through 9999, a display's time and a `Duration` value at most the span of those years, at
/// most 2^32 displays in one operation. An engine's own operations have the same bounds
/// (`TipEngine.recordDisplay`, `EventStore.donate`), so that what one install records, every
/// other one accepts.
public enum OperationBounds {
    /// The longest displayed time one operation may carry, in seconds: the span of the years
    /// 0001 to 9999.
    public static let maximumDuration = RFC3339.end - RFC3339.earliest
    /// The most displays one operation may carry.
    public static let maximumDisplayCount = 1 << 32

    /// Whether `date` (seconds since 1970) is within the years 0001 to 9999.
    public static func isDate(_ date: Double) -> Bool {
        date >= RFC3339.earliest && date < RFC3339.end
    }

    /// Whether `duration` is a displayed time one operation may carry.
    public static func isDisplayedTime(_ duration: Double) -> Bool {
        duration >= 0 && duration <= maximumDuration
    }

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
