import TipRulesRuntime

/// The program a fixture implies, for `tiprulec state import` without `--program`: a parameter
/// for each of its parameters, an event for each event it donates (its fields in the order of
/// their first appearance), a tip for each tip it names — typed by their JSON values (true/false a
/// `Bool`, an integer an `Int`, another number a `Double`, a string a `String`; integers and other
/// numbers together a `Double`) and without rules. A state folder made with it exports back to the
/// same fixture (a tip named only by the testing overrides is a tip too);
/// `eval PROGRAM --state DIR` reads its state with PROGRAM's types, as from the
/// fixture. What the fixture decoder would refuse is left to it, so its errors name the JSON path.
package enum FixtureSchema {
    package static func program(of json: JSONValue, name: String) throws(FixtureError) -> Program {
        var parameters: [ParameterInfo] = []
        for (parameter, value) in json["parameters"]?.objectValue?.entries ?? [] {
            guard let kind = kind(of: value) else { continue }
            parameters.append(ParameterInfo(name: parameter, type: kind, defaultValue: kind.zero, line: 0))
        }
        var events: [EventInfo] = []
        for (event, donations) in json["donations"]?.objectValue?.entries ?? [] {
            var fields: [FieldInfo] = []
            for (index, donation) in (donations.arrayValue ?? []).enumerated() {
                for (field, value) in donation.objectValue?.entries ?? [] where field != "date" {
                    guard let kind = kind(of: value) else { continue }
                    guard let known = fields.firstIndex(where: { $0.name == field }) else {
                        fields.append(FieldInfo(name: field, type: kind))
                        continue
                    }
                    guard let merged = merge(fields[known].type, kind) else {
                        throw FixtureError(path: "donations.\(event)[\(index)].\(field)",
                                           "a \(kind) where an earlier donation has a \(fields[known].type); give --program")
                    }
                    fields[known].type = merged
                }
            }
            events.append(EventInfo(name: event, fields: fields, line: 0))
        }
        var names = json["tips"]?.objectValue?.keys ?? []
        for list in ["showTips", "hideTips"] {
            for name in json["testing"]?[list]?.arrayValue?.compactMap(\.stringValue) ?? [] where !names.contains(name) {
                names.append(name)
            }
        }
        let tips = names.map { TipInfo(name: $0, id: $0, title: $0, line: 0) }
        do {
            return try Program(sourceName: name, parameters: parameters, events: events, tips: tips)
        } catch {
            throw FixtureError(path: "", "its names do not make a program (\(error)); give --program")
        }
    }

    /// The type a JSON value implies; nil for a value of no scalar type (the decoder reports it).
    private static func kind(of value: JSONValue) -> ScalarKind? {
        switch value {
        case .bool: return .bool
        case .integer: return .int
        case .number: return .double
        case .string: return .string
        case .null, .array, .object: return nil
        }
    }

    private static func merge(_ first: ScalarKind, _ second: ScalarKind) -> ScalarKind? {
        if first == second { return first }
        return Set([first, second]) == [.int, .double] ? .double : nil
    }
}
