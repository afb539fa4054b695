import TipRulesToolingCore
/// What one row of `reach` gives (`reach.md`): a donation, a parameter's value, a tip's state, the
/// store's own values, or only the user.
enum RowKind {
    case donation, parameter, tipState, storeValues, userAlone

    /// The kind each key belongs to (none for `user`).
    private static let kindOfKey: [RowKind?] = RowKey.allCases.map { key in
        switch key {
        case .user: return nil
        case .event, .date, .fields: return .donation
        case .parameter, .value: return .parameter
        case .tip, .displayCount, .displayDuration, .invalidated, .displays: return .tipState
        case .lastDisplayDate, .utcOffset: return .storeValues
        }
    }

    /// The kind of `row`; a row whose keys belong to two kinds is an error naming two of them.
    init(of row: ParsedRow) throws(FixtureError) {
        var kind = RowKind.userAlone
        var first: RowKey?
        for key in RowKey.allCases where row.has(key) {
            guard let keyKind = Self.kindOfKey[key.rawValue] else { continue }
            if let first {
                guard keyKind == kind else {
                    throw FixtureError(path: "", "a row gives one thing (a donation, a parameter's value, a tip's state "
                                       + "or the store's values), but this one has both '\(first.name)' and '\(key.name)'")
                }
            } else {
                first = key
                kind = keyKind
            }
        }
        self = kind
    }
}
