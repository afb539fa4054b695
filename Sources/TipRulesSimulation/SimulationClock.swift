import TipRulesRuntime
import TipRulesCalendar

/// Writes instants of a simulation as "day 3 09:00" in the timeline's own time: UTC moved by
/// the store's UTC offset (0 by default), day 1 being the day of the timeline's start.
struct SimulationClock {
    /// The instant day 1 begins (seconds since 1970).
    let firstMidnight: Double
    /// Seconds east of UTC.
    let utcOffset: Int

    init(start: Double, utcOffset: Int = 0) {
        self.utcOffset = utcOffset
        let offset = Double(utcOffset)
        firstMidnight = ((start + offset) / 86_400).rounded(.down) * 86_400 - offset
    }

    /// "day 3 09:00", "day 3 09:00:30" when the seconds are not zero; an instant too far from
    /// the start for a day number is written as an RFC 3339 date.
    func label(_ instant: Double) -> String {
        guard let (day, inDay) = dayAndSeconds(instant) else { return RFC3339.format(instant) ?? String(instant) }
        return "day \(day) " + timeOfDay(inDay)
    }

    /// "09:00" ("09:00:30" when the seconds are not zero) of the instant's day; nil when too far
    /// from the start.
    func timeOfDay(_ instant: Double) -> String? {
        dayAndSeconds(instant).map { timeOfDay($0.seconds) }
    }

    /// The day number of the instant (1 for the start's day); nil when too far from the start.
    func day(_ instant: Double) -> Int? {
        dayAndSeconds(instant)?.day
    }

    /// "UTC", "UTC+09:00", "UTC-05:30".
    var zoneName: String { UTCOffsetFormatting.describe(utcOffset) }

    private func dayAndSeconds(_ instant: Double) -> (day: Int, seconds: Int)? {
        let offset = instant - firstMidnight
        guard offset.isFinite, abs(offset) < 1e12 else { return nil }
        let seconds = Int(offset.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (day + 1, seconds - day * 86_400)
    }

    private func timeOfDay(_ inDay: Int) -> String {
        pad(inDay / 3_600) + ":" + pad(inDay % 3_600 / 60) + (inDay % 60 == 0 ? "" : ":" + pad(inDay % 60))
    }

    private func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
}
