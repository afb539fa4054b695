/// Donating, deleting and pruning donations.
extension TipEngine {
    /// Donates an event at `date` with its fields by name; every declared field is needed and
    /// no other.
    public mutating func donate(event name: String, fields: [String: ScalarValue] = [:], at date: Double) throws {
        guard let event = program.eventIndex(named: name) else { throw EngineError.noSuchEvent(name) }
        let info = program.events[event]
        // The usual case, every declared field and no other, without sorting the names.
        if fields.count == info.fields.count {
            let values = info.fields.compactMap { fields[$0.name] }
            if values.count == fields.count { return try donate(event: event, fields: values, at: date) }
        }
        if let extra = fields.keys.sorted().first(where: { program.fieldIndex(named: $0, inEvent: event) == nil }) {
            throw EngineError.unknownField(event: name, field: extra)
        }
        let values = try info.fields.map { field -> ScalarValue in
            guard let value = fields[field.name] else { throw EngineError.missingField(event: name, field: field.name) }
            return value
        }
        try donate(event: event, fields: values, at: date)
    }

    /// Donates an event by index with its fields in declared order.
    public mutating func donate(event: Int, fields: [ScalarValue], at date: Double) throws {
        defer { notifyObservers(at: date) }
        do { try store.donate(event: event, date: date, fields: fields) } catch let error as StoreError {
            throw EngineError.store(error)
        }
        donationsChanged(event: event)
    }

    /// Deletes every donation of an event (TipKit's `Event.deleteDonations()`).
    public mutating func deleteDonations(event name: String) throws {
        guard let event = program.eventIndex(named: name) else { throw EngineError.noSuchEvent(name) }
        store.deleteDonations(event: event)
        donationsChanged(event: event)
        notifyObservers()
    }

    /// Deletes, for every event, the donations no rule can see at `now` or later (past the
    /// event's `maximumCount` or `maximumAge`); returns how many were deleted. Call it with the
    /// current time (at launch, or after donating): pruning never changes a decision at `now`
    /// or later.
    @discardableResult
    public mutating func pruneDonations(at now: Double) -> Int {
        defer { notifyObservers(at: now) }
        return pruneHistory(at: now)
    }
}
