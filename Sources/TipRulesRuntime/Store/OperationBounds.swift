import TipRulesCalendar

/// The bounds of every value an operation carries, checked as a change set is read
/// (`OperationBounds+Reading.swift` in TipRulesState), so that nothing applied
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
}
