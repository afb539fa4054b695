import TipRulesCalendar

/// How values are written for people: in explanations, display reasons and the disassembly.
/// Dates are RFC 3339 in UTC, durations in the largest whole unit, strings quoted.
public enum ValueFormatting {
    /// A scalar value.
    public static func describe(_ value: ScalarValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.description
        case .string(let text): return quoted(text)
        case .date(let seconds): return date(seconds)
        case .duration(let seconds): return duration(seconds)
        }
    }

    /// A string as a Swift literal.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A duration in words, exactly: "5 days", "30 minutes", "1 day 2 hours", "1 minute 30 seconds",
    /// "0.5 seconds". Every duration a person reads (explanations, display reasons, the
    /// disassembly) is written this way.
    public static func duration(_ seconds: Double) -> String {
        words(seconds, units: .max)
    }

    /// A duration in words, to its two largest units, rounded down: "2 days 3 hours",
    /// "48 minutes". For elapsed and remaining times, where seconds would be noise.
    public static func approximateDuration(_ seconds: Double) -> String {
        seconds > 0 && seconds < 1 ? "less than a second" : words(seconds, units: 2)
    }

    private static let units: [(seconds: Double, name: String)] =
        [(604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute")]

    /// Whole weeks, days, hours and minutes, then seconds (with any fraction), at most `limit`
    /// units, largest first.
    private static func words(_ seconds: Double, units limit: Int) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "\(seconds) seconds" }
        if seconds < 0 { return "-" + words(-seconds, units: limit) }
        var rest = seconds
        var parts: [String] = []
        for unit in units where parts.count < limit {
            let amount = floor(rest / unit.seconds)
            guard amount >= 1 else { continue }
            parts.append(counted(amount, unit.name))
            rest -= amount * unit.seconds
        }
        let remainingSeconds = limit == .max ? rest : floor(rest)
        if parts.isEmpty || (remainingSeconds > 0 && parts.count < limit) {
            parts.append(counted(remainingSeconds, "second"))
        }
        return parts.joinedText(separator: " ")
    }

    /// A date as RFC 3339 in UTC, e.g. "2026-11-21T09:00:00Z" (fractions of a second when
    /// there are any); outside the years 0–9999, the number of seconds since 1970.
    public static func date(_ seconds: Double) -> String {
        CivilCalendar.rfc3339(seconds) ?? "\(seconds) seconds since 1970"
    }

    private static func counted(_ amount: Double, _ unit: String) -> String {
        let number = isWhole(amount) && abs(amount) < 1e15 ? String(Int(amount)) : amount.description
        return "\(number) \(unit)" + (amount == 1 ? "" : "s")
    }

    /// The largest whole number not above `value`. (`Double.rounded` would need libm, which a
    /// program without Foundation does not link.)
    static func floor(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 0x1p52 else { return value }
        let truncated = Double(Int(value))
        return truncated > value ? truncated - 1 : truncated
    }

    private static func isWhole(_ value: Double) -> Bool {
        value.isFinite && floor(value) == value
    }
}
