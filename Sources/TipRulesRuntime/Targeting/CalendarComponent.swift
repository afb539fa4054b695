import TipRulesCalendar

/// A component of a date in the local calendar: `Calendar.current.component(.C, from: DATE)`.
/// The raw values are the operand of the `component` instruction.
public enum CalendarComponent: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case year = 0, month = 1, day = 2, hour = 3, minute = 4, second = 5, weekday = 6

    /// The Swift spelling, `year` … `weekday`.
    public var description: String {
        switch self {
        case .year: return "year"
        case .month: return "month"
        case .day: return "day"
        case .hour: return "hour"
        case .minute: return "minute"
        case .second: return "second"
        case .weekday: return "weekday"
        }
    }

    /// This component of `seconds` since 1970 plus `utcOffset` seconds, in the proleptic
    /// Gregorian calendar (`weekday` 1 is Sunday … 7 Saturday); nil for a date that is not
    /// finite or lies outside the years 0000–9999.
    public func value(of seconds: Double, utcOffset: Int) -> Int? {
        let local = seconds + Double(utcOffset)
        guard local.isFinite, local >= CivilCalendar.earliestSeconds, local < CivilCalendar.endSeconds else { return nil }
        // The whole second at or before `local` (floor, without libm).
        var whole = Int(local)
        if Double(whole) > local { whole -= 1 }
        var days = whole / 86_400
        var secondOfDay = whole % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        switch self {
        case .year: return CivilCalendar.date(fromDays: days).year
        case .month: return CivilCalendar.date(fromDays: days).month
        case .day: return CivilCalendar.date(fromDays: days).day
        case .hour: return secondOfDay / 3_600
        case .minute: return secondOfDay / 60 % 60
        case .second: return secondOfDay % 60
        // 1970-01-01 was a Thursday (5).
        case .weekday: return ((days + 4) % 7 + 7) % 7 + 1
        }
    }
}

/// A UTC offset for people: `UTC+09:00`, `UTC-05:30`, `UTC`.
public enum UTCOffsetFormatting {
    public static func describe(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let magnitude = seconds.magnitude
        return "UTC" + (seconds < 0 ? "-" : "+") + CivilCalendar.padded(Int(magnitude / 3_600), 2) + ":"
            + CivilCalendar.padded(Int(magnitude / 60 % 60), 2)
    }
}
