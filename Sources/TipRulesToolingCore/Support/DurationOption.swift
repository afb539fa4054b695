/// A duration on the command line: a whole number and a unit, `90s`, `45m`, `12h` or `30d`.
package enum DurationOption {
    package static func seconds(_ text: String) -> Int? {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0 else { return nil }
        let scale: Int
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3_600
        case "d": scale = 86_400
        default: return nil
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: scale)
        // At most about 100 years: an expiry must stay a date.
        return overflow || seconds > 3_200_000_000 ? nil : seconds
    }
}
