import Foundation

/// How measure writes its numbers for a person: rates as percentages, differences signed, p-values
/// to four digits, and an undefined statistic as "undefined".
enum MeasureNumbers {
    /// "13.44%".
    static func percent(_ value: Double?) -> String {
        value.map { String(format: "%.2f%%", $0 * 100) } ?? "undefined"
    }

    /// "+3.30 points" for a difference of rates.
    static func points(_ value: Double) -> String { String(format: "%+.2f", value * 100) }

    /// "+32.5%" for a relative lift.
    static func lift(_ value: Double) -> String { String(format: "%+.1f%%", value * 100) }

    /// "+0.1113" for a difference of means.
    static func signed(_ value: Double) -> String { String(format: "%+.4f", value) }

    /// "0.3121".
    static func plain(_ value: Double?) -> String { value.map { String(format: "%.4f", $0) } ?? "undefined" }

    /// "p = 0.0012", "p < 0.0001".
    static func pValue(_ value: Double) -> String {
        value < 0.0001 ? "p < 0.0001" : String(format: "p = %.4f", value)
    }

    /// "7 days", "36 hours", "90 minutes", "45 seconds": the largest unit that divides the window.
    static func duration(_ seconds: Double) -> String {
        for (unit, size) in [("day", 86_400.0), ("hour", 3_600), ("minute", 60)]
        where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            let count = Int(seconds / size)
            return "\(count) \(unit)\(count == 1 ? "" : "s")"
        }
        return "\(Int(seconds)) second\(seconds == 1 ? "" : "s")"
    }
}
