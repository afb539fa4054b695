import TipRulesRuntime
import TipRulesToolingCore

/// What a person did with a tip, as an interaction row says.
package enum InteractionKind: String, CaseIterable, Sendable {
    case display, actionPerformed, tipClosed
}

/// An exposure row: the moment a person was exposed to a tip's experiment (at its first display in
/// treatment, at the moment it would have been presented in the holdout).
package struct ExposureRow: Sendable {
    /// The tip, by index in the program.
    package var tip: Int
    package var group: String
    /// The share of units held out, 1 to 50.
    package var percent: Int
    package var arm: HoldoutArm
    package var date: Double

    /// The exposure a row gives, with the fixture decoder's dates; nil (the row left out, after it
    /// is checked) when its tip is not one the program declares or its date is after `now`.
    init?(_ row: borrowing ParsedRow, names: borrowing ProgramNames, now: Double, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let declared = try names.declaredIndex(of: row[.exposure], in: names.tips, key: .exposure, noun: "tip", text: text)
        guard let group = row[.group] else { throw FixtureError(path: "", "an exposure needs 'group'") }
        guard case .string(let range) = group else {
            throw FixtureError(path: "group", "expected the group's name, found \(FixtureDecoder.describe(group.json(in: text)))")
        }
        guard !range.isEmpty else { throw FixtureError(path: "group", "the group's name is empty") }
        self.group = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
        guard let percent = row[.percent] else { throw FixtureError(path: "", "an exposure needs 'percent'") }
        guard case .integer(let share) = percent, (1...50).contains(share) else {
            throw FixtureError(path: "percent", "expected a whole number from 1 to 50, found \(FixtureDecoder.describe(percent.json(in: text)))")
        }
        self.percent = share
        arm = try RowValues.choice(row[.arm], key: .arm, what: "an exposure", text: text)
        date = try RowValues.date(Self.required(row, .date, "an exposure"), at: "date", text: text)
        guard let declared, date <= now else { return nil }
        tip = declared
    }

    static func required(_ row: borrowing ParsedRow, _ key: RowKey, _ what: String) throws(FixtureError) -> RowValue {
        guard let value = row[key] else { throw FixtureError(path: "", "\(what) needs '\(key.name)'") }
        return value
    }
}

/// An interaction row: a display of a tip, or its action performed, or its closing.
package struct InteractionRow: Sendable {
    /// The tip, by index in the program.
    package var tip: Int
    package var kind: InteractionKind
    package var date: Double

    /// The interaction a row gives; nil (the row left out, after it is checked) when its tip is not
    /// one the program declares or its date is after `now`.
    init?(_ row: borrowing ParsedRow, names: borrowing ProgramNames, now: Double, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let declared = try names.declaredIndex(of: row[.interaction], in: names.tips, key: .interaction, noun: "tip", text: text)
        kind = try RowValues.choice(row[.kind], key: .kind, what: "an interaction", text: text)
        date = try RowValues.date(ExposureRow.required(row, .date, "an interaction"), at: "date", text: text)
        guard let declared, date <= now else { return nil }
        tip = declared
    }
}
