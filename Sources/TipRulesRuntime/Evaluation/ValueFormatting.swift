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

    /// A duration: "5 days", "30 minutes", "1 hour", "90 seconds", "0.5 seconds".
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds) seconds" }
        let units: [(seconds: Double, name: String)] = [(604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute")]
        for unit in units where seconds != 0 && isWhole(seconds / unit.seconds) {
            return counted(seconds / unit.seconds, unit.name)
        }
        return counted(seconds, "second")
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
