import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// A program's event, parameter and field names as bytes, so that a row's names are looked up
/// without making strings; and each field's JSON path in a row, made once.
struct ProgramNames {
    let events: [[UInt8]]
    let parameters: [[UInt8]]
    /// Per event, its fields' names.
    let fields: [[[UInt8]]]
    /// Per event, each field's path in a row: `fields.NAME`.
    let fieldPaths: [[String]]

    init(_ program: Program) {
        events = program.events.map { Array($0.name.utf8) }
        parameters = program.parameters.map { Array($0.name.utf8) }
        fields = program.events.map { $0.fields.map { Array($0.name.utf8) } }
        fieldPaths = program.events.map { $0.fields.map { "fields.\($0.name)" } }
    }

    private static func equal(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        name.withUnsafeBufferPointer { name in
            for offset in 0..<name.count where name[offset] != bytes[offset] { return false }
            return true
        }
    }

    /// The index in `names` of the name `value` holds (the value of `key`, or a field's name for
    /// `.fields`), or an error that says what was found and suggests the nearest name.
    func index(of value: RowValue?, among names: [[UInt8]], key: RowKey,
               line: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Int {
        let what = key == .fields ? "field" : key.name
        guard let value else { throw FixtureError(path: "", "the row needs '\(key.name)'") }
        let name: String
        switch value {
        case .bytes(let range):
            let bytes = UnsafeBufferPointer(rebasing: line[range])
            for (index, candidate) in names.enumerated() where candidate.count == bytes.count {
                if Self.equal(candidate, bytes) { return index }
            }
            name = String(decoding: bytes, as: UTF8.self)
        case .text(let text):
            if let index = names.firstIndex(where: { $0.elementsEqual(text.utf8) }) { return index }
            name = text
        default:
            throw FixtureError(path: key.name, "expected the name of a \(what), found \(FixtureDecoder.describe(value.json(in: line)))")
        }
        let candidates = names.map { String(decoding: $0, as: UTF8.self) }
        let hint = Spelling.closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
        if key == .fields { throw FixtureError(path: "fields.\(name)", "no such field" + hint) }
        throw FixtureError(path: key.name, "no such \(what) '\(name)'" + hint)
    }
}
