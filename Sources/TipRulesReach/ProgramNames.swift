import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore

/// A program's event, parameter and field names as bytes, so that a row's names are looked up
/// without making strings; and each field's JSON path in a row, made once. Every event's fields
/// are in one table, event after event: event `e`'s are `fieldRanges[e]`.
struct ProgramNames {
    let events: NameTable
    let parameters: NameTable
    let tips: NameTable
    let fields: NameTable
    let fieldRanges: [Range<Int>]
    /// Each field's declared type, in the order of `fields`.
    let fieldTypes: [ScalarKind]
    /// Each field's path in a row (`fields.NAME`), in the order of `fields`.
    let fieldPaths: [String]

    init(_ program: Program) {
        events = NameTable(program.events.map(\.name))
        parameters = NameTable(program.parameters.map(\.name))
        tips = NameTable(program.tips.map(\.id))
        let allFields = program.events.flatMap(\.fields)
        fields = NameTable(allFields.map(\.name))
        fieldRanges = program.events.reduce(into: []) { ranges, event in
            let start = ranges.last?.upperBound ?? 0
            ranges.append(start..<start + event.fields.count)
        }
        fieldTypes = allFields.map(\.type)
        fieldPaths = allFields.map { "fields.\($0.name)" }
    }

    /// The index in `table` (among `candidates`, all by default) of the name `value` holds (the value
    /// of `key`, or a field's name for `.fields`), or an error that says what was found and suggests
    /// the nearest name. `noun` names what the table holds, `key`'s name by default.
    func index(of value: RowValue?, in table: NameTable, among candidates: Range<Int>? = nil, key: RowKey, noun: String? = nil,
               text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Int {
        let range = try nameRange(of: value, key: key, noun: noun, text: text)
        let bytes = UnsafeBufferPointer(rebasing: text[range])
        let among = candidates ?? 0..<table.count
        if let index = among.first(where: { table.matches($0, bytes) }) { return index }
        let name = String(decoding: bytes, as: UTF8.self)
        let hint = Spelling.closest(to: name, in: among.map(table.name)).map { " (did you mean '\($0)'?)" } ?? ""
        if key == .fields { throw FixtureError(path: "fields.\(name)", "no such field" + hint) }
        throw FixtureError(path: key.name, "no such \(noun ?? key.name) '\(name)'" + hint)
    }

    /// The index in `table` of the name `value` holds, or nil when it is a name the table does not
    /// have (a row about something the program no longer declares); an error when it is no name.
    func declaredIndex(of value: RowValue?, in table: NameTable, key: RowKey, noun: String,
                       text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Int? {
        let bytes = UnsafeBufferPointer(rebasing: text[try nameRange(of: value, key: key, noun: noun, text: text)])
        return (0..<table.count).first { table.matches($0, bytes) }
    }

    /// Where in `text` the name `value` holds is, or an error saying what was found instead.
    private func nameRange(of value: RowValue?, key: RowKey, noun: String?, text: UnsafeBufferPointer<UInt8>) throws(FixtureError) -> Range<Int> {
        guard let value else { throw FixtureError(path: "", "the row needs '\(key.name)'") }
        guard case .string(let range) = value else {
            let what = key == .fields ? "field" : noun ?? key.name
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw FixtureError(path: key.name, "expected the name of \(article) \(what), found \(FixtureDecoder.describe(value.json(in: text)))")
        }
        return range
    }
}

/// Names kept as one buffer of UTF-8 bytes, compared with a row's bytes without making a string
/// or reading an array per name.
struct NameTable {
    private let bytes: [UInt8]
    /// Where each name ends in `bytes` (it starts where the one before ends).
    private let ends: [Int]

    init(_ names: [String]) {
        bytes = names.flatMap(\.utf8)
        ends = names.reduce(into: []) { ends, name in ends.append((ends.last ?? 0) + name.utf8.count) }
    }

    var count: Int { ends.count }

    /// Whether name `index` is `name`.
    @inline(__always)
    func matches(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == name.count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            guard let names = bytes.baseAddress, let other = name.baseAddress else { return name.isEmpty }
            return SameBytes.equal(names + start, other, count: name.count)
        }
    }

    /// Name `index` as a string, for messages.
    func name(_ index: Int) -> String {
        String(decoding: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
    }
}
