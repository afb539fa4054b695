import TipRulesRuntime

extension Fixture {
    /// Checks what the store says against the evaluation instant: no tip can have appeared after
    /// `now` (a donation after `now` is fine: it does not exist yet at `now`).
    public func validate(at now: Double) throws(FixtureError) {
        if let last = lastDisplayDate, last > now {
            throw FixtureError(path: "lastDisplayDate",
                               "\(ValueFormatting.date(last)) is after now (\(ValueFormatting.date(now))): "
                               + "a tip cannot have appeared in the future")
        }
        for (tip, state) in tipStates {
            guard let latest = state.displayDates.last, latest > now else { continue }
            throw FixtureError(path: "tips.\(tipNames[tip] ?? String(tip)).displays",
                               "\(ValueFormatting.date(latest)) is after now (\(ValueFormatting.date(now))): "
                               + "a tip cannot have appeared in the future")
        }
    }
}
