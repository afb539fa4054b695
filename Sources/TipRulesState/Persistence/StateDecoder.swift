import TipRulesRuntime

/// Reads saved state bytes (`StateEncoder`) against a program, carrying the state over by name
/// as a rules update does (`EventStore.carriedOver(to:)`) when the program's names differ from
/// those the state was saved under. Bytes that cannot be read safely are refused as a whole.
public enum StateDecoder {
    /// The state in `bytes` as a store of `program`, the engine clock it was saved with, and what
    /// could not be carried over to `program`.
    public static func decode(_ bytes: [UInt8], for program: Program) throws(StateFormatError) -> SavedState {
        let (payload, end, version) = try StateFormat.unframe(bytes, magic: StateFormat.stateMagic, what: "a saved tip state")
        guard end == bytes.count else { throw .malformed(at: end, "unexpected bytes after the saved state") }
        var reader = ByteReader(bytes: bytes, offset: payload.startIndex, part: "the saved state")
        return try StateFormatError.reading(at: payload.startIndex) {
            let schema = try SavedSchema(reading: &reader)
            let direct = schema.matches(program)
            var store = EventStore(program: direct ? program : try schema.program())
            let clock = try readValues(&reader, schema, into: &store)
            if version >= 2 {
                reader.part = "the exposures"
                for _ in 0..<(try reader.count(minimumSize: 13)) {
                    let start = reader.offset
                    do { try store.recordExposure(try reader.exposure()) } catch let error as StoreError {
                        throw StateFormatError.malformed(at: start, error.description)
                    }
                }
                reader.part = "the invalidation dates"
                for tip in schema.tips.indices {
                    let start = reader.offset
                    guard let date = try reader.optionalDouble() else { continue }
                    guard date.isFinite else { throw StateFormatError.malformed(at: start, "an invalidation date that is not finite") }
                    var state = store.tipState(tip)
                    state.invalidationDate = state.invalidation == nil ? nil : date
                    store.setTipState(tip, state)
                }
            }
            guard reader.offset == end else { throw StateFormatError.malformed(at: reader.offset, "unexpected bytes after the tip states") }
            if direct { return SavedState(store: store, clock: clock, problems: []) }
            let (carried, problems) = store.carriedOver(to: program)
            return SavedState(store: carried, clock: clock, problems: problems)
        }
    }

    /// Reads the values after the schema into `store`; returns the saved clock.
    private static func readValues(_ reader: inout ByteReader, _ schema: SavedSchema, into store: inout EventStore) throws -> Double? {
        let program = store.program
        reader.part = "the saved dates and overrides"
        let clock = try reader.optionalDouble()
        store.lastDisplayDate = try reader.optionalDouble()
        let offsetStart = reader.offset
        do { try store.setUTCOffset(Int(try reader.fixed(Int32.self))) } catch let error as StoreError {
            throw StateFormatError.malformed(at: offsetStart, error.description)
        }
        store.testing.showAllTips = try reader.bool()
        store.testing.hideAllTips = try reader.bool()
        store.testing.showTips = Set(try reader.strings())
        store.testing.hideTips = Set(try reader.strings())
        reader.part = "the saved parameter values"
        for saved in schema.parameters {
            let value = try reader.scalar(saved.type)
            if let index = program.parameterIndex(named: saved.name) { try store.setParameter(index, value) }
        }
        for (event, saved) in schema.events.enumerated() {
            reader.part = "the donations of '\(saved.name)'"
            store.restoreDonations(event: event, try DonationCoding.read(&reader, kinds: saved.fields.map(\.type)))
        }
        for (tip, name) in schema.tips.enumerated() {
            reader.part = "the state of tip '\(name)'"
            var state = TipState()
            state.displayCount = try reader.unsigned()
            let durationStart = reader.offset
            state.displayDuration = try reader.double()
            guard state.displayDuration.isFinite, state.displayDuration >= 0 else {
                throw StateFormatError.malformed(at: durationStart, "a displayed time that is not a finite, non-negative duration")
            }
            let start = reader.offset
            state.invalidation = try InvalidationCode.reason(try reader.byte(), at: start)
            let dates = try reader.count(minimumSize: 8, limit: TipState.maximumDisplayHistory)
            var previous = -Double.infinity
            state.displayDates = try (0..<dates).map { _ in
                let dateStart = reader.offset
                let date = try reader.double()
                // The display history is kept oldest first: frequency caps search it.
                guard date.isFinite, date >= previous else {
                    throw StateFormatError.malformed(at: dateStart, "a display date that is not finite or older than the one before")
                }
                previous = date
                return date
            }
            store.setTipState(tip, state)
        }
        return clock
    }
}

/// Saved state read back: the store, the engine clock it was saved with, and what could not be
/// carried over to the program it was read against.
public struct SavedState: Sendable {
    public var store: EventStore
    public var clock: Double?
    public var problems: [CarryOverProblem]

    public init(store: EventStore, clock: Double? = nil, problems: [CarryOverProblem] = []) {
        self.store = store
        self.clock = clock
        self.problems = problems
    }

    /// An engine that continues from this state.
    public func engine() -> TipEngine {
        var engine = TipEngine(store: store)
        engine.clock = clock
        return engine
    }
}

extension TipEngine {
    /// The engine's whole state as saved state bytes (`StateEncoder`).
    public func savedState() -> [UInt8] {
        StateEncoder.encode(store, clock: clock)
    }
}
