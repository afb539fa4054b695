/// The fast path of the row reader: reads one line of the usual shape — an object of known keys
/// whose strings have no escapes and only ASCII, whose numbers are plain, whose `"fields"` is an
/// object of scalars and whose `"displays"` an array of scalars — straight from its bytes, without
/// making a `String` or a `JSONValue`. Anything else (and every error) is left to the full JSON
/// parser (`ParsedRow.fill(from:)`), so both paths read a row alike and errors are the parser's.
///
/// Strings are scanned eight bytes at a time (their closing quote and any byte that needs the
/// parser found in one pass over a word), keys matched by comparing words. Every read is below
/// the line's end: a word is loaded only where eight bytes are left, the bytes after it one by one.
struct RowScanner {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var index = 0

    private init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Fills `row` from `line`; false when the line needs the full parser.
    static func scan(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow) -> Bool {
        row.clear()
        guard let base = line.baseAddress else { return false }
        var scanner = RowScanner(base: base, count: line.count)
        return scanner.scanObject(into: &row)
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

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
                guard !row.has(key), let value = scalar() else { return false }
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
            for field in 0..<row.fieldCount {
                if case .string(let other) = row.field(field).name, equal(other, name) { return false }
            }
            row.appendField(name: .string(name), value: value)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private mutating func scanDisplays(into row: inout ParsedRow) -> Bool {
        row.give(.displays)
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard let value = scalar() else { return false }
            row.appendDisplay(value)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// A string, a plain number, `true`, `false` or `null`; nil for anything else.
    @inline(__always)
    private mutating func scalar() -> RowValue? {
        skipWhitespace()
        guard index < count else { return nil }
        switch base[index] {
        case Self.quote: return string().map(RowValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    /// The bytes between the quotes of a string of printable ASCII without escapes, read a word
    /// (eight bytes) at a time: the first quote of the word ends the string, and no byte before it
    /// may be a backslash, a control character or a byte above 0x7F (the parser reads those).
    @inline(__always)
    private mutating func string() -> Range<Int>? {
        skipWhitespace()
        guard index < count, base[index] == Self.quote else { return nil }
        let start = index &+ 1
        var position = start
        while position <= count &- 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let quotes = Self.bytes(of: word, equalTo: Self.quote)
            let specials = Self.specialBytes(of: word)
            if quotes != 0 {
                // The flags below the first quote's: those of the string's last bytes.
                guard specials & ((quotes & (0 &- quotes)) &- 1) == 0 else { return nil }
                let end = position &+ quotes.trailingZeroBitCount &>> 3
                index = end &+ 1
                return start..<end
            }
            guard specials == 0 else { return nil }
            position &+= 8
        }
        while position < count {
            let byte = base[position]
            if byte == Self.quote {
                index = position &+ 1
                return start..<position
            }
            guard byte >= 0x20, byte < 0x80, byte != Self.backslash else { return nil }
            position &+= 1
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is `byte`. The lowest flag is always a byte that is
    /// (a flag above it may be a false one, carried by the subtraction): only the lowest is read.
    @inline(__always)
    private static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highs
    }

    /// The high bit of each byte of `word` that is a backslash, below 0x20 or above 0x7F; as for
    /// `bytes(of:equalTo:)`, the lowest flag is always a true one.
    @inline(__always)
    private static func specialBytes(of word: UInt64) -> UInt64 {
        let isControl = (word &- ones &* 0x20) & ~word & highs
        return bytes(of: word, equalTo: backslash) | isControl | (word & highs)
    }

    /// A number as the JSON parser reads it: an integer when written without a fraction or exponent
    /// and in `Int`'s range, otherwise a finite `Double`; nil (the parser's case) for anything unusual.
    private mutating func number() -> RowValue? {
        let start = index
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var magnitude: UInt64 = 0
        // Eight digits at once where eight bytes are left and all are digits (a date in seconds).
        if count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if Self.areDigits(word) {
                magnitude = Self.eightDigits(word)
                index &+= 8
            }
        }
        // Up to 19 digits cannot overflow a UInt64; more are read as a Double below.
        while index < count, case let digit = base[index] &- UInt8(ascii: "0"), digit < 10 {
            if index &- digitsStart < 19 { magnitude = magnitude &* 10 &+ UInt64(digit) }
            index &+= 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0, !(digitCount > 1 && base[digitsStart] == UInt8(ascii: "0")) else { return nil }
        var isInteger = digitCount < 20
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard skipDigits() else { return nil }
        }
        if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        if isInteger {
            if negative, magnitude <= UInt64(Int.max) + 1 { return .integer(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)) }
            if !negative, magnitude <= UInt64(Int.max) { return .integer(Int(magnitude)) }
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return .number(value)
    }

    /// Whether the eight bytes of `word` are all digits: each byte's high half is 3, and stays 3
    /// when 6 is added (which carries out of no byte that passed the first test).
    @inline(__always)
    private static func areDigits(_ word: UInt64) -> Bool {
        let highHalves: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
        return word & highHalves == threes && (word &+ 0x0606_0606_0606_0606) & highHalves == threes
    }

    /// The number the eight digits of `word` (the first in its lowest byte) write: pairs, then
    /// fours, then the eight combined by three multiplications.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64 {
        let pairs = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        let fours = ((pairs & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return ((fours & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    }

    private mutating func skipDigits() -> Bool {
        let start = index
        while index < count, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index > start
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard count - index >= length else { return false }
        for offset in 0..<length where base[index + offset] != word.utf8Start[offset] { return false }
        index += length
        return true
    }

    /// A key, quoted, read in place: the sixteen bytes after its opening quote as two words (in a
    /// line's last sixteen bytes, the bytes left and zeros), the first byte choosing the one to
    /// four keys it can be, each compared with the words masked to its length and followed by a
    /// quote. Nil for any other name, and for a key written with escapes (the full parser reads
    /// those): no key is longer than 15 bytes.
    @inline(__always)
    private mutating func key() -> RowKey? {
        skipWhitespace()
        let start = index &+ 1
        guard start < count, base[index] == Self.quote else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        if count &- start >= 16 {
            low = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self))
        } else {
            for offset in 0..<(count &- start) {
                let byte = UInt64(base[start &+ offset])
                if offset < 8 { low |= byte << (8 * offset) } else { high |= byte << (8 * (offset - 8)) }
            }
        }
        @inline(__always) func take(_ key: RowKey, _ length: Int, _ first: UInt64, _ second: UInt64 = 0) -> RowKey? {
            let firstMask: UInt64 = length >= 8 ? ~0 : (1 << (8 * length)) &- 1
            let secondMask: UInt64 = length <= 8 ? 0 : (1 << (8 * (length - 8))) &- 1
            guard low & firstMask == first, high & secondMask == second,
                  start &+ length < count, base[start &+ length] == Self.quote else { return nil }
            index = start &+ length &+ 1
            return key
        }
        // Each key's spelling as little-endian words (a test reads a row of every key).
        switch UInt8(truncatingIfNeeded: low) {
        case UInt8(ascii: "u"): return take(.user, 4, 0x7265_7375) ?? take(.utcOffset, 9, 0x6573_6666_4f63_7475, 0x74)
        case UInt8(ascii: "e"): return take(.event, 5, 0x74_6e65_7665) ?? take(.exposure, 8, 0x6572_7573_6f70_7865)
        case UInt8(ascii: "d"):
            return take(.date, 4, 0x6574_6164) ?? take(.displays, 8, 0x7379_616c_7073_6964)
                ?? take(.displayCount, 12, 0x4379_616c_7073_6964, 0x746e_756f)
                ?? take(.displayDuration, 15, 0x4479_616c_7073_6964, 0x6e_6f69_7461_7275)
        case UInt8(ascii: "f"): return take(.fields, 6, 0x7364_6c65_6966)
        case UInt8(ascii: "p"): return take(.parameter, 9, 0x6574_656d_6172_6170, 0x72) ?? take(.percent, 7, 0x74_6e65_6372_6570)
        case UInt8(ascii: "v"): return take(.value, 5, 0x65_756c_6176)
        case UInt8(ascii: "t"): return take(.tip, 3, 0x70_6974)
        case UInt8(ascii: "i"):
            return take(.invalidated, 11, 0x6164_696c_6176_6e69, 0x64_6574) ?? take(.interaction, 11, 0x7463_6172_6574_6e69, 0x6e_6f69)
        case UInt8(ascii: "l"): return take(.lastDisplayDate, 15, 0x7073_6944_7473_616c, 0x65_7461_4479_616c)
        case UInt8(ascii: "g"): return take(.group, 5, 0x70_756f_7267)
        case UInt8(ascii: "a"): return take(.arm, 3, 0x6d_7261)
        case UInt8(ascii: "k"): return take(.kind, 4, 0x646e_696b)
        default: return nil
        }
    }

    private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { base[$0] == base[$1] }
    }

    /// Moves past `byte` (after any whitespace) if it comes next. Compact lines have none: the
    /// byte is looked at first.
    @inline(__always)
    private mutating func consume(_ byte: UInt8) -> Bool {
        if index < count, base[index] == byte {
            index &+= 1
            return true
        }
        skipWhitespace()
        guard index < count, base[index] == byte else { return false }
        index &+= 1
        return true
    }

    private mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == count
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index &+= 1
            default: return
            }
        }
    }
}
