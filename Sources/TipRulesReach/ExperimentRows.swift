import TipRulesRuntime
import TipRulesToolingCore

/// The arm of an experiment a person is in (docs/measure.md): shown the tip, or held out of it.
package enum ExperimentArm: String, CaseIterable, Sendable {
    case treatment, holdout
}

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
    package var arm: ExperimentArm
    package var date: Double

    /// The exposure a row gives, with the fixture decoder's dates; none may be after `now`.
    init(_ row: ParsedRow, names: ProgramNames, now: Double, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        tip = try names.index(of: row[.exposure], in: names.tips, key: .exposure, noun: "tip", text: text)
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
        try RowValues.checkNotAfter(now, date, at: "date", what: "an exposure cannot be in the future")
    }

    static func required(_ row: ParsedRow, _ key: RowKey, _ what: String) throws(FixtureError) -> RowValue {
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

    /// The interaction a row gives; its date may not be after `now`.
    init(_ row: ParsedRow, names: ProgramNames, now: Double, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        tip = try names.index(of: row[.interaction], in: names.tips, key: .interaction, noun: "tip", text: text)
        kind = try RowValues.choice(row[.kind], key: .kind, what: "an interaction", text: text)
        date = try RowValues.date(ExposureRow.required(row, .date, "an interaction"), at: "date", text: text)
        try RowValues.checkNotAfter(now, date, at: "date", what: "an interaction cannot be in the future")
    }
}
