import Testing
import TipRulesTestSupport
@testable import TipRulesRuntime

/// The runtime's replacements for standard library forms that cost a process's first use a
/// search of every conformance: notes found by instruction, texts joined, a column's value range.
@Suite struct StartUpTablesTests {
    @Test func notesAreFoundByInstructionAsADictionaryOfTheFirstOfEachWouldFindThem() {
        var random = SplitMix64(seed: 0xC0DE)
        for _ in 0..<50 {
            let count = Int(random.next() % 40)
            let instructions = (0..<count).map { _ in Int(random.next() % 60) }.sorted()
            let notes = instructions.enumerated().map { ComparisonNote(instruction: $1, subject: "note \($0)") }
            let expected = Dictionary(notes.map { ($0.instruction, $0) }, uniquingKeysWith: { first, _ in first })
            let found = InstructionNotes(notes)
            #expect((-2..<65).allSatisfy { found[$0] == expected[$0] })
        }
    }

    @Test func textsAreJoinedAsJoinedSeparatorJoinsThem() {
        let cases: [[String]] = [[], [""], ["a"], ["a", "b"], ["", "", ""], ["week", "2 days", "é"]]
        for parts in cases {
            for separator in ["", " ", "; ", "\n"] {
                #expect(parts.joinedText(separator: separator) == parts.joined(separator: separator))
            }
        }
    }

    @Test func aColumnRangeWidensToHoldEachValue() {
        var range = ColumnValueRange(lowest: 5, highest: 5)
        for value in [3, 9, 4, .min, .max] { range.widen(to: value) }
        #expect(range == ColumnValueRange(lowest: .min, highest: .max))
    }
}
