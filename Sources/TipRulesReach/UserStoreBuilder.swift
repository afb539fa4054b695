import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// Turns one user's rows into the event store that a fixture file with the same content makes,
/// with the fixture decoder's meaning of every value, date and tip state (`RowValues`; the decoder
/// itself for anything unusual and for every message), so that `reach` counts what `eval` says
/// user by user. Values go straight into the store and into reused columns of donations: one store
/// and one set of columns serve user after user, and a usual row allocates nothing.
package struct UserStoreBuilder {
    let program: Program
    let now: Double
    /// The store of the rows added since `reset()`, once `finish()` has run.
    private(set) var store: EventStore
    /// Whether anything was written to the store since it was emptied: what `reset()` asks before
    /// emptying it (`measure` never fills it, and emptying an empty store still reads each event).
    private var storeWritten = false
    private let names: ProgramNames
    private var parameterGiven: [Bool]
    /// Per event, its donations in the order given: what goes into the store at once. Batches are
    /// classes, shared by a copy of the builder: one builder serves one reader (each worker makes
    /// its own counter), never copied.
    private let batches: [DonationBatch]
    /// One donation's field values in declared order, as the usual path reads them.
    private var rowValues: [ScalarValue] = []
    /// One donation's field values, placed by declared index as they are read.
    private var rowFields: [ScalarValue?] = []
    /// The tips given a state, in the order first given, each with its state and which of
    /// `RowKey.tipStateKeys` were given.
    private var tipOrder: [Int] = []
    private var tipStates: [TipState?]
    private var tipKeysGiven: [UInt8]
    /// The event of the last donation read (a user's donations are mostly of one event).
    private var lastEvent: Int?
    /// The tip the last tip's state named, and its name's bytes as written (the next ones mostly
    /// name the same tip).
    private var lastTipState: (name: [UInt8], tip: Int)?
    private let invalidationReasons = Choices<InvalidationReason>()
    private var lastDisplayDateGiven = false
    private var utcOffsetGiven = false
    /// The user's exposures and interactions, in the order given (the store has no place for them:
    /// `measure` reads them, `reach` only checks them).
    package private(set) var exposures: [ExposureRow] = []
    package private(set) var interactions: [InteractionRow] = []
    /// What the last exposure and interaction rows named (kept from user to user), and the names of
    /// arms and kinds as bytes.
    private var experimentRowsSeen = ExperimentRowsSeen()

    /// A builder for users evaluated at `now`: as `eval` checks a fixture, no display and no last
    /// display date may be after it (each such row is named).
    package init(program: Program, now: Double) {
        self.program = program
        self.now = now
        store = EventStore(program: program)
        names = ProgramNames(program)
        parameterGiven = Array(repeating: false, count: program.parameters.count)
        batches = program.events.map { DonationBatch(kinds: $0.fields.map(\.type)) }
        tipStates = Array(repeating: nil, count: program.tips.count)
        tipKeysGiven = Array(repeating: 0, count: program.tips.count)
    }

    /// Forgets the previous user's rows, keeping the storage.
    package mutating func reset() {
        if storeWritten {
            store.removeAll()
            storeWritten = false
        }
        for index in parameterGiven.indices where parameterGiven[index] { parameterGiven[index] = false }
        for batch in batches where !batch.isEmpty { batch.removeAll() }
        if !tipOrder.isEmpty {
            for tip in tipOrder {
                tipStates[tip] = nil
                tipKeysGiven[tip] = 0
            }
            Self.empty(&tipOrder)
        }
        lastDisplayDateGiven = false
        utcOffsetGiven = false
        if !exposures.isEmpty { Self.empty(&exposures) }
        if !interactions.isEmpty { Self.empty(&interactions) }
    }

    /// Empties `values` (a user's few), keeping its storage, value by value: each is destroyed by
    /// code made for its type. `removeAll(keepingCapacity:)` costs about 80 instructions even for
    /// one value, and destroys values that hold strings through the runtime's generic path.
    private static func empty<Element>(_ values: inout [Element]) {
        while values.popLast() != nil {}
    }

    /// The dates of the user's donations of `event`, in the order given.
    package func donationDates(of event: Int) -> UnsafeBufferPointer<Double> { batches[event].dates }

    /// Adds one row of the user (its `user` key already read); `text` is the row's text.
    package mutating func add(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        switch try RowKind(of: row.present) {
        case .donation: try addDonation(row, text: text)
        case .parameter: try addParameter(row, text: text)
        case .tipState: try addTipState(row, text: text)
        case .storeValues: try addStoreValues(row, text: text)
        case .exposure:
            if let exposure = try ExposureRow(row, names: names, last: &experimentRowsSeen, now: now, text: text) { exposures.append(exposure) }
        case .interaction:
            if let interaction = try InteractionRow(row, names: names, last: &experimentRowsSeen, now: now, text: text) {
                interactions.append(interaction)
            }
        case .userAlone: return
        }
    }

    /// Sets a parameter no row gave (`--user-parameter`).
    mutating func giveDefault(_ value: ScalarValue, to parameter: Int) {
        guard !parameterGiven[parameter] else { return }
        storeWritten = true
        try? store.setParameter(parameter, value)
    }

    /// Records the donations and tip states in the store.
    mutating func finish() throws(FixtureError) {
        storeWritten = true
        do {
            for (event, batch) in batches.enumerated() where !batch.isEmpty { try store.donate(event: event, batch: batch) }
        } catch {
            throw FixtureError(path: "", "\(error)")
        }
        for tip in tipOrder { store.setTipState(tip, tipStates[tip] ?? TipState()) }
    }

    /// Evaluates the store with `evaluator` into `outcome`: the store read where it is (passed from
    /// beside the evaluator, it would be copied, every array of it retained and released, user
    /// after user).
    func decide(with evaluator: inout Evaluator, now: Double, into outcome: inout Outcome) {
        evaluator.decide(store, now: now, into: &outcome)
    }

    // MARK: rows

    private mutating func addDonation(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let event = try eventIndex(row[.event], text: text)
        guard let dateValue = row[.date] else { throw FixtureError(path: "", "a donation needs 'date'") }
        let date = try RowValues.date(dateValue, at: "date", text: text)
        let fields = names.fieldRanges[event]
        guard row.has(.fields) || fields.isEmpty else {
            let declared = program.events[event].fields
            throw FixtureError(path: "", "a donation of '\(program.events[event].name)' needs 'fields' with "
                               + declared.map { "'\($0.name)' (\($0.type))" }.joined(separator: ", "))
        }
        rowValues.removeAll(keepingCapacity: true)
        if !(try readFieldsInDeclaredOrder(row, fields: fields, text: text)) {
            try readFieldsInAnyOrder(row, fields: fields, text: text)
        }
        batches[event].append(date: date, fields: rowValues)
    }

    /// The index of the event a donation names: the previous donation's when it is the same (one
    /// comparison of bytes, the usual case), else looked up.
    @inline(__always)
    private mutating func eventIndex(_ value: RowValue?, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Int {
        if case .string(let range)? = value, let last = lastEvent, names.events.matches(last, UnsafeBufferPointer(rebasing: text[range])) {
            return last
        }
        let event = try names.index(of: value, in: names.events, key: .event, text: text)
        lastEvent = event
        return event
    }

    /// Adds the donation `shapes` read last from `text` (`DonationShapes`), of `event` (its index in
    /// this builder's program).
    @inline(__always)
    package mutating func addDonation(_ shapes: borrowing DonationShapes, event: Int, text: UnsafeBufferPointer<UInt8>) {
        withBatch(of: event) { shapes.appendDonation(to: $0, text: text) }
    }

    /// Lends `body` the batch of `event` without retaining it: the builder holds every batch for
    /// its whole life, and a retain and release cost a donation of the usual shape about as much as
    /// adding it.
    @inline(__always)
    private func withBatch(of event: Int, _ body: (DonationBatch) -> Void) {
        batches.withUnsafeBufferPointer { batches in Unmanaged.passUnretained(batches[event])._withUnsafeGuaranteedRef(body) }
    }

    /// Reads the donation's field values into `rowValues` when the row names every declared field
    /// in declared order (the usual case); false, having read nothing, when it does not. `fields`
    /// are the event's in `names.fields`.
    private mutating func readFieldsInDeclaredOrder(_ row: borrowing ParsedRow, fields: Range<Int>,
                                                    text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Bool {
        guard row.fieldCount == fields.count else { return false }
        for position in 0..<row.fieldCount {
            guard case .string(let range) = row.field(position).name,
                  names.fields.matches(fields.lowerBound + position, UnsafeBufferPointer(rebasing: text[range])) else { return false }
        }
        for position in 0..<row.fieldCount {
            let field = fields.lowerBound + position
            rowValues.append(try RowValues.scalar(row.field(position).value, of: names.fieldTypes[field],
                                                  at: names.fieldPaths[field], text: text))
        }
        return true
    }

    /// Reads the donation's field values into `rowValues`, each placed by its declared index; every
    /// field must be given.
    private mutating func readFieldsInAnyOrder(_ row: borrowing ParsedRow, fields: Range<Int>,
                                               text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        rowFields.removeAll(keepingCapacity: true)
        rowFields.append(contentsOf: repeatElement(nil, count: fields.count))
        for position in 0..<row.fieldCount {
            let member = row.field(position)
            let field = try names.index(of: member.name, in: names.fields, among: fields, key: .fields, text: text)
            rowFields[field - fields.lowerBound] = try RowValues.scalar(member.value, of: names.fieldTypes[field],
                                                                        at: names.fieldPaths[field], text: text)
        }
        // Names are distinct (a name given twice is a JSON error) and declared: one left is missing.
        if let missing = rowFields.firstIndex(where: { $0 == nil }) {
            let field = fields.lowerBound + missing
            throw FixtureError(path: "fields", "missing field '\(names.fields.name(field))' (\(names.fieldTypes[field]))")
        }
        for value in rowFields { if let value { rowValues.append(value) } }
    }

    private mutating func addParameter(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        let index = try names.index(of: row[.parameter], in: names.parameters, key: .parameter, text: text)
        guard let value = row[.value] else { throw FixtureError(path: "", "a parameter's row needs 'value'") }
        guard !parameterGiven[index] else {
            throw FixtureError(path: "parameter", "'\(program.parameters[index].name)' is given twice for this user")
        }
        parameterGiven[index] = true
        storeWritten = true
        let scalar = try RowValues.scalar(value, of: program.parameters[index].type, at: "value", text: text)
        do {
            try store.setParameter(index, scalar)
        } catch {
            throw FixtureError(path: "value", "\(error)")
        }
    }

    /// A tip's state, merged key by key with what earlier rows gave for the same tip.
    private mutating func addTipState(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        guard let nameValue = row[.tip] else { throw FixtureError(path: "", "a tip's state needs 'tip'") }
        let tip = try tipIndex(nameValue, text: text)
        // The tip's name as written, a string only where a message or the decoder needs it.
        let name = { (try? RowValues.name(nameValue, key: .tip, text: text)) ?? "" }
        let state: TipState
        if let usual = tipState(row, text: text) { state = usual } else { state = try decodedTipState(row, name: name(), text: text) }
        if let latest = state.displayDates.last { try checkNotAfterNow(latest, at: "displays") }
        // The keys the row gives, a bit each (`RowKey.tipStateBit`); the first given twice for the
        // tip is an error.
        var given: UInt8 = 0
        for key in RowKey.tipStateKeys where row.has(key) { given |= key.tipStateBit }
        let twice = given & tipKeysGiven[tip]
        if twice != 0 {
            let key = RowKey.tipStateKeys[twice.trailingZeroBitCount]
            throw FixtureError(path: key.name, "'\(key.name)' of '\(name())' is given twice for this user")
        }
        tipKeysGiven[tip] |= given
        // Merged in a copy written back once: each key written in the array in place would check
        // the array and the optional state again.
        var merged: TipState
        if let held = tipStates[tip] {
            merged = held
        } else {
            merged = TipState()
            tipOrder.append(tip)
        }
        if given & RowKey.displayCount.tipStateBit != 0 { merged.displayCount = state.displayCount }
        if given & RowKey.displayDuration.tipStateBit != 0 { merged.displayDuration = state.displayDuration }
        if given & RowKey.invalidated.tipStateBit != 0 { merged.invalidation = state.invalidation }
        if given & RowKey.displays.tipStateBit != 0 {
            merged.displayDates = state.displayDates
            // A display count no row gives is the number of displays, as in a fixture.
            if tipKeysGiven[tip] & RowKey.displayCount.tipStateBit == 0 { merged.displayCount = state.displayCount }
        }
        tipStates[tip] = merged
    }

    /// The index of the tip a tip's state names (by its name or its id): the last such row's when
    /// the bytes are the same (one comparison), else looked up, or an error naming the nearest tip.
    private mutating func tipIndex(_ value: RowValue, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Int {
        if case .string(let range) = value, let last = lastTipState,
           last.name.withUnsafeBufferPointer({ SameBytes.equal($0, UnsafeBufferPointer(rebasing: text[range])) }) {
            return last.tip
        }
        let name = try RowValues.name(value, key: .tip, text: text)
        guard let tip = program.tipIndex(named: name) else {
            throw FixtureError(path: "tip", "no such tip '\(name)'"
                               + (Spelling.closest(to: name, in: program.tips.map(\.id)).map { " (did you mean '\($0)'?)" } ?? ""))
        }
        lastTipState = (Array(name.utf8), tip)
        return tip
    }

    /// Throws when `date`, a display's, is after now: a tip cannot have appeared in the future.
    private func checkNotAfterNow(_ date: Double, at path: String) throws(FixtureError) {
        try RowValues.checkNotAfter(now, date, at: path, what: "a tip cannot have appeared in the future")
    }

    /// A tip's state from a row's usual values, as the fixture decoder reads a tip's entry; nil
    /// when a value is not of the usual kind (the decoder then reads it and says what is wrong).
    private func tipState(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) -> TipState? {
        var state = TipState()
        if row.has(.displays) {
            var dates: [Double] = []
            for item in row.displays {
                guard let date = try? RowValues.date(item, at: "", text: text) else { return nil }
                dates.append(date)
            }
            state.displayDates = Array(dates.sorted().suffix(TipState.maximumDisplayHistory))
            state.displayCount = dates.count
        }
        switch row[.displayCount] {
        case nil: break
        case .integer(let count)? where count >= 0: state.displayCount = count
        default: return nil
        }
        switch row[.displayDuration] {
        case nil: break
        case .integer(let seconds)? where seconds >= 0: state.displayDuration = Double(seconds)
        case .number(let seconds)? where seconds >= 0 && seconds.isFinite: state.displayDuration = seconds
        default: return nil
        }
        switch row[.invalidated] {
        case nil, .null?: break
        case .string(let range)?:
            guard let reason = invalidationReasons.choice(spelledBy: UnsafeBufferPointer(rebasing: text[range])) else { return nil }
            state.invalidation = reason
        default: return nil
        }
        return state
    }

    /// A tip's state through the fixture decoder itself (`{"tips": {NAME: {…}}}`).
    private func decodedTipState(_ row: borrowing ParsedRow, name: String, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> TipState {
        var members = JSONObject()
        for key in RowKey.tipStateKeys where key != .displays {
            if let value = row[key] { members.insert(value.json(in: text), forKey: key.name) }
        }
        if row.has(.displays) { members.insert(.array(row.displays.map { $0.json(in: text) }), forKey: RowKey.displays.name) }
        let decoded = try RowValues.decodeFixture(.object(["tips": .object(JSONObject([(name, .object(members))]))]),
                                                   program: program, pathPrefix: "tips.\(name).")
        return decoded.tipStates.first?.state ?? TipState()
    }

    private mutating func addStoreValues(_ row: borrowing ParsedRow, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) {
        storeWritten = true
        if let value = row[.lastDisplayDate] {
            guard !lastDisplayDateGiven else { throw FixtureError(path: "lastDisplayDate", "given twice for this user") }
            lastDisplayDateGiven = true
            if case .null = value {} else {
                let date = try RowValues.date(value, at: "lastDisplayDate", text: text)
                try checkNotAfterNow(date, at: "lastDisplayDate")
                store.lastDisplayDate = date
            }
        }
        if let value = row[.utcOffset] {
            guard !utcOffsetGiven else { throw FixtureError(path: "utcOffset", "given twice for this user") }
            utcOffsetGiven = true
            let decoded = try RowValues.decodeFixture(.object(["utcOffset": value.json(in: text)]), program: program, pathPrefix: "")
            do {
                try store.setUTCOffset(decoded.utcOffset ?? 0)
            } catch {
                throw FixtureError(path: "utcOffset", "\(error)")
            }
        }
    }
}
