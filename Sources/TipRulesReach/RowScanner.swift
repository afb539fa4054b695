/// The fast path of the row reader: reads one line of the usual shape — an object of known keys
/// whose strings have no escapes and only ASCII, whose numbers are plain, whose `"fields"` is an
/// object of scalars and whose `"displays"` an array of scalars — straight from its bytes, without
/// making a `String` or a `JSONValue`. Anything else (and every error) is left to the full JSON
/// parser (`ParsedRow.fill(from:)`), so both paths read a row alike and errors are the parser's.
struct RowScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Fills `row` from `line`; false when the line needs the full parser.
    static func scan(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow) -> Bool {
        row.clear()
        var scanner = RowScanner(line)
        return scanner.scanObject(into: &row)
    }

    private mutating func scanObject(into row: inout ParsedRow) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return atEnd() }
        repeat {
            guard let name = string(), consume(UInt8(ascii: ":")), let key = key(named: name) else { return false }
            switch key {
            case .fields:
                guard !row.hasFields, scanFields(into: &row) else { return false }
            case .displays:
                guard !row.hasDisplays, scanDisplays(into: &row) else { return false }
            default:
                guard row[key] == nil, let value = scalar() else { return false }
                row[key] = value
            }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) && atEnd()
    }

    private mutating func scanFields(into row: inout ParsedRow) -> Bool {
        row.hasFields = true
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let name = string(), consume(UInt8(ascii: ":")), let value = scalar() else { return false }
            // A name given twice is the parser's error to report.
            for field in row.fields {
                if case .bytes(let other) = field.name, equal(other, name) { return false }
            }
            row.fields.append((.bytes(name), value))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private mutating func scanDisplays(into row: inout ParsedRow) -> Bool {
        row.hasDisplays = true
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard let value = scalar() else { return false }
            row.displays.append(value)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// A string, a plain number, `true`, `false` or `null`; nil for anything else.
    private mutating func scalar() -> RowValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map(RowValue.bytes)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    /// The bytes between the quotes of a string of printable ASCII without escapes.
    private mutating func string() -> Range<Int>? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                return start..<position
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// A number as the JSON parser reads it: an integer when written without a fraction or exponent
    /// and in `Int`'s range, otherwise a finite `Double`; nil (the parser's case) for anything unusual.
    private mutating func number() -> RowValue? {
        let start = index
        let negative = consume(UInt8(ascii: "-"))
        let digitsStart = index
        var magnitude: UInt64 = 0
        var overflow = false
        while index < bytes.count, isDigit(bytes[index]) {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = plus
            index += 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0, !(digitCount > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else { return nil }
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard skipDigits() else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        if isInteger, !overflow {
            if negative, magnitude <= UInt64(Int.max) + 1 { return .integer(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)) }
            if !negative, magnitude <= UInt64(Int.max) { return .integer(Int(magnitude)) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return .number(value)
    }

    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index > start
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private func key(named range: Range<Int>) -> RowKey? {
        for (raw, name) in RowKey.nameBytes.enumerated() where name.count == range.count {
            if name.withUnsafeBufferPointer({ equalBytes($0, range) }) { return RowKey(rawValue: raw) }
        }
        return nil
    }

    private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { bytes[$0] == bytes[$1] }
    }

    private func equalBytes(_ name: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for offset in 0..<name.count where name[offset] != bytes[range.lowerBound + offset] { return false }
        return true
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
