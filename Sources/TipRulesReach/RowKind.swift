import TipRulesToolingCore
/// What one row gives (docs/reach.md, docs/measure.md): a donation, a parameter's value, a tip's
/// state, the store's own values, an exposure to an experiment, an interaction with a tip, or only
/// the user.
enum RowKind {
    case donation, parameter, tipState, storeValues, exposure, interaction, userAlone

    /// Each kind's keys, as bits of `ParsedRow.present`: the keys that say which kind a row is, and
    /// the keys it may have besides (`date` belongs to donations, exposures and interactions alike).
    private static let masks: [(kind: RowKind, names: UInt32, others: UInt32)] = [
        (.donation, [RowKey.event, .fields], [.date]), (.parameter, [.parameter, .value], []),
        (.tipState, [.tip, .displayCount, .displayDuration, .invalidated, .displays], []),
        (.storeValues, [.lastDisplayDate, .utcOffset], []),
        (.exposure, [.exposure, .group, .percent, .arm], [.date]), (.interaction, [.interaction, .kind], [.date]),
    ].map { kind, names, others in (kind, bits(names), bits(others)) }

    @inline(__always)
    private static func bit(_ key: RowKey) -> UInt32 { 1 << key.rawValue }

    private static func bits(_ keys: [RowKey]) -> UInt32 { keys.reduce(0) { $0 | 1 << $1.rawValue } }
    private static let userBit: UInt32 = 1 << RowKey.user.rawValue
    private static let dateBit: UInt32 = 1 << RowKey.date.rawValue

    /// The kind of a row that has the keys `present` (`ParsedRow.present`); a row whose keys belong
    /// to two kinds is an error naming two of them. A row whose only key besides `user` is `date`
    /// is a donation (that lacks its event).
    init(of present: UInt32) throws(FixtureError) {
        // The usual rows, by their exact keys, without going through the kinds.
        switch present {
        case Self.bit(.user) | Self.bit(.event) | Self.bit(.date) | Self.bit(.fields), Self.bit(.user) | Self.bit(.event) | Self.bit(.date):
            self = .donation
        case Self.bit(.user) | Self.bit(.parameter) | Self.bit(.value):
            self = .parameter
        case Self.bit(.user) | Self.bit(.exposure) | Self.bit(.group) | Self.bit(.percent) | Self.bit(.arm) | Self.bit(.date):
            self = .exposure
        case Self.bit(.user) | Self.bit(.interaction) | Self.bit(.kind) | Self.bit(.date):
            self = .interaction
        case Self.bit(.user):
            self = .userAlone
        default: self = try Self.classified(present)
        }
    }

    /// The kind of a row that has the keys `present`, through the kinds' masks: what `init(of:)`
    /// gives every row, its usual rows by their exact keys.
    static func classified(_ present: UInt32) throws(FixtureError) -> RowKind {
        var found: (kind: RowKind, names: UInt32, others: UInt32)?
        for entry in Self.masks where present & entry.names != 0 {
            guard let first = found else {
                found = entry
                continue
            }
            throw Self.mixed(present & first.names, present & entry.names)
        }
        guard let found else { return present & Self.dateBit != 0 ? .donation : .userAlone }
        let stray = present & ~(found.names | found.others | Self.userBit)
        if stray != 0 { throw Self.mixed(present & found.names, stray) }
        return found.kind
    }

    /// The error of a row with keys of two kinds, naming the first key of each in `RowKey` order.
    private static func mixed(_ keys: UInt32, _ otherKeys: UInt32) -> FixtureError {
        let keys = [keys, otherKeys].map { RowKey(rawValue: $0.trailingZeroBitCount) ?? .user }
        let (one, other) = keys[0].rawValue < keys[1].rawValue ? (keys[0], keys[1]) : (keys[1], keys[0])
        return FixtureError(path: "", "a row gives one thing (a donation, a parameter's value, a tip's state, the store's "
                            + "values, an exposure or an interaction), but this one has both '\(one.name)' and '\(other.name)'")
    }
}
