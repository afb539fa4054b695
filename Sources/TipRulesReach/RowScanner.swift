/// The fast path of the row reader: reads one line of the usual shape — an object of known keys
/// whose strings have no escapes and only ASCII, whose numbers are plain, whose `"fields"` is an
/// object of scalars and whose `"displays"` an array of scalars — straight from its bytes, without
/// making a `String` or a `JSONValue`. Anything else (and every error) is left to the full JSON
/// parser (`ParsedRow.fill(from:)`), so both paths read a row alike and errors are the parser's.
///
/// The bytes are read a word (eight bytes) at a time: a key with its closing quote and colon
/// compared with the key's words, a string ended by the first quote of a word whose earlier bytes
/// need no parser (two words tested at once where sixteen bytes are left), the digits a number
/// begins with found by a mask and converted at once. Every read is inside the line: a word is
/// loaded where eight bytes are left, and in a line's last bytes it is the line's last word
/// shifted, with zeros for the bytes past the end.
///
/// Each reader takes the position it reads at and gives back the position after what it read (nil
/// when the line needs the parser): the scanner itself never changes, so the position stays in a
/// register whether a reader is inlined or not. The readers of a key, a value and `"fields"` are
/// `@_transparent`, so that a row is read by one function: `@inline(__always)` is not honored for
/// a callee of more than 64 blocks in a caller of as many, and a call per token cost a fifth of
/// the scanner's instructions.
struct RowScanner {
    let base: UnsafePointer<UInt8>
    let count: Int

    /// Fills `row` from `line`; false when the line needs the full parser. A line of fewer than
    /// eight bytes (none is a row but `{}`, which the parser reads alike) is the parser's: every
    /// word below is then loaded from the line's own bytes.
    static func scan(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow) -> Bool {
        scan(line, into: &row, after: nil)
    }

    /// `scan(_:into:)` of a line whose compact start, `{"user":` and the user's value, was read
    /// already (`DonationShapes.declinedUser`: the value, and where it ends), so that the user is
    /// not read again; nil reads the line from its start.
    static func scan(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow, after user: (value: RowValue, end: Int)?) -> Bool {
        row.clear()
        guard let base = line.baseAddress, line.count >= 8 else { return false }
        let scanner = RowScanner(base: base, count: line.count)
        if scanner.membersInUsualOrder(into: &row, after: user) { return true }
        row.clear()
        return scanner.object(into: &row)
    }

    /// `scan(_:into:)` of a row in the usual order of its kind alone (`membersInUsualOrder`): what
    /// tests compare with the parser's reading; false for any other line.
    static func scanInUsualOrder(_ line: UnsafeBufferPointer<UInt8>, into row: inout ParsedRow) -> Bool {
        row.clear()
        guard let base = line.baseAddress, line.count >= 8 else { return false }
        return RowScanner(base: base, count: line.count).membersInUsualOrder(into: &row, after: nil)
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// `{"user":` as a little-endian word: how a compact row begins.
    static let userHead: UInt64 = 0x3a22_7265_7375_227b

    /// A row whose keys come in the usual order of its kind with nothing between the tokens, as the
    /// examples, `json.dumps(…, separators=(",", ":"))` and `tiprulec`'s own writers spell it: an
    /// exposure (`user`, `exposure`, `group`, `percent`, `arm`, `date`), an interaction (`user`,
    /// `interaction`, `kind`, `date`) or a parameter (`user`, `parameter`, `value`). Each key, with the
    /// comma before it and the colon after, is compared with the bytes it must be instead of looked
    /// up among every key. False for any other line (the row then half filled): `object(into:)`
    /// reads it, as it reads any order. `given` is the line's start, `{"user":` and the user's value,
    /// when it was read already: the value and where it ends.
    @_transparent
    private func membersInUsualOrder(into row: inout ParsedRow, after given: (value: RowValue, end: Int)?) -> Bool {
        guard let (user, afterUser) = given ?? (load(0) == Self.userHead ? scalar(at: 8) : nil) else { return false }
        row.set(.user, user)
        var position = afterUser
        @_transparent func read(_ run: KeyRun) -> Bool {
            guard matches(run, at: position), let (value, end) = scalar(at: position &+ run.length) else { return false }
            row.set(run.key, value)
            position = end
            return true
        }
        let next = word(at: afterUser)
        let members = if next == KeyRun.exposure.first {
            read(.exposure) && read(.group) && read(.percent) && read(.arm) && read(.date)
        } else if next == KeyRun.interaction.first {
            read(.interaction) && read(.kind) && read(.date)
        } else if next == KeyRun.parameter.first {
            read(.parameter) && read(.value)
        } else {
            false
        }
        return members && position == count &- 1 && base[position] == UInt8(ascii: "}")
    }

    /// Whether `run`'s bytes come at `position`.
    @_transparent
    private func matches(_ run: KeyRun, at position: Int) -> Bool {
        word(at: position) & Self.mask(run.length, word: 0) == run.first
            && word(at: position &+ 8) & Self.mask(run.length, word: 1) == run.second
    }

    private func object(into row: inout ParsedRow) -> Bool {
        guard var index = after(UInt8(ascii: "{"), at: 0) else { return false }
        if let end = after(UInt8(ascii: "}"), at: index) { return isEnd(end) }
        repeat {
            guard let (key, valueStart) = key(at: index), !row.has(key) else { return false }
            switch key {
            case .fields:
                guard let end = fields(at: valueStart, into: &row) else { return false }
                index = end
            case .displays:
                guard let end = displays(at: valueStart, into: &row) else { return false }
                index = end
            default:
                guard let (value, end) = scalar(at: valueStart) else { return false }
                row.set(key, value)
                index = end
            }
            guard let next = after(UInt8(ascii: ","), at: index) else { break }
            index = next
        } while true
        guard let end = after(UInt8(ascii: "}"), at: index) else { return false }
        return isEnd(end)
    }

    /// The members of `"fields"`; the position after its closing brace.
    @_transparent
    private func fields(at start: Int, into row: inout ParsedRow) -> Int? {
        row.give(.fields)
        guard var index = after(UInt8(ascii: "{"), at: start) else { return nil }
        if let end = after(UInt8(ascii: "}"), at: index) { return end }
        repeat {
            guard let name = string(at: index), let valueStart = after(UInt8(ascii: ":"), at: name.upperBound &+ 1),
                  let (value, end) = scalar(at: valueStart) else { return nil }
            // A name given twice is the parser's error to report.
            for field in 0..<row.fieldCount {
                if case .string(let other) = row.field(field).name, equal(other, name) { return nil }
            }
            row.appendField(name: .string(name), value: value)
            guard let next = after(UInt8(ascii: ","), at: end) else { return after(UInt8(ascii: "}"), at: end) }
            index = next
        } while true
    }

    /// The elements of `"displays"`; the position after its closing bracket.
    @inline(never)
    private func displays(at start: Int, into row: inout ParsedRow) -> Int? {
        row.give(.displays)
        guard var index = after(UInt8(ascii: "["), at: start) else { return nil }
        if let end = after(UInt8(ascii: "]"), at: index) { return end }
        repeat {
            guard let (value, end) = scalar(at: index) else { return nil }
            row.appendDisplay(value)
            guard let next = after(UInt8(ascii: ","), at: end) else { return after(UInt8(ascii: "]"), at: end) }
            index = next
        } while true
    }

    /// A string, a plain number, `true`, `false` or `null`, and the position after it; nil for
    /// anything else.
    @_transparent
    func scalar(at start: Int) -> (RowValue, end: Int)? {
        let index = skippingWhitespace(from: start)
        guard index < count else { return nil }
        switch base[index] {
        case Self.quote:
            guard let range = string(after: index) else { return nil }
            return (.string(range), range.upperBound &+ 1)
        case UInt8(ascii: "t"): return literal(0x6575_7274, length: 4, at: index).map { (.bool(true), $0) }
        case UInt8(ascii: "f"): return literal(0x65_736c_6166, length: 5, at: index).map { (.bool(false), $0) }
        case UInt8(ascii: "n"): return literal(0x6c6c_756e, length: 4, at: index).map { (.null, $0) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return number(at: index)
        case UInt8(ascii: "-"): return numberAsWritten(at: index)
        default: return nil
        }
    }

    /// The eight bytes from `position` (at most `count`) as a little-endian word; past the line's
    /// end, zeros (read as control characters, which no string, number or key has).
    @inline(__always)
    private func word(at position: Int) -> UInt64 {
        let left = count &- position
        if left >= 8 { return load(position) }
        guard left > 0 else { return 0 }
        return load(count &- 8) &>> (8 &* (8 &- left))
    }

    /// The eight bytes from `position` as a little-endian word: eight bytes must be left.
    @inline(__always)
    func load(_ position: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    }

    /// The bytes between the quotes of a string (after any whitespace) of printable ASCII without
    /// escapes, read a word at a time: the first quote of the word ends the string, and no byte
    /// before it may be a backslash, a control character or a byte above 0x7F (the parser reads
    /// those). A word past the line's end ends in zeros, so a string not closed in the line is the
    /// parser's too. The string's closing quote is at the range's upper bound.
    @inline(__always)
    private func string(at position: Int) -> Range<Int>? {
        let index = skippingWhitespace(from: position)
        guard index < count, base[index] == Self.quote else { return nil }
        return string(after: index)
    }

    /// `string(at:)` where the opening quote is known to be at `quote`.
    @inline(__always)
    private func string(after quote: Int) -> Range<Int>? {
        let start = quote &+ 1
        var position = start
        // Two words at a time while sixteen bytes are left: one test for both.
        while count &- position >= 16 {
            let first = load(position), second = load(position &+ 8)
            if Self.specialBytes(of: first) | Self.specialBytes(of: second) != 0 {
                if let end = Self.stringEnd(in: first) { return end < 8 ? start..<(position &+ end) : nil }
                if let end = Self.stringEnd(in: second) { return end < 8 ? start..<(position &+ 8 &+ end) : nil }
            }
            position &+= 16
        }
        while count &- position >= 8 {
            if let end = Self.stringEnd(in: load(position)) { return end < 8 ? start..<(position &+ end) : nil }
            position &+= 8
        }
        // The last bytes, in a word that ends in zeros (control characters: a flag at the latest there).
        guard let end = Self.stringEnd(in: word(at: position)), end < 8 else { return nil }
        return start..<(position &+ end)
    }

    /// The high bit of each byte of `word` that ends a string or needs the parser: a quote, a
    /// backslash, a byte below 0x20 or above 0x7F (the lowest flag a true one, as below).
    @inline(__always)
    private static func specialBytes(of word: UInt64) -> UInt64 {
        bytes(of: word, equalTo: quote) | bytes(of: word, equalTo: backslash) | outsidePrintableASCII(word)
    }

    /// Where the first byte of `word` that ends a string or needs the parser is: its place (0 to
    /// 7) if it is a quote, 8 if it needs the parser; nil when there is none.
    @inline(__always)
    private static func stringEnd(in word: UInt64) -> Int? {
        let flags = specialBytes(of: word)
        guard flags != 0 else { return nil }
        // The lowest flag is a true one: the string's end if it is a quote's.
        let first = flags.trailingZeroBitCount
        return bytes(of: word, equalTo: quote) &>> first & 1 != 0 ? first &>> 3 : 8
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is `byte`. The lowest flag is always a byte that is
    /// (a flag above it may be a false one, carried by the subtraction): only the lowest is read.
    @inline(__always)
    private static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highs
    }

    /// The high bit of each byte of `word` below 0x20 or above 0x7F (a byte less 0x20 has its high
    /// bit set when it was below 0x20 or above 0x9F); as for `bytes(of:equalTo:)`, the lowest flag
    /// is always a true one (a borrow comes only from a byte below 0x20).
    @inline(__always)
    private static func outsidePrintableASCII(_ word: UInt64) -> UInt64 {
        ((word &- ones &* 0x20) | word) & highs
    }

    /// A number that starts with a digit at `index`. The usual — one to fifteen digits, no leading
    /// zero, no fraction or exponent — read from one or two words: the digits a word begins with
    /// found by a mask, shifted to its top and converted at once (the bytes below them, zeros,
    /// read as leading zeros). Anything else as the parser reads it (`numberAsWritten`).
    @inline(__always)
    private func number(at index: Int) -> (RowValue, end: Int)? {
        let first = word(at: index)
        let digits = Self.leadingDigits(first)
        var magnitude: UInt64, length: Int, next: UInt64
        if digits < 8 {
            magnitude = Self.eightDigits(first &<< (64 &- 8 &* digits))
            next = first &>> (8 &* digits)
            length = digits
        } else {
            // Eight digits, so eight bytes of the line: the next word starts inside it.
            let second = word(at: index &+ 8), more = Self.leadingDigits(second)
            if more == 0 {
                magnitude = Self.eightDigits(first)
            } else {
                guard more < 8 else { return numberAsWritten(at: index) }
                let head = Self.eightDigits(first &<< (64 &- 8 &* more))
                let tail = Self.eightDigits(first &>> (8 &* more) | second &<< (64 &- 8 &* more))
                magnitude = head &* 100_000_000 &+ tail
            }
            next = second &>> (8 &* more)
            length = 8 &+ more
        }
        let following = UInt8(truncatingIfNeeded: next)
        guard following != UInt8(ascii: "."), following | 0x20 != UInt8(ascii: "e"),
              length == 1 || UInt8(truncatingIfNeeded: first) != UInt8(ascii: "0") else { return numberAsWritten(at: index) }
        return (.integer(Int(truncatingIfNeeded: magnitude)), index &+ length)
    }

    /// How many digits `word` begins with (0 to 8): the lowest byte whose high half is not 3 or
    /// does not stay 3 when 6 is added (a carry out of a byte comes only from one above 0xF9,
    /// which is no digit, so the lowest such byte is a true one).
    @inline(__always)
    private static func leadingDigits(_ word: UInt64) -> Int {
        let highHalves: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
        let others = (word & highHalves ^ threes) | ((word &+ 0x0606_0606_0606_0606) & highHalves ^ threes)
        return others.trailingZeroBitCount &>> 3
    }

    /// A number as the JSON parser reads it: an integer when written without a fraction or exponent
    /// and in `Int`'s range, otherwise a finite `Double`; nil (the parser's case) for anything unusual.
    @inline(never)
    private func numberAsWritten(at start: Int) -> (RowValue, end: Int)? {
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var magnitude: UInt64 = 0
        // Up to 19 digits cannot overflow a UInt64; more are read as a Double below.
        while index < count, case let digit = base[index] &- UInt8(ascii: "0"), digit < 10 {
            if index &- digitsStart < 19 { magnitude = magnitude &* 10 &+ UInt64(digit) }
            index &+= 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0, !(digitCount > 1 && base[digitsStart] == UInt8(ascii: "0")) else { return nil }
        var isInteger = digitCount < 20
        var fraction = index..<index
        if index < count, base[index] == UInt8(ascii: ".") {
            isInteger = false
            guard let end = digits(at: index + 1) else { return nil }
            fraction = index + 1..<end
            index = end
        }
        var hasExponent = false
        if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            isInteger = false
            hasExponent = true
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard let end = digits(at: index) else { return nil }
            index = end
        }
        if isInteger {
            if negative, magnitude <= UInt64(Int.max) + 1 { return (.integer(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)), index) }
            if !negative, magnitude <= UInt64(Int.max) { return (.integer(Int(magnitude)), index) }
        }
        // A fraction of at most fifteen digits in all (`1795251000.0`, as DuckDB writes seconds):
        // the digits as an integer, exact in a Double, divided by a power of ten, exact too; IEEE
        // division rounds the quotient correctly, as `Double(text)` rounds the text.
        if !hasExponent, digitCount &+ fraction.count <= 15 {
            var digits = magnitude
            for position in fraction { digits = digits &* 10 &+ UInt64(base[position] &- UInt8(ascii: "0")) }
            let value = Double(digits) / Self.powersOfTen[fraction.count]
            return (.number(negative ? -value : value), index)
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return (.number(value), index)
    }

    /// 10⁰ through 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// The number the eight digits of `word` (the first in its lowest byte) write: pairs, then
    /// fours, then the eight combined by three multiplications.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64 {
        let pairs = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        let fours = ((pairs & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return ((fours & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    }

    /// The position after one or more digits at `start`; nil when there is none.
    private func digits(at start: Int) -> Int? {
        var index = start
        while index < count, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index > start ? index : nil
    }

    /// The position after `true`, `false` or `null` (`spelling`'s `length` bytes, little-endian)
    /// if it comes at `index`.
    @inline(__always)
    private func literal(_ spelling: UInt64, length: Int, at index: Int) -> Int? {
        word(at: index) & ((1 &<< (8 &* length)) &- 1) == spelling ? index &+ length : nil
    }

    /// A key, quoted, and the colon after it, read in place; the position after the colon. The
    /// sixteen bytes after its opening quote are read as two words, the first byte choosing the
    /// one to four keys it can be, each compared with the words masked to its length, closing
    /// quote and colon (the colon of the two 15-byte keys, and one after spaces, read on its own).
    /// Nil for any other name, and for a key written with escapes (the full parser reads those).
    @_transparent
    private func key(at position: Int) -> (RowKey, end: Int)? {
        let index = skippingWhitespace(from: position)
        guard index < count, base[index] == Self.quote else { return nil }
        let start = index &+ 1
        let (low, high) = count &- start >= 16 ? (load(start), load(start &+ 8)) : (word(at: start), word(at: start &+ 8))
        /// `key`, of `length` bytes, if the words begin with its spelling, a quote and a colon
        /// (`first` and `second`: those bytes as little-endian words, the first sixteen of them).
        @_transparent func take(_ key: RowKey, _ length: Int, _ first: UInt64, _ second: UInt64 = 0) -> (RowKey, end: Int)? {
            let spelled = Swift.min(length &+ 2, 16)
            if low & Self.mask(spelled, word: 0) == first, high & Self.mask(spelled, word: 1) == second {
                if spelled == length &+ 2 { return (key, start &+ spelled) }
                return after(UInt8(ascii: ":"), at: start &+ spelled).map { (key, $0) }
            }
            // The spelling and its quote, then spaces before the colon.
            let quoted = length &+ 1
            guard low & Self.mask(quoted, word: 0) == first & Self.mask(quoted, word: 0),
                  high & Self.mask(quoted, word: 1) == second & Self.mask(quoted, word: 1) else { return nil }
            return after(UInt8(ascii: ":"), at: start &+ quoted).map { (key, $0) }
        }
        // Each key's spelling, quote and colon as little-endian words (a test reads a row of every key).
        switch UInt8(truncatingIfNeeded: low) {
        case UInt8(ascii: "u"): return take(.user, 4, 0x3a22_7265_7375) ?? take(.utcOffset, 9, 0x6573_6666_4f63_7475, 0x3a_2274)
        case UInt8(ascii: "e"): return take(.event, 5, 0x3a_2274_6e65_7665) ?? take(.exposure, 8, 0x6572_7573_6f70_7865, 0x3a22)
        case UInt8(ascii: "d"):
            return take(.date, 4, 0x3a22_6574_6164) ?? take(.displayCount, 12, 0x4379_616c_7073_6964, 0x3a22_746e_756f)
                ?? take(.displayDuration, 15, 0x4479_616c_7073_6964, 0x226e_6f69_7461_7275)
                ?? take(.displays, 8, 0x7379_616c_7073_6964, 0x3a22)
        case UInt8(ascii: "f"): return take(.fields, 6, 0x3a22_7364_6c65_6966)
        case UInt8(ascii: "p"):
            return take(.parameter, 9, 0x6574_656d_6172_6170, 0x3a_2272) ?? take(.percent, 7, 0x2274_6e65_6372_6570, 0x3a)
        case UInt8(ascii: "v"): return take(.value, 5, 0x3a_2265_756c_6176)
        case UInt8(ascii: "t"): return take(.tip, 3, 0x3a_2270_6974)
        case UInt8(ascii: "i"):
            return take(.interaction, 11, 0x7463_6172_6574_6e69, 0x3a_226e_6f69)
                ?? take(.invalidated, 11, 0x6164_696c_6176_6e69, 0x3a_2264_6574)
        case UInt8(ascii: "l"): return take(.lastDisplayDate, 15, 0x7073_6944_7473_616c, 0x2265_7461_4479_616c)
        case UInt8(ascii: "g"): return take(.group, 5, 0x3a_2270_756f_7267)
        case UInt8(ascii: "a"): return take(.arm, 3, 0x3a_226d_7261)
        case UInt8(ascii: "k"): return take(.kind, 4, 0x3a22_646e_696b)
        default: return nil
        }
    }

    /// The mask of the first `length` bytes (at most 16) of two words, for word `word` (0 or 1).
    @inline(__always)
    private static func mask(_ length: Int, word: Int) -> UInt64 {
        let bytes = length &- 8 &* word
        return bytes >= 8 ? ~0 : bytes <= 0 ? 0 : (1 &<< (8 &* bytes)) &- 1
    }

    private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { base[$0] == base[$1] }
    }

    /// The position after `byte` if it comes next at `index` (after any whitespace). Compact lines
    /// have none: the byte is looked at first, and any other byte but whitespace answers at once.
    @inline(__always)
    private func after(_ byte: UInt8, at index: Int) -> Int? {
        guard index < count else { return nil }
        let found = base[index]
        if found == byte { return index &+ 1 }
        guard found <= UInt8(ascii: " ") else { return nil }
        let next = skippingWhitespaceInLoop(from: index)
        return next < count && base[next] == byte ? next &+ 1 : nil
    }

    /// Whether only whitespace is left from `index`.
    private func isEnd(_ index: Int) -> Bool { index == count || skippingWhitespaceInLoop(from: index) == count }

    /// The position of the first byte from `index` that is not a space, a tab or a carriage return;
    /// a byte above a space (the usual next one) is told apart by one comparison, and only a line
    /// with whitespace goes into the loop (out of line, so that each reader stays short).
    @inline(__always)
    private func skippingWhitespace(from index: Int) -> Int {
        if index < count, base[index] > UInt8(ascii: " ") { return index }
        return skippingWhitespaceInLoop(from: index)
    }

    /// `skippingWhitespace(from:)`'s loop.
    @inline(never)
    private func skippingWhitespaceInLoop(from start: Int) -> Int {
        var index = start
        while index < count, base[index] <= UInt8(ascii: " ") {
            switch base[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index &+= 1
            default: return index
            }
        }
        return index
    }
}

/// A key as a compact row writes it after a value, `,"KEY":` (at most sixteen bytes), as two
/// little-endian words: what `RowScanner` compares a row's bytes with where it expects that key
/// (a test reads a row of every one).
struct KeyRun {
    let key: RowKey
    let length: Int
    let first: UInt64, second: UInt64

    static let exposure = KeyRun(key: .exposure, length: 12, first: 0x7573_6f70_7865_222c, second: 0x3a22_6572)
    static let group = KeyRun(key: .group, length: 9, first: 0x2270_756f_7267_222c, second: 0x3a)
    static let percent = KeyRun(key: .percent, length: 11, first: 0x6e65_6372_6570_222c, second: 0x3a_2274)
    static let arm = KeyRun(key: .arm, length: 7, first: 0x3a_226d_7261_222c, second: 0)
    static let date = KeyRun(key: .date, length: 8, first: 0x3a22_6574_6164_222c, second: 0)
    static let interaction = KeyRun(key: .interaction, length: 15, first: 0x6172_6574_6e69_222c, second: 0x3a_226e_6f69_7463)
    static let kind = KeyRun(key: .kind, length: 8, first: 0x3a22_646e_696b_222c, second: 0)
    static let parameter = KeyRun(key: .parameter, length: 13, first: 0x656d_6172_6170_222c, second: 0x3a_2272_6574)
    static let value = KeyRun(key: .value, length: 9, first: 0x2265_756c_6176_222c, second: 0x3a)
}
