import TipRulesRuntime

/// Writes an engine's whole state as saved state bytes (`StateFormat`): the same bytes on every
/// platform, keyed by names so that `StateDecoder` can read them against another program.
///
/// The payload is a schema (the persisted parameters with their types, every event with its
/// fields, every tip by name) followed by the values in schema order: the engine's clock, the
/// last display date, the UTC offset, the testing overrides, the parameter values, each event's
/// donations (oldest first) and each tip's state with its display history. Transient parameters
/// are not saved: a loaded state has their defaults. A state with exposures or invalidation
/// dates ends with them (format version 2: the exposures, then each tip's invalidation date);
/// one without is written as version 1.
public enum StateEncoder {
    /// The saved state of `store`, with the engine's `clock` if known.
    public static func encode(_ store: EventStore, clock: Double? = nil) -> [UInt8] {
        let program = store.program
        let parameters = program.parameters.indices.filter { !program.parameters[$0].isTransient }
        var writer = ByteWriter()
        writer.unsigned(parameters.count)
        for index in parameters {
            writer.string(program.parameters[index].name)
            writer.byte(program.parameters[index].type.rawValue)
        }
        writer.unsigned(program.events.count)
        for event in program.events {
            writer.string(event.name)
            writer.unsigned(event.fields.count)
            for field in event.fields {
                writer.string(field.name)
                writer.byte(field.type.rawValue)
            }
        }
        // Tips by id, what TipKit keeps a tip's state under.
        writer.strings(program.tips.map(\.id))

        writer.optionalDouble(clock)
        writer.optionalDouble(store.lastDisplayDate)
        writer.fixed(Int32(truncatingIfNeeded: store.utcOffset))
        writer.bool(store.testing.showAllTips)
        writer.bool(store.testing.hideAllTips)
        writer.strings(store.testing.showTips.sorted())
        writer.strings(store.testing.hideTips.sorted())
        for index in parameters {
            writer.scalar(store.parameter(index) ?? program.parameters[index].defaultValue)
        }
        for (event, info) in program.events.enumerated() {
            DonationCoding.write(store.donations[event], kinds: info.fields.map(\.type), to: &writer)
        }
        for tip in program.tips.indices {
            let state = store.tipState(tip)
            writer.unsigned(state.displayCount)
            writer.double(state.displayDuration)
            writer.byte(state.invalidation.map(InvalidationCode.code) ?? 0)
            writer.unsigned(state.displayDates.count)
            for date in state.displayDates { writer.double(date) }
        }
        // Version 2: the exposures and the invalidation dates, only when there are some (older
        // runtimes read the others).
        let invalidationDates = program.tips.indices.map { store.tipState($0).invalidationDate }
        guard !store.exposures.isEmpty || invalidationDates.contains(where: { $0 != nil }) else {
            return StateFormat.framed(writer.bytes, magic: StateFormat.stateMagic, version: 1)
        }
        writer.unsigned(store.exposures.count)
        for exposure in store.exposures { writer.exposure(exposure) }
        for date in invalidationDates { writer.optionalDouble(date) }
        return StateFormat.framed(writer.bytes, magic: StateFormat.stateMagic, version: 2)
    }
}

/// The byte of each invalidation reason (0 is none).
enum InvalidationCode {
    static let reasons: [InvalidationReason] = [.actionPerformed, .tipClosed, .displayCountExceeded, .displayDurationExceeded]

    static func code(_ reason: InvalidationReason) -> UInt8 {
        UInt8(reasons.firstIndex(of: reason) ?? 0) + 1
    }

    /// The reason of a code, nil for 0; throws for an unknown code.
    static func reason(_ code: UInt8, at offset: Int) throws(StateFormatError) -> InvalidationReason? {
        guard code != 0 else { return nil }
        guard Int(code) <= reasons.count else { throw .malformed(at: offset, "unknown invalidation reason \(code)") }
        return reasons[Int(code) - 1]
    }
}
