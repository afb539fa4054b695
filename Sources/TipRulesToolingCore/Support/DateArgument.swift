import TipRulesRuntime
import TipRulesCalendar

/// The dates commands take on their command line (`--now`).
package enum DateArgument {
    /// An RFC 3339 date or a number of seconds since 1970, from year 1 through 9999.
    package static func parse(_ text: String) throws(RFC3339Error) -> Double {
        if let seconds = Double(text) {
            try RFC3339.checkRange(seconds)
            return seconds
        }
        do {
            return try RFC3339.parse(text)
        } catch {
            throw RFC3339Error(message: "expected an RFC 3339 date such as 2026-11-21T09:00:00Z or seconds since 1970, "
                               + "found '\(text)' (\(error))")
        }
    }
}
