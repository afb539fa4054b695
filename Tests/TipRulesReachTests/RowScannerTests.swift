@testable import TipRulesReach
import TipRulesCompiler
import TipRulesToolingCore
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
    }

    /// Whether the scanner read `line`; when it did, the parser reads the same keys and values.
    private static func check(_ line: [UInt8], row: inout ParsedRow) -> Bool {
        let scanned = line.withUnsafeBufferPointer { RowScanner.scan($0, into: &row) }
        guard scanned else { return false }
        let values = line.withUnsafeBufferPointer { text in
            RowKey.allCases.map { key in row[key].map { $0.json(in: text) } }
        }
        let present = row.present
        guard let json = try? JSONParser().parse(line) else {
            Issue.record("the scanner read a line the parser refuses: \(String(decoding: line, as: UTF8.self))")
            return true
        }
        var parsed = ParsedRow()
        #expect((try? parsed.fill(from: json)) != nil)
        let decoded = parsed.decoded
        let expected = decoded.withUnsafeBufferPointer { text in RowKey.allCases.map { key in parsed[key].map { $0.json(in: text) } } }
        #expect(present == parsed.present, "\(String(decoding: line, as: UTF8.self))")
        #expect(values == expected, "\(String(decoding: line, as: UTF8.self))")
        return true
    }
}
