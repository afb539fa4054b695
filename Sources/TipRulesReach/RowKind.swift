import TipRulesToolingCore
/// What one row of `reach` gives (`reach.md`): a donation, a parameter's value, a tip's state, the
/// store's own values, or only the user.
enum RowKind {
    case donation, parameter, tipState, storeValues, userAlone

    /// The keys of each kind, as bits of `ParsedRow.present`.
    private static let masks: [(kind: RowKind, keys: UInt32)] = [
        (.donation, [RowKey.event, .date, .fields]), (.parameter, [.parameter, .value]),
        (.tipState, [.tip, .displayCount, .displayDuration, .invalidated, .displays]), (.storeValues, [.lastDisplayDate, .utcOffset]),
    ].map { kind, keys in (kind, keys.reduce(0) { $0 | 1 << $1.rawValue }) }

    /// The kind of a row that has the keys `present` (`ParsedRow.present`); a row whose keys belong
    /// to two kinds is an error naming two of them.
    init(of present: UInt32) throws(FixtureError) {
        var found: (kind: RowKind, keys: UInt32)?
        for entry in Self.masks where present & entry.keys != 0 {
            guard let first = found else {
                found = entry
                continue
            }
            // The first key of each kind in `RowKey` order, as the message names them.
            let keys = [first.keys, entry.keys].map { RowKey(rawValue: (present & $0).trailingZeroBitCount) ?? .user }
            let (one, other) = keys[0].rawValue < keys[1].rawValue ? (keys[0], keys[1]) : (keys[1], keys[0])
            throw FixtureError(path: "", "a row gives one thing (a donation, a parameter's value, a tip's state "
                               + "or the store's values), but this one has both '\(one.name)' and '\(other.name)'")
        }
        self = found?.kind ?? .userAlone
    }
}
