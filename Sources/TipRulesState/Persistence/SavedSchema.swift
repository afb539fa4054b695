import TipRulesRuntime

/// The names and types saved state was written under: its persisted parameters, its events
/// with their fields, its tips (by id; state saved before ids has their names).
struct SavedSchema {
    var parameters: [FieldInfo] = []
    var events: [(name: String, fields: [FieldInfo])] = []
    var tips: [String] = []

    init(reading reader: inout ByteReader) throws {
        reader.part = "the saved parameters"
        parameters = try (0..<reader.count(minimumSize: 2)).map { _ in FieldInfo(name: try reader.string(), type: try reader.kind()) }
        reader.part = "the saved events"
        events = try (0..<reader.count(minimumSize: 2)).map { _ in
            let name = try reader.string()
            let fields = try (0..<reader.count(minimumSize: 2)).map { _ in FieldInfo(name: try reader.string(), type: try reader.kind()) }
            return (name, fields)
        }
        reader.part = "the saved tips"
        tips = try reader.strings()
    }

    /// Whether the state can be read straight into a store of `program`: the same events with
    /// the same fields and the same tips, in order, and every saved parameter with its type.
    func matches(_ program: Program) -> Bool {
        program.events.count == events.count
            && zip(program.events, events).allSatisfy { $0.name == $1.name && $0.fields == $1.fields }
            && (program.tips.map(\.id) == tips || program.tips.map(\.name) == tips)
            && parameters.allSatisfy { saved in
                program.parameterIndex(named: saved.name).map { program.parameters[$0].type == saved.type } ?? false
            }
    }

    /// A program with exactly these names and types and no rules, to read the state into before
    /// carrying it over to another program.
    func program() throws(StateFormatError) -> Program {
        do {
            return try Program(
                sourceName: "saved state",
                parameters: parameters.map { ParameterInfo(name: $0.name, type: $0.type, defaultValue: $0.type.zero, line: 0) },
                events: events.map { EventInfo(name: $0.name, fields: $0.fields, line: 0) },
                tips: tips.map { TipInfo(name: $0, id: $0, title: $0, line: 0) })
        } catch {
            throw .malformed(at: StateFormat.headerSize, "the saved names do not form a valid schema: \(error)")
        }
    }
}
