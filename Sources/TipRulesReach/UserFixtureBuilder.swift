import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// Turns one user's rows into the `Fixture` that a fixture file with the same content decodes to,
/// with the fixture decoder's meaning of every value and date (`FixtureDecoder.scalar`, `.date`, and
/// the decoder itself for a tip's state and the store's values), so that `reach` counts what `eval`
/// says user by user. Kept and refilled from user to user.
struct UserFixtureBuilder {
    let program: Program
    /// The fixture of the rows added since `reset()`.
    private(set) var fixture = Fixture()
    private var parameterGiven: [Bool]
    /// Per tip, its entry in `fixture.tipStates` and which of `RowKey.tipStateKeys` were given.
    private var tipEntry: [Int?]
    private var tipKeysGiven: [[Bool]]
    private var lastDisplayDateGiven = false
    private var utcOffsetGiven = false
    private let names: ProgramNames

    init(program: Program) {
        self.program = program
        names = ProgramNames(program)
        // Messages name a tip as its rows do (a display after now: "tips.NAME.displays").
        for (index, tip) in program.tips.enumerated() { fixture.tipNames[index] = tip.name }
        parameterGiven = Array(repeating: false, count: program.parameters.count)
        tipEntry = Array(repeating: nil, count: program.tips.count)
        tipKeysGiven = Array(repeating: Array(repeating: false, count: RowKey.tipStateKeys.count), count: program.tips.count)
    }

    /// Forgets the previous user's rows, keeping the storage.
    mutating func reset() {
        fixture.parameters.removeAll(keepingCapacity: true)
        fixture.donations.removeAll(keepingCapacity: true)
        for entry in fixture.tipStates { tipEntry[entry.tip] = nil; tipKeysGiven[entry.tip] = tipKeysGiven[entry.tip].map { _ in false } }
        fixture.tipStates.removeAll(keepingCapacity: true)
        fixture.lastDisplayDate = nil
        for index in parameterGiven.indices { parameterGiven[index] = false }
        fixture.utcOffset = nil
        lastDisplayDateGiven = false
        utcOffsetGiven = false
    }

    /// Adds one row of the user (its `user` key already read) from `line`.
    mutating func add(_ row: ParsedRow, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        switch try RowKind(of: row) {
        case .donation: try addDonation(row, line: line)
        case .parameter: try addParameter(row, line: line)
        case .tipState: try addTipState(row, line: line)
        case .storeValues: try addStoreValues(row, line: line)
        case .userAlone: return
        }
    }
    /// Sets a parameter no row gave (`--user-parameter`).
    mutating func giveDefault(_ value: ScalarValue, to parameter: Int) {
        guard !parameterGiven[parameter] else { return }
        fixture.parameters.append((parameter, value))
    }

    /// Records the rows' content in `store` (emptied first), checked against `now` as `eval` checks a fixture.
    func fill(_ store: inout EventStore, now: Double) throws(FixtureError) {
        do {
            try fixture.validate(at: now)
        } catch {
            // A row names the key alone: "displays", not the fixture's "tips.NAME.displays".
            throw FixtureError(path: error.path.split(separator: ".").last.map(String.init) ?? error.path, error.message)
        }
        store.removeAll()
        do {
            try fixture.fill(&store)
        } catch {
            throw FixtureError(path: "", "\(error)")
        }
    }

    // MARK: rows

    private mutating func addDonation(_ row: ParsedRow, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let event = try names.index(of: row[.event], among: names.events, key: .event, line: line)
        guard let dateValue = row[.date] else { throw FixtureError(path: "", "a donation needs 'date'") }
        let date = try RowValues.date(dateValue, at: "date", line: line)
        let declared = program.events[event].fields
        guard row.hasFields || declared.isEmpty else {
            throw FixtureError(path: "", "a donation of '\(program.events[event].name)' needs 'fields' with "
                               + declared.map { "'\($0.name)' (\($0.type))" }.joined(separator: ", "))
        }
        // The fields in declared order (the usual case) make the values at once; others are placed.
        var values: [ScalarValue] = []
        values.reserveCapacity(declared.count)
        for member in row.fields {
            let field = try names.index(of: member.name, among: names.fields[event], key: .fields, line: line)
            let value = try RowValues.scalar(member.value, of: declared[field].type, at: names.fieldPaths[event][field], line: line)
            if field == values.count {
                values.append(value)
            } else {
                while values.count <= field { values.append(.int(0)) }
                values[field] = value
            }
        }
        // Names are distinct (a name given twice is a JSON error) and declared: fewer means one is missing.
        if row.fields.count < declared.count {
            let named = Set(row.fields.map { $0.name.json(in: line).stringValue ?? "" })
            if let missing = declared.first(where: { !named.contains($0.name) }) {
                throw FixtureError(path: "fields", "missing field '\(missing.name)' (\(missing.type))")
            }
        }
        fixture.donations.append((event, date, values))
    }

    private mutating func addParameter(_ row: ParsedRow, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let index = try names.index(of: row[.parameter], among: names.parameters, key: .parameter, line: line)
        guard let value = row[.value] else { throw FixtureError(path: "", "a parameter's row needs 'value'") }
        guard !parameterGiven[index] else {
            throw FixtureError(path: "parameter", "'\(program.parameters[index].name)' is given twice for this user")
        }
        parameterGiven[index] = true
        fixture.parameters.append((index, try RowValues.scalar(value, of: program.parameters[index].type, at: "value", line: line)))
    }

    /// A tip's state through the fixture decoder itself (`{"tips": {NAME: {…}}}`), merged key by key
    /// with what earlier rows gave for the same tip.
    private mutating func addTipState(_ row: ParsedRow, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        guard let nameValue = row[.tip] else { throw FixtureError(path: "", "a tip's state needs 'tip'") }
        let name = try RowValues.name(nameValue, key: .tip, line: line)
        guard let tip = program.tipIndex(named: name) else {
            throw FixtureError(path: "tip", "no such tip '\(name)'"
                               + (Spelling.closest(to: name, in: program.tips.map(\.id)).map { " (did you mean '\($0)'?)" } ?? ""))
        }
        var members = JSONObject()
        for key in RowKey.tipStateKeys where key != .displays {
            if let value = row[key] { members.insert(value.json(in: line), forKey: key.name) }
        }
        if row.hasDisplays { members.insert(.array(row.displays.map { $0.json(in: line) }), forKey: RowKey.displays.name) }
        let decoded = try RowValues.decodeFixture(.object(["tips": .object(JSONObject([(name, .object(members))]))]),
                                                   program: program, pathPrefix: "tips.\(name).")
        let state = decoded.tipStates.first?.state ?? TipState()
        let entry: Int
        if let existing = tipEntry[tip] {
            entry = existing
        } else {
            entry = fixture.tipStates.count
            fixture.tipStates.append((tip, TipState()))
            tipEntry[tip] = entry
        }
        for (position, key) in RowKey.tipStateKeys.enumerated() where row.has(key) {
            guard !tipKeysGiven[tip][position] else {
                throw FixtureError(path: key.name, "'\(key.name)' of '\(name)' is given twice for this user")
            }
            tipKeysGiven[tip][position] = true
            switch key {
            case .displayCount: fixture.tipStates[entry].state.displayCount = state.displayCount
            case .displayDuration: fixture.tipStates[entry].state.displayDuration = state.displayDuration
            case .invalidated: fixture.tipStates[entry].state.invalidation = state.invalidation
            default:
                // A display count no row gives is the number of displays, as in a fixture.
                fixture.tipStates[entry].state.displayDates = state.displayDates
                if !tipKeysGiven[tip][0] { fixture.tipStates[entry].state.displayCount = state.displayCount }
            }
        }
    }

    private mutating func addStoreValues(_ row: ParsedRow, line: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        if let value = row[.lastDisplayDate] {
            guard !lastDisplayDateGiven else { throw FixtureError(path: "lastDisplayDate", "given twice for this user") }
            lastDisplayDateGiven = true
            if case .null = value {} else {
                fixture.lastDisplayDate = try RowValues.date(value, at: "lastDisplayDate", line: line)
            }
        }
        if let value = row[.utcOffset] {
            guard !utcOffsetGiven else { throw FixtureError(path: "utcOffset", "given twice for this user") }
            utcOffsetGiven = true
            let decoded = try RowValues.decodeFixture(.object(["utcOffset": value.json(in: line)]), program: program, pathPrefix: "")
            fixture.utcOffset = decoded.utcOffset
        }
    }
}

extension ParsedRow {
    func has(_ key: RowKey) -> Bool { present & (1 << key.rawValue) != 0 }

}
