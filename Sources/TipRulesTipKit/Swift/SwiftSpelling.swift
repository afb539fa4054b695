import TipRulesRuntime

/// Swift source spellings of `.tiprules` constants and names.
enum SwiftSpelling {
    /// A Swift string literal: the runtime's quoting, plus `\u{…}` for the other control
    /// characters, which Swift does not allow raw in a literal.
    static func stringLiteral(_ text: String) -> String {
        var result = ""
        for scalar in ValueFormatting.quoted(text).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A `Double` as Swift reads it back exactly (`2.0`, `0.1`, `1e+300`, `Double.infinity`).
    static func double(_ value: Double) -> String {
        if value.isFinite { return value.description }
        if value.isNaN { return "Double.nan" }
        return value > 0 ? "Double.infinity" : "-Double.infinity"
    }

    /// `Date(timeIntervalSince1970: …)`.
    static func date(_ seconds: Double) -> String {
        "Date(timeIntervalSince1970: \(number(seconds)))"
    }

    /// A whole number of seconds without a fraction, otherwise the `Double`.
    static func number(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return double(value)
    }

    /// A TipKit `DonationTimeRange` in the largest whole unit: `.days(5)`, `.minutes(30)`.
    static func timeRange(_ seconds: Double) -> String {
        let units: [(String, Int)] = [("weeks", 604_800), ("days", 86_400), ("hours", 3_600), ("minutes", 60)]
        if let whole = Int(exactly: seconds), whole > 0,
           let unit = units.first(where: { whole % $0.1 == 0 }) {
            return ".\(unit.0)(\(whole / unit.1))"
        }
        return ".seconds(\(number(seconds)))"
    }

    /// The Swift literal of a parameter default.
    static func scalar(_ value: ScalarValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return double(number)
        case .string(let text): return stringLiteral(text)
        case .date(let seconds): return date(seconds)
        case .duration(let seconds): return ".seconds(\(number(seconds)))"
        }
    }

    /// The Swift type of a scalar kind.
    static func type(_ kind: ScalarKind) -> String {
        kind.description
    }

    /// `enteredBackyardDetailView` → `EnteredBackyardDetailViewDonation`.
    static func donationTypeName(event: String) -> String {
        (event.first.map { String($0).uppercased() } ?? "") + event.dropFirst() + "Donation"
    }
}
