/// The proleptic Gregorian calendar in UTC, without Foundation: days since
/// 1970-01-01 to and from year, month and day (Howard Hinnant's algorithms), and
/// RFC 3339 formatting. Shared by the runtime's messages and the tooling's dates.
public enum CivilCalendar {
    /// 0000-01-01T00:00:00Z, the earliest instant RFC 3339 can write.
    public static let earliestSeconds: Double = -62_167_219_200
    /// 10000-01-01T00:00:00Z, just past the latest.
    public static let endSeconds: Double = 253_402_300_800

    @inlinable
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month (1–12) of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a date (years 0–9999).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Days since 1970-01-01 of a date of years 1–9999 (`month` 1–12, `day` 1–31), as
    /// `days(year:month:day:)` answers, in unsigned arithmetic: without year 0, no era is needed,
    /// and the divisions by constants are multiplications.
    @inlinable
    public static func daysOfCommonEra(year: UInt64, month: UInt64, day: UInt64) -> Int {
        // Years counted from March, so that February's leap day ends one.
        let isEarly = month <= 2
        let marchYear = isEarly ? year &- 1 : year, marchMonth = isEarly ? month &+ 9 : month &- 3
        let dayOfYear = (153 &* marchMonth &+ 2) / 5 &+ day &- 1
        return Int(truncatingIfNeeded: marchYear &* 365 &+ marchYear / 4 &- marchYear / 100 &+ marchYear / 400 &+ dayOfYear) &- 719_468
    }

    /// The number of days in a month (1–12) of a common year (February: 28); a month outside 1–12
    /// answers a number that means nothing.
    @inlinable
    public static func commonDaysIn(month: UInt64) -> UInt64 {
        // Each month's length less 28, two bits a month, January at bits 2 and 3.
        28 &+ (0x3BB_EECC &>> (2 &* month) & 3)
    }

    /// The date `days` after 1970-01-01 (for days within years 0–9999).
    public static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `seconds` since 1970 as RFC 3339 in UTC, rounded to the millisecond, e.g.
    /// `2026-11-21T09:00:00Z` or `…:00.5Z`; nil when not finite or outside years 0000–9999.
    public static func rfc3339(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds >= earliestSeconds, seconds < endSeconds else { return nil }
        // Half-up rounding without `rounded()`, which needs libm.
        let scaled = seconds * 1_000 + 0.5
        var milliseconds = Int(scaled)
        if Double(milliseconds) > scaled { milliseconds -= 1 }
        guard milliseconds < Int(endSeconds) * 1_000 else { return nil }
        var days = milliseconds / 86_400_000
        var millisecondOfDay = milliseconds % 86_400_000
        if millisecondOfDay < 0 {
            days -= 1
            millisecondOfDay += 86_400_000
        }
        let (year, month, day) = date(fromDays: days)
        let secondOfDay = millisecondOfDay / 1_000
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
            + padded(secondOfDay / 3_600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if millisecondOfDay % 1_000 != 0 {
            var digits = padded(millisecondOfDay % 1_000, 3)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// A non-negative number with leading zeros to `width` digits.
    public static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
