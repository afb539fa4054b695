@testable import TipRulesReach
import Testing

/// The row scanner matches a key by comparing two words of its bytes with each key's words: those
/// words must be the keys' spellings, and no other name may match.
@Suite struct RowKeyTests {
    @Test func everyKeyIsFoundByTheWordsOfItsSpelling() {
        for key in RowKey.allCases {
            #expect(Self.key(key.name) == key)
        }
    }

    @Test func otherNamesMatchNoKey() {
        for name in ["", "us", "users", "Date", "tips", "displayCounts", "lastDisplayDat", "lastDisplayDateX", "utcoffset"] {
            #expect(Self.key(name) == nil)
        }
    }

    @Test func aRowOfEveryKeyIsReadByTheScanner() {
        var row = ParsedRow()
        for key in RowKey.allCases where key != .fields && key != .displays {
            let line = Array("{\"\(key.name)\":1}".utf8)
            #expect(line.withUnsafeBufferPointer { RowScanner.scan($0, into: &row) })
            #expect(row.present == 1 << key.rawValue)
        }
    }

    private static func key(_ name: String) -> RowKey? {
        let bytes = Array(name.utf8)
        guard bytes.count <= 16 else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        }
        return RowKey(length: bytes.count, low: low, high: high)
    }
}
