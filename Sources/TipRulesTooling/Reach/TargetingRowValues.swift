import TipRulesRuntime

/// The row values of `targeting.md` that the fixture decoder does not read yet: a tip's display
/// history (`"displays"`) and the store's UTC offset (`"utcOffset"`), with their meaning there —
/// dates in any order and none after now, `displayCount` their number unless given; an offset of
/// `"+09:00"` or seconds, at most 18 hours either way. Kept apart so that it can give way to the
/// fixture decoder once that reads them.
struct TargetingRowValues {
    /// Per tip given a history, its display dates as written.
    private var displays: [(tip: Int, dates: [Double])] = []
    private var utcOffset: Int?

    mutating func reset() {
        displays.removeAll(keepingCapacity: true)
        utcOffset = nil
    }

    mutating func addDisplays(_ values: [RowValue], tip: Int, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        var dates: [Double] = []
        dates.reserveCapacity(values.count)
        for (position, value) in values.enumerated() {
            dates.append(try RowValues.date(value, at: "displays[\(position)]", line: line))
        }
        displays.append((tip, dates))
    }

    mutating func setUTCOffset(_ value: RowValue, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        guard utcOffset == nil else { throw FixtureError(path: "utcOffset", "given twice for this user") }
        let seconds: Int?
        switch value {
        case .integer(let number): seconds = number
        case .bytes, .text: seconds = Self.offset(RowValues.describe(value.json(in: line)))
        default: seconds = nil
        }
        guard let seconds, EventStore.utcOffsetRange.contains(seconds) else {
            throw FixtureError(path: "utcOffset", "expected an offset such as \"+09:00\" or seconds east of UTC, "
                               + "at most 18 hours either way, found \(RowValues.describe(value.json(in: line)))")
        }
        utcOffset = seconds
    }

    /// `"+HH:MM"` or `"-HH:MM"` (as JSON, with its quotes) in seconds.
    private static func offset(_ quoted: String) -> Int? {
        let bytes = Array(quoted.utf8.dropFirst().dropLast())
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
              let hours = Int(String(decoding: bytes[1...2], as: UTF8.self)), bytes[1...2].allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let minutes = Int(String(decoding: bytes[4...5], as: UTF8.self)), bytes[4...5].allSatisfy({ $0 >= 48 && $0 <= 57 }),
              minutes < 60 else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// No tip can have appeared after `now`.
    func validate(at now: Double) throws(FixtureError) {
        for entry in displays {
            if let position = entry.dates.firstIndex(where: { $0 > now }) {
                throw FixtureError(path: "displays[\(position)]", "a tip cannot have appeared after now (\(ValueFormatting.date(now)))")
            }
        }
    }

    /// Records the histories and the offset in a store that holds the fixture's content; a tip's
    /// display count is the number of its displays when `countsDisplays` says it was not given.
    func apply(to store: inout EventStore, countsDisplays: (Int) -> Bool) throws(FixtureError) {
        for entry in displays {
            var state = store.tipState(entry.tip)
            for date in entry.dates { state.recordDisplayDate(date) }
            if countsDisplays(entry.tip) { state.displayCount = entry.dates.count }
            store.setTipState(entry.tip, state)
        }
        if let utcOffset {
            do {
                try store.setUTCOffset(utcOffset)
            } catch {
                throw FixtureError(path: "utcOffset", "\(error)")
            }
        }
    }
}
