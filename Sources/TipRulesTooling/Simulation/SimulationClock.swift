import TipRulesRuntime

/// Writes instants of a simulation as "day 3 09:00" (UTC), day 1 being the UTC day of the
/// timeline's start.
struct SimulationClock {
    let firstMidnight: Double

    init(start: Double) {
        firstMidnight = (start / 86_400).rounded(.down) * 86_400
    }

    /// "day 3 09:00", "day 3 09:00:30" when the seconds are not zero; an instant too far from
    /// the start for a day number is written as an RFC 3339 date.
    func label(_ instant: Double) -> String {
        let offset = instant - firstMidnight
        guard offset.isFinite, abs(offset) < 1e12 else { return RFC3339.format(instant) ?? String(instant) }
        let seconds = Int(offset.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - day * 86_400
        let clock = pad(inDay / 3_600) + ":" + pad(inDay % 3_600 / 60)
        return "day \(day + 1) " + clock + (inDay % 60 == 0 ? "" : ":" + pad(inDay % 60))
    }

    private func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
}
