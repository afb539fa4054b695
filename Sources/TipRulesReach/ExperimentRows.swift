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
    /// `last` remembers the previous rows' tip and group, which the next rows mostly repeat.
    init?(_ row: borrowing ParsedRow, names: borrowing ProgramNames, last: inout ExperimentRowsSeen, now: Double,
          text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let declared = try last.tip(row[.exposure], names: names, key: .exposure, text: text)
        guard let group = row[.group] else { throw FixtureError(path: "", "an exposure needs 'group'") }
        guard case .string(let range) = group else {
            throw FixtureError(path: "group", "expected the group's name, found \(FixtureDecoder.describe(group.json(in: text)))")
        }
        guard !range.isEmpty else { throw FixtureError(path: "group", "the group's name is empty") }
        self.group = last.group(UnsafeBufferPointer(rebasing: text[range]))
        guard let percent = row[.percent] else { throw FixtureError(path: "", "an exposure needs 'percent'") }
        guard case .integer(let share) = percent, (1...50).contains(share) else {
            throw FixtureError(path: "percent", "expected a whole number from 1 to 50, found \(FixtureDecoder.describe(percent.json(in: text)))")
        }
        self.percent = share
        arm = try last.arms.choice(row[.arm], key: .arm, what: "an exposure", text: text)
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
    init?(_ row: borrowing ParsedRow, names: borrowing ProgramNames, last: inout ExperimentRowsSeen, now: Double,
          text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let declared = try last.tip(row[.interaction], names: names, key: .interaction, text: text)
        kind = try last.kinds.choice(row[.kind], key: .kind, what: "an interaction", text: text)
        date = try RowValues.date(ExposureRow.required(row, .date, "an interaction"), at: "date", text: text)
        guard let declared, date <= now else { return nil }
        tip = declared
    }
}

/// What reading exposure and interaction rows keeps from row to row: the last rows' tip (by index)
/// and group, which the next rows mostly repeat, so that they are read with one comparison of bytes
/// each instead of a look-up among the program's tips and a new string for the group; and the arms'
/// and kinds' names as bytes.
struct ExperimentRowsSeen {
    private var lastTip: Int?
    private var lastGroup = ""
    let arms = Choices<HoldoutArm>()
    let kinds = Choices<InteractionKind>()

    /// The index of the tip `value` names (nil for a tip the program does not declare), or the
    /// error `ProgramNames.declaredIndex` gives.
    @inline(__always)
    mutating func tip(_ value: RowValue?, names: borrowing ProgramNames, key: RowKey, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Int? {
        if case .string(let range)? = value, let last = lastTip, names.tips.matches(last, UnsafeBufferPointer(rebasing: text[range])) {
            return last
        }
        let tip = try names.declaredIndex(of: value, in: names.tips, key: key, noun: "tip", text: text)
        if tip != nil { lastTip = tip }
        return tip
    }

    /// The group spelled by `bytes`: the last one when the same, else a new string, remembered.
    @inline(__always)
    mutating func group(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let same = lastGroup.utf8.withContiguousStorageIfAvailable { last in
            SameBytes.equal(last, bytes)
        }
        if same != true { lastGroup = String(decoding: bytes, as: UTF8.self) }
        return lastGroup
    }
}

/// An enumeration's cases and their raw values as bytes, made once: a row's value is compared with
/// each without making a string or an array of the cases.
struct Choices<Choice: RawRepresentable & CaseIterable> where Choice.RawValue == String {
    private let cases: [Choice]
    private let names: NameTable

    init() {
        cases = Array(Choice.allCases)
        names = NameTable(cases.map(\.rawValue))
    }

    /// The case `value` spells, as `RowValues.choice` reads it (which says what is wrong when none does).
    @inline(__always)
    func choice(_ value: RowValue?, key: RowKey, what: String, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Choice {
        if case .string(let range)? = value, let choice = choice(spelledBy: UnsafeBufferPointer(rebasing: text[range])) { return choice }
        return try RowValues.choice(value, key: key, what: what, text: text)
    }

    /// The case whose raw value `bytes` spell; nil when none does.
    @inline(__always)
    func choice(spelledBy bytes: UnsafeBufferPointer<UInt8>) -> Choice? {
        cases.indices.first { names.matches($0, bytes) }.map { cases[$0] }
    }
}
