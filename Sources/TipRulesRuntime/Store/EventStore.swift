/// What rules are evaluated against: parameter values, the donations of each event, each
/// tip's display state, when the last new tip appeared, and the testing overrides.
///
/// Donations are kept sorted by date per event (out-of-order donations are inserted in place)
/// and stored by column. All donations are kept; the donation limit of each event (its
/// `maximumCount` most recent, no older than `maximumAge`, none after now) is applied when
/// rules are evaluated.
public struct EventStore: Sendable {
    /// The program whose parameters, events and tips this store holds.
    public let program: Program
    @usableFromInline private(set) var parameterValues: [ScalarValue]
    /// Each parameter's default value (what `removeAll()` puts back, without reading the program).
    private let parameterDefaults: [ScalarValue]
    package private(set) var donations: [DonationColumns]
    /// Each event's field kinds, in declared order: what donated values are checked against.
    private let fieldKinds: [[ScalarKind]]
    private var tipStates: [TipState]
    /// Whether a parameter or a tip state has been set since the store was made or emptied: what
    /// `removeAll()` has to put back.
    private var parametersSet = false
    private var tipStatesSet = false
    /// When the last new tip appeared (seconds since 1970); nil if no tip has appeared yet.
    public var lastDisplayDate: Double?
    /// TipKit's testing overrides; tips are named by name or id.
    public var testing = TestingOverrides()
    /// The exposures recorded in holdout experiments, one per tip and group, in the order
    /// recorded (`recordExposure(_:)`).
    public internal(set) var exposures: [Exposure] = []
    /// The device's offset from UTC at evaluation time, in seconds east of UTC (the local
    /// calendar reads dates through it); within `EventStore.utcOffsetRange`.
    public private(set) var utcOffset = 0

    /// The UTC offsets a store accepts: at most 18 hours either way.
    public static let utcOffsetRange = -18 * 3600...18 * 3600

    /// Sets the UTC offset; throws `StoreError.invalidUTCOffset` outside `utcOffsetRange`.
    public mutating func setUTCOffset(_ seconds: Int) throws {
        guard Self.utcOffsetRange.contains(seconds) else { throw StoreError.invalidUTCOffset(seconds) }
        utcOffset = seconds
    }

    /// An empty store: parameters at their defaults, no donations, every tip never displayed.
    public init(program: Program) {
        self.program = program
        parameterDefaults = program.parameters.map(\.defaultValue)
        parameterValues = parameterDefaults
        donations = program.events.map { DonationColumns(fieldCount: $0.fields.count) }
        fieldKinds = program.events.map { $0.fields.map(\.type) }
        tipStates = Array(repeating: TipState(), count: program.tips.count)
    }

    /// Empties the store as `init(program:)` makes it, keeping its storage: what lets one store serve
    /// user after user (`tiprulec reach`) without allocating its columns anew.
    /// Only what was filled is emptied: a user's store usually holds one event's donations and
    /// no tip state.
    public mutating func removeAll() {
        if parametersSet {
            for (index, value) in parameterDefaults.enumerated() { parameterValues[index] = value }
            parametersSet = false
        }
        for index in donations.indices where !donations[index].isEmptyAsNew { donations[index].removeAll() }
        if tipStatesSet {
            let initial = TipState()
            for index in tipStates.indices { tipStates[index] = initial }
            tipStatesSet = false
        }
        lastDisplayDate = nil
        if !testing.isEmpty { testing = TestingOverrides() }
        if !exposures.isEmpty { exposures.removeAll(keepingCapacity: true) }
        utcOffset = 0
    }

    /// The current value of a parameter.
    public func parameter(_ index: Int) -> ScalarValue? {
        parameterValues.indices.contains(index) ? parameterValues[index] : nil
    }

    /// Sets a parameter; the value must have the parameter's declared type.
    public mutating func setParameter(_ index: Int, _ value: ScalarValue) throws {
        guard program.parameters.indices.contains(index) else { throw StoreError.noSuchParameter(index) }
        let parameter = program.parameters[index]
        guard parameter.type.accepts(value) else {
            throw StoreError.parameterType(name: parameter.name, expected: parameter.type, found: value.kind)
        }
        parameterValues[index] = value
        parametersSet = true
    }

    /// Records a donation of an event at `date` with its field values, in declared order.
    public mutating func donate(event: Int, date: Double, fields: [ScalarValue]) throws {
        try check(event: event, date: date, fields: fields)
        donations[event].insert(date: date, fields: fields)
    }

    /// Records many donations of an event at once, as `donate(event:batch:)` does.
    public mutating func donate(event: Int, contentsOf batch: [Donation]) throws {
        for donation in batch { try check(event: event, date: donation.date, fields: donation.fields) }
        let columns = DonationBatch(kinds: fieldKinds[event])
        for donation in batch { columns.append(date: donation.date, fields: donation.fields) }
        donations[event].insert(columns)
    }

    /// Records an event's donations given by column: donation `i` is dated `dates[i]`, with the
    /// field values `fields[i * k ..< (i + 1) * k]` in declared order (`k` the event's field
    /// count). Checked, sorted and merged as `donate(event:contentsOf:)`, without a `Donation`
    /// per row; when one is refused, none is recorded.
    public mutating func donate(event: Int, dates: [Double], fields: [ScalarValue]) throws {
        guard program.events.indices.contains(event) else { throw StoreError.noSuchEvent(event) }
        let width = fieldKinds[event].count
        let (expected, overflow) = dates.count.multipliedReportingOverflow(by: width)
        guard !overflow, expected == fields.count else {
            throw StoreError.fieldCount(event: program.events[event].name, expected: width,
                                        found: dates.isEmpty ? fields.count : fields.count / dates.count)
        }
        let batch = DonationBatch(kinds: fieldKinds[event])
        for (row, date) in dates.enumerated() { batch.append(date: date, fields: fields[row &* width ..< (row &+ 1) &* width]) }
        try donate(event: event, batch: batch)
    }

    /// Records a batch of an event's donations (`DonationBatch`: what a reader that fills one batch
    /// user after user gives), each checked as `donate(event:date:fields:)` does; when one is
    /// refused, none is recorded. The batch is sorted once and merged with the event's donations
    /// (donations with equal dates keep their order, the batch's after the store's): O(n + m log m)
    /// instead of one insertion per donation.
    public mutating func donate(event: Int, batch: DonationBatch) throws {
        guard program.events.indices.contains(event) else { throw StoreError.noSuchEvent(event) }
        guard batch.kinds == fieldKinds[event] else {
            throw StoreError.fieldCount(event: program.events[event].name, expected: fieldKinds[event].count, found: batch.kinds.count)
        }
        if let found = batch.miscount {
            throw StoreError.fieldCount(event: program.events[event].name, expected: fieldKinds[event].count, found: found)
        }
        guard batch.dates.allSatisfy(OperationBounds.isDate) else { throw StoreError.invalidDate(event: program.events[event].name) }
        if let (position, found) = batch.mismatch { throw fieldTypeError(event: event, at: position, found: found) }
        // Slot bits written by a reader that name no string of the batch: refused, not read.
        if let position = batch.firstUnknownString() { throw fieldTypeError(event: event, at: position, found: .int) }
        donations[event].insert(batch)
    }

    private func check(event: Int, date: Double, fields: [ScalarValue]) throws {
        guard program.events.indices.contains(event) else { throw StoreError.noSuchEvent(event) }
        guard OperationBounds.isDate(date) else { throw StoreError.invalidDate(event: program.events[event].name) }
        guard fields.count == fieldKinds[event].count else {
            throw StoreError.fieldCount(event: program.events[event].name, expected: fieldKinds[event].count, found: fields.count)
        }
        if let position = fields.withUnsafeBufferPointer({ DonationColumns.firstMismatch($0, kinds: fieldKinds[event]) }) {
            throw fieldTypeError(event: event, at: position, found: fields[position].kind)
        }
    }

    /// The error for the value at `position` among an event's donations' values (row by row), of
    /// kind `found`, not its field's.
    private func fieldTypeError(event: Int, at position: Int, found: ScalarKind) -> StoreError {
        let field = program.events[event].fields[position % fieldKinds[event].count]
        return StoreError.fieldType(event: program.events[event].name, field: field.name, expected: field.type, found: found)
    }

    /// Every donation of an event, oldest first, with its field values in declared order.
    public func donations(event: Int) -> [Donation] {
        guard donations.indices.contains(event) else { return [] }
        let columns = donations[event]
        return (0..<columns.count).map { Donation(date: columns.date($0), fields: columns.fields($0, kinds: fieldKinds[event])) }
    }

    /// Replaces an event's donations with columns read back from a saved state.
    package mutating func restoreDonations(event: Int, _ columns: DonationColumns) {
        guard donations.indices.contains(event) else { return }
        donations[event] = columns
    }

    /// Deletes every donation of an event; an index that names no event is ignored.
    public mutating func deleteDonations(event: Int) {
        guard donations.indices.contains(event) else { return }
        donations[event].removeOldest(donations[event].count)
    }

    /// Deletes the donations of an event that no rule can see again at `now` or later: those
    /// older than its `maximumAge`, and those past its `maximumCount` most recent ones dated at or
    /// before now. Donations after now are kept. Returns how many were deleted.
    @discardableResult
    public mutating func pruneDonations(event: Int, now: Double) -> Int {
        guard donations.indices.contains(event) else { return 0 }
        let visible = visibleRows(event: event, now: now)
        donations[event].removeOldest(visible.lowerBound)
        return visible.lowerBound
    }

    /// The rows of an event (which must exist) that a rule sees at `now`: its donation limit applied.
    func visibleRows(event: Int, now: Double) -> Range<Int> {
        let info = program.events[event]
        return donations[event].visibleRows(now: now, maximumCount: info.maximumCount, maximumAge: info.maximumAge)
    }

    /// The number of donations recorded for an event (including those after any evaluation instant).
    public func donationCount(event: Int) -> Int {
        donations.indices.contains(event) ? donations[event].count : 0
    }

    /// What the store records about a tip (the initial state for an unknown index).
    public func tipState(_ tip: Int) -> TipState {
        tipStates.indices.contains(tip) ? tipStates[tip] : TipState()
    }

    /// Records a tip's display count, displayed time and invalidation. An index that names
    /// no tip of the program is ignored.
    public mutating func setTipState(_ tip: Int, _ state: TipState) {
        guard tipStates.indices.contains(tip) else { return }
        tipStates[tip] = state
        tipStatesSet = true
    }
}

/// One recorded donation: its date (seconds since 1970) and its field values in declared order.
public struct Donation: Hashable, Sendable {
    public var date: Double
    public var fields: [ScalarValue]

    public init(date: Double, fields: [ScalarValue]) {
        self.date = date
        self.fields = fields
    }
}
