@testable import TipRulesReach
import TipRulesCompiler
import TipRulesToolingCore
import TipRulesRuntime
import TipRulesTestSupport
import Testing

/// The row scanner reads a word (eight bytes) at a time: keys matched by comparing words with
/// each key's, strings ended by the first quote of a word whose earlier bytes need no parser.
/// Whatever it accepts, the full JSON parser reads alike; what the parser refuses, it leaves alone.
@Suite struct RowScannerTests {
    /// Every key, in a line's first bytes (its words loaded at once) and in its last sixteen (read
    /// byte by byte); names that are not keys (a key's prefix, a key with more letters, another
    /// case) are left to the parser.
    @Test func everyKeyIsReadWhereverItIsAndNoOtherName() {
        var row = ParsedRow()
        for key in RowKey.allCases where key != .fields && key != .displays {
            let other = key == .user ? "value" : "user"
            for line in ["{\"\(key.name)\":1}", "{\"\(key.name)\":1,\"\(other)\":\"a long enough value\"}"] {
                #expect(Array(line.utf8).withUnsafeBufferPointer { RowScanner.scan($0, into: &row) }, "\(line)")
                #expect(row.present & 1 << key.rawValue != 0, "\(line)")
            }
        }
        for name in ["", "us", "users", "Date", "tips", "displayCounts", "lastDisplayDat", "lastDisplayDateX", "utcoffset", "dat\\u0065"] {
            for line in ["{\"\(name)\":1}", "{\"\(name)\":1,\"user\":\"a long enough user id\"}"] {
                #expect(!Array(line.utf8).withUnsafeBufferPointer { RowScanner.scan($0, into: &row) }, "\(line)")
            }
        }
    }

    /// Each key the scanner expects in a row of the usual order is compared with its own bytes:
    /// `,"KEY":` as two little-endian words.
    @Test func keyRunsAreTheirKeysBytes() {
        for run in [KeyRun.exposure, .group, .percent, .arm, .date, .interaction, .kind, .parameter, .value] {
            let bytes = Array(",\"\(run.key.name)\":".utf8)
            func word(_ start: Int) -> UInt64 {
                (start..<max(start, min(start + 8, bytes.count))).reduce(0) { $0 | UInt64(bytes[$1]) << (8 * ($1 - start)) }
            }
            #expect(run.length == bytes.count && run.first == word(0) && run.second == word(8), "\(run.key.name)")
        }
    }

    /// Exposures, interactions and parameters in the usual order, compact, are read key after key
    /// (`scanInUsualOrder`), as the parser reads them; in another order or spaced, by keys looked up.
    @Test func rowsInTheUsualOrderAreReadKeyAfterKey() {
        let users = ["0", "12765", "\"user-0000001\"", "-3", "\"\""]
        let dates = ["1792734759", "\"2026-11-20T01:29:08Z\"", "1795168800.0", "null"]
        var usual: [String] = []
        for user in users {
            for date in dates {
                usual.append(#"{"user":\#(user),"exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"treatment","date":\#(date)}"#)
                usual.append(#"{"user":\#(user),"interaction":"ProFiltersTip","kind":"actionPerformed","date":\#(date)}"#)
            }
            for value in ["true", "false", "7", "-1.5", "\"pro\"", "null"] {
                usual.append(#"{"user":\#(user),"parameter":"plan","value":\#(value)}"#)
            }
        }
        var row = ParsedRow()
        for text in usual {
            let line = Array(text.utf8)
            #expect(line.withUnsafeBufferPointer { RowScanner.scanInUsualOrder($0, into: &row) }, "\(text)")
            #expect(Self.check(line, row: &row), "\(text)")
        }
        let others = [
            #"{"user":0,"group":"pro-filters","exposure":"ProFiltersTip","percent":10,"arm":"treatment","date":1}"#,
            #"{"user":0, "interaction":"ProFiltersTip","kind":"display","date":1}"#,
            #"{"user":0,"parameter":"plan","value":true} "#,
            #"{"user":0,"parameter":"plan","value":true,"tip":"T"}"#,
            #"{"user":0,"interaction":"ProFiltersTip","kind":"display"}"#,
        ]
        for text in others {
            let line = Array(text.utf8)
            #expect(!line.withUnsafeBufferPointer { RowScanner.scanInUsualOrder($0, into: &row) }, "\(text)")
            #expect(Self.check(line, row: &row), "\(text)")
        }
    }

    /// A byte that needs the parser (an escape, a control character, a byte above 0x7F, a quote)
    /// at every place of a string's words, and near the line's end: the scanner either leaves the
    /// line to the parser or reads what the parser reads.
    @Test func theScannerAgreesWithTheParserAtEveryByteOfAWord() {
        let specials: [[UInt8]] = [[0x5C, 0x22], [0x5C, 0x6E], [0x1F], [0x7F], [0x80], [0xC3, 0xA9], [0x22], [0x20], [0x5C]]
        var row = ParsedRow()
        var fastPaths = 0
        for length in 0..<20 {
            for special in specials {
                for (prefix, suffix) in [("{\"user\":\"", "\"}"), ("{\"tip\":\"T\",\"invalidated\":\"", "\"}"),
                                         ("{\"user\":1,\"event\":\"e\",\"fields\":{\"", "\":1}}")] {
                    let line = Array(prefix.utf8) + Array(repeating: UInt8(ascii: "a"), count: length) + special + Array(suffix.utf8)
                    fastPaths += Self.check(line, row: &row) ? 1 : 0
                }
            }
        }
        #expect(fastPaths > 0)
    }

    /// Numbers of every length, with eight digits read at once where eight bytes are left.
    @Test func numbersAreReadAsTheParserReadsThem() {
        var row = ParsedRow()
        for digits in 1...21 {
            for text in [String(repeating: "9", count: digits), "1" + String(repeating: "0", count: digits - 1),
                         "-" + String(repeating: "7", count: digits), "0" + String(repeating: "1", count: digits), "12345678.5e3"] {
                _ = Self.check(Array("{\"user\":\(text)}".utf8), row: &row)
                _ = Self.check(Array("{\"user\":1,\"value\":\(text),\"parameter\":\"p\"}".utf8), row: &row)
            }
        }
        // Fractions of 2 to 18 digits in all, whole parts of 1 to 17 digits (the first fifteen
        // digits read as an integer over a power of ten, the others as text): the same Double.
        var random = SplitMix64(seed: 0xF4AC_7105)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.integer(in: 0...9))) }) }
        for _ in 0..<20_000 {
            let whole = random.integer(in: 1...17), fraction = random.integer(in: 1...min(17, 18 - whole))
            let first = whole == 1 ? String(random.integer(in: 0...9)) : String(random.integer(in: 1...9)) + digits(whole - 1)
            let text = (random.chance(0.3) ? "-" : "") + first + "." + digits(fraction)
            #expect(Self.check(Array("{\"user\":1,\"value\":\(text),\"parameter\":\"p\"}".utf8), row: &row), "\(text)")
        }
        for text in ["0.0", "-0.0", "1795251000.0", "0.1", "0.2", "0.3", "9007199254740.993", "999999999999999.9", "0.000000000000001",
                     "123456789012345.6", "4.35", "1.000000000000005"] {
            #expect(Self.check(Array("{\"user\":1,\"value\":\(text),\"parameter\":\"p\"}".utf8), row: &row), "\(text)")
        }
    }

    /// The rows of reach's and measure's benchmarks and of every other kind, compact and with
    /// spaces (and one with more fields than a row's first storage holds), each cut at every byte, each byte replaced by one that matters to the scanner (a
    /// quote, a backslash, a digit, a sign, a point, an exponent, a space, a colon, a comma, a
    /// brace, a NUL, a byte above 0x7F, a letter), a space put before each byte and each byte left
    /// out: whatever the scanner reads, the parser reads alike.
    @Test func mutatedRowsAreReadAsTheParserReadsThem() {
        let rows = [
            #"{"user":"user-0000000","event":"enteredBackyardDetailView","date":1794565587,"fields":{"backyardID":2}}"#,
            #"{"user":1,"event":"enteredBackyardDetailView","date":"2026-11-13T21:25:24Z","fields":{"backyardID":4}}"#,
            #"{"user":"user-0000000","tip":"FavoriteBackyardTip","displayCount":4,"displayDuration":82,"invalidated":"displayCountExceeded"}"#,
            #"{"user":0,"exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"treatment","date":1792734759}"#,
            #"{"user":12765,"interaction":"ProFiltersTip","kind":"actionPerformed","date":1794229287}"#,
            #"{"user":7,"parameter":"plan","value":true}"#,
            #"{"user":"u-1","exposure":"T","group":"g","percent":50,"arm":"holdout","date":"2026-11-20T01:29:08Z"}"#,
            #"{"user":"u-1","interaction":"T","kind":"tipClosed","date":"2026-11-20T01:29:08Z"}"#,
            #"{"user":"u-1","parameter":"plan","value":"a long enough value"}"#,
            #"{"user":"u","tip":"T","displays":[1794229287,"2026-11-13T21:25:24Z"],"invalidated":null}"#,
            #"{"user":"u","lastDisplayDate":1794229287,"utcOffset":-3600}"#,
            #"{"user": "u", "event": "e", "date": 1794229287, "fields": {"a": 1.5, "b": "x", "c": false}}"#,
            #"{"user":-0,"value":123456789012345678,"parameter":"p"}"#,
            #"{"user":"u","event":"e","fields":{"a":1,"b":-2,"c":3.5,"d":"four","e":true,"f":null}}"#,
        ]
        let replacements: [UInt8] = Array(#""\09-.eE :,{}[]az"#.utf8) + [0x00, 0x09, 0x7F, 0x80, 0xC3]
        var row = ParsedRow()
        var fastPaths = 0
        for text in rows {
            let line = Array(text.utf8)
            #expect(Self.check(line, row: &row), "\(text)")
            for cut in 0..<line.count { fastPaths += Self.check(Array(line[..<cut]), row: &row) ? 1 : 0 }
            for position in line.indices {
                for byte in replacements where byte != line[position] {
                    var changed = line
                    changed[position] = byte
                    fastPaths += Self.check(changed, row: &row) ? 1 : 0
                }
                var spaced = line
                spaced.insert(UInt8(ascii: " "), at: position)
                fastPaths += Self.check(spaced, row: &row) ? 1 : 0
                var shorter = line
                shorter.remove(at: position)
                fastPaths += Self.check(shorter, row: &row) ? 1 : 0
            }
        }
        #expect(fastPaths > 1_000)
    }

    /// Random rows of keys (and names a letter away from one), values of every kind (numbers of
    /// 1 to 21 digits, signed, with leading zeros, fractions and exponents; strings with escapes,
    /// control and non-ASCII bytes; literals and their misspellings; arrays and objects), fields
    /// and displays, keys given twice and spaces anywhere: whatever the scanner reads, the parser
    /// reads alike.
    @Test func randomRowsAreReadAsTheParserReadsThem() {
        var random = SplitMix64(seed: 0x5CA1AB1E)
        let nearMisses = ["use", "users", "User", "dat", "dates", "fieldz", "displayCounts", "displayDurations",
                          "lastDisplayDat", "interactio", "kinds", "tipp", "arms", "utcOffsed", "us\\u0065r"]
        func pick<T>(_ items: [T]) -> T { items[random.integer(in: 0...(items.count - 1))] }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.integer(in: 0...9))) }) }
        func number() -> String {
            let length = random.integer(in: 1...21)
            switch random.integer(in: 0...19) {
            case 0: return "-" + digits(length)
            case 1: return "0" + digits(length)
            case 2: return pick(["-0", "0", "-", "00", "-00", "0.0", "-0.0", "1e", "1e+", "1.", ".5", "+1", "9223372036854775807",
                                 "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616"])
            case 3: return digits(length) + "." + digits(random.integer(in: 1...3))
            case 4: return digits(length) + pick(["e", "E", "e+", "e-", "E-"]) + digits(random.integer(in: 1...3))
            default: return String(random.integer(in: 1...9)) + digits(length - 1)
            }
        }
        func string() -> String {
            var text = ""
            for _ in 0..<random.integer(in: 0...20) {
                text += random.chance(0.98) ? String(UnicodeScalar(UInt8(random.integer(in: 0x61...0x7A)))) : pick(["\\\"", "\\n", "\\u0041", "é", "\t", " ", "\u{7F}", "'"])
            }
            return "\"" + text + "\""
        }
        func scalar() -> String {
            switch random.integer(in: 0...19) {
            case 0...8: return number()
            case 9...16: return string()
            case 17: return pick(["true", "false", "null", "tru", "fals", "nul", "True", "nulll"])
            default: return pick(["[]", "{}", "[1]", "{\"a\":1}"])
            }
        }
        func space() -> String { random.chance(0.05) ? pick([" ", "\t", "\r", "  "]) : "" }
        func members(_ count: Int, names: () -> String, value: () -> String) -> String {
            (0..<count).map { _ in space() + "\"" + names() + "\"" + space() + ":" + space() + value() + space() }.joined(separator: ",")
        }
        var row = ParsedRow()
        var fastPaths = 0
        for _ in 0..<20_000 {
            let text = "{" + members(random.integer(in: 0...6), names: { random.chance(0.9) ? pick(RowKey.names) : pick(nearMisses) }) {
                if random.chance(0.1) { return "{" + members(random.integer(in: 0...7), names: { pick(["a", "b", "c", "d", "e", "f", "g", "backyardID"]) }, value: scalar) + "}" }
                if random.chance(0.05) { return "[" + (0..<random.integer(in: 0...3)).map { _ in space() + scalar() + space() }.joined(separator: ",") + "]" }
                return scalar()
            } + "}"
            let line = Array((space() + text + space()).utf8)
            fastPaths += Self.check(line, row: &row) ? 1 : 0
            if random.chance(0.2) { fastPaths += Self.check(Array(line[..<random.integer(in: 0...line.count)]), row: &row) ? 1 : 0 }
        }
        #expect(fastPaths > 1_000, "\(fastPaths) rows read by the scanner")
    }

    /// Whether the scanner read `line`; when it did, the parser reads the same keys and values,
    /// fields and displays. The worker's way reads it alike (`expectSameReadingAfterShapes`).
    private static func check(_ line: [UInt8], row: inout ParsedRow) -> Bool {
        let scanned = line.withUnsafeBufferPointer { RowScanner.scan($0, into: &row) }
        expectSameReadingAfterShapes(line, scanned: scanned, row: row)
        guard scanned else { return false }
        let values = line.withUnsafeBufferPointer { Self.values(of: row, in: $0) }
        guard let json = try? JSONParser().parse(line) else {
            Issue.record("the scanner read a line the parser refuses: \(String(decoding: line, as: UTF8.self))")
            return true
        }
        var parsed = ParsedRow()
        #expect((try? parsed.fill(from: json)) != nil)
        let decoded = parsed.decoded
        let expected = decoded.withUnsafeBufferPointer { Self.values(of: parsed, in: $0) }
        #expect(row.present == parsed.present, "\(String(decoding: line, as: UTF8.self))")
        #expect(values == expected, "\(String(decoding: line, as: UTF8.self))")
        return true
    }

    /// A program with an event of the rows above, so that donation shapes read some of them.
    private static let shapesProgram = try? compile("""
        event enteredBackyardDetailView(backyardID: Int)
        event e(a: Double, b: String, c: Bool)
        """)

    /// The worker's way of reading a line — as a donation of the usual shape first; when that is
    /// declined after the user (`DonationShapes.declinedUser`), by the scanner from there — reads
    /// what the scanner alone reads (`scanned`, into `row`). Whether the scanner was given a user.
    @discardableResult
    private static func expectSameReadingAfterShapes(_ line: [UInt8], scanned: Bool, row: borrowing ParsedRow) -> Bool {
        guard let program = shapesProgram else {
            Issue.record("the program does not compile")
            return false
        }
        var shapes = DonationShapes(program: program)
        return line.withUnsafeBufferPointer { text in
            guard !shapes.read(text), let user = shapes.declinedUser else { return false }
            var again = ParsedRow()
            let rescanned = RowScanner.scan(text, into: &again, after: user)
            #expect(rescanned == scanned, "\(String(decoding: line, as: UTF8.self))")
            if rescanned && scanned {
                #expect(again.present == row.present && values(of: again, in: text) == values(of: row, in: text),
                        "\(String(decoding: line, as: UTF8.self))")
            }
            return true
        }
    }

    /// Rows of every kind but donations are declined by donation shapes after their user, and read
    /// from there by the scanner as it reads them whole.
    @Test func rowsDeclinedAfterTheirUserAreReadFromThere() {
        let rows = [
            #"{"user":"user-0000000","tip":"FavoriteBackyardTip","displayCount":4}"#,
            #"{"user":0,"exposure":"ProFiltersTip","group":"pro-filters","percent":10,"arm":"treatment","date":1792734759}"#,
            #"{"user":-12765,"interaction":"ProFiltersTip","kind":"actionPerformed","date":"2026-11-20T01:29:08Z"}"#,
            #"{"user":"u-1","parameter":"plan","value":"a long enough value"}"#,
            #"{"user":"u","lastDisplayDate":1794229287,"utcOffset":-3600}"#,
            #"{"user":7,"event":"unknown","date":1}"#,
            #"{"user":7,"exposure":"T","group":"g","percent":10,"arm":"treatment","date":1,"extra":1}"#,
        ]
        var row = ParsedRow()
        for text in rows {
            let line = Array(text.utf8)
            let scanned = line.withUnsafeBufferPointer { RowScanner.scan($0, into: &row) }
            let givenUser = Self.expectSameReadingAfterShapes(line, scanned: scanned, row: row)
            #expect(givenUser, "\(text)")
        }
    }

    /// A row's keys' values, then its fields' names and values, then its displays, as JSON.
    private static func values(of row: borrowing ParsedRow, in text: UnsafeBufferPointer<UInt8>) -> [JSONValue?] {
        RowKey.allCases.map { key in row[key].map { $0.json(in: text) } }
            + (0..<row.fieldCount).flatMap { [row.field($0).name.json(in: text), row.field($0).value.json(in: text)] }
            + [nil] + row.displays.map { $0.json(in: text) }
    }
}
