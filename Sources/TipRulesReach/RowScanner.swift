#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
            guard let key = key(), consume(UInt8(ascii: ":")) else { return false }
            switch key {
            case .fields:
                guard !row.has(.fields), scanFields(into: &row) else { return false }
            case .displays:
                guard !row.has(.displays), scanDisplays(into: &row) else { return false }
            default:
                guard row[key] == nil, let value = scalar() else { return false }
                row[key] = value
            }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) && atEnd()
    }

    private mutating func scanFields(into row: inout ParsedRow) -> Bool {
        row.give(.fields)
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let name = string(), consume(UInt8(ascii: ":")), let value = scalar() else { return false }
            // A name given twice is the parser's error to report.
            for field in row.fields {
                if case .string(let other) = field.name, equal(other, name) { return false }
            }
            row.fields.append((.string(name), value))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private mutating func scanDisplays(into row: inout ParsedRow) -> Bool {
        row.give(.displays)
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
        case UInt8(ascii: "\""): return string().map(RowValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    /// The bytes between the quotes of a string of printable ASCII without escapes: the closing
    /// quote found by `memchr`, then the bytes before it checked eight at a time.
    private mutating func string() -> Range<Int>? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = index + 1
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start) else { return nil }
        let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var position = start
        while position + 8 <= end {
            guard !Self.hasSpecialByte(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) else { return nil }
            position += 8
        }
        while position < end {
            let byte = bytes[position]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        index = end + 1
        return start..<end
    }

    /// Whether one of the eight bytes of `word` is a backslash, below 0x20 or above 0x7F (bit
    /// tricks that never miss one; a quote cannot be among them: they come before the first).
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let backslash = word ^ (ones &* 0x5C)
        let isBackslash = (backslash &- ones) & ~backslash & highs
        let isControl = (word &- ones &* 0x20) & ~word & highs
        return (isBackslash | isControl | (word & highs)) != 0
    }

    /// A number as the JSON parser reads it: an integer when written without a fraction or exponent
    /// and in `Int`'s range, otherwise a finite `Double`; nil (the parser's case) for anything unusual.
    private mutating func number() -> RowValue? {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var magnitude: UInt64 = 0
        // Up to 19 digits cannot overflow a UInt64; more are read as a Double below.
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            if index - digitsStart < 19 { magnitude = magnitude &* 10 &+ UInt64(digit) }
            index += 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0, !(digitCount > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else { return nil }
        var isInteger = digitCount < 20
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard skipDigits() else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        if isInteger {
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

    /// A key, quoted, read in place: its first letter names one or a few keys, whose spellings are
    /// compared with the bytes at once (no string is scanned, no table is read). Nil for any other
    /// name, and for a key written with escapes (the full parser reads those).
    private mutating func key() -> RowKey? {
        skipWhitespace()
        let start = index + 1
        guard start < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "u"): return take(.user, at: start) ?? take(.utcOffset, at: start)
        case UInt8(ascii: "e"): return take(.event, at: start) ?? take(.exposure, at: start)
        case UInt8(ascii: "d"):
            return take(.date, at: start) ?? take(.displays, at: start) ?? take(.displayCount, at: start)
                ?? take(.displayDuration, at: start)
        case UInt8(ascii: "f"): return take(.fields, at: start)
        case UInt8(ascii: "p"): return take(.parameter, at: start) ?? take(.percent, at: start)
        case UInt8(ascii: "v"): return take(.value, at: start)
        case UInt8(ascii: "t"): return take(.tip, at: start)
        case UInt8(ascii: "i"): return take(.invalidated, at: start) ?? take(.interaction, at: start)
        case UInt8(ascii: "l"): return take(.lastDisplayDate, at: start)
        case UInt8(ascii: "g"): return take(.group, at: start)
        case UInt8(ascii: "a"): return take(.arm, at: start)
        case UInt8(ascii: "k"): return take(.kind, at: start)
        default: return nil
        }
    }

    /// `key`, moving past its closing quote, when the bytes at `position` spell it.
    @inline(__always)
    private mutating func take(_ key: RowKey, at position: Int) -> RowKey? {
        guard spelled(key, at: position) else { return nil }
        index = position + key.spelling.utf8CodeUnitCount + 1
        return key
    }

    /// Whether the bytes at `position` are `key`'s spelling followed by a quote.
    @inline(__always)
    private func spelled(_ key: RowKey, at position: Int) -> Bool {
        let spelling = key.spelling
        let count = spelling.utf8CodeUnitCount
        guard position + count < bytes.count, bytes[position + count] == UInt8(ascii: "\""),
              let base = bytes.baseAddress else { return false }
        return memcmp(base + position, spelling.utf8Start, count) == 0
    }

    private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { bytes[$0] == bytes[$1] }
    }


    /// Moves past `byte` (after any whitespace) if it comes next. Compact lines have none: the
    /// byte is looked at first.
    @inline(__always)
    private mutating func consume(_ byte: UInt8) -> Bool {
        if index < bytes.count, bytes[index] == byte {
            index += 1
            return true
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
