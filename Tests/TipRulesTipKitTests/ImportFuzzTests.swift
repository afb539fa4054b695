@testable import TipRulesCommands
import Foundation
import Testing
import TipRulesTestSupport

/// Random byte mutations of the import golden inputs never crash or hang the importer (the
/// `import` fuzz target in `fuzz/` runs the same entry point for as long as one likes).
@Suite struct ImportFuzzTests {
    /// Fragments that reach the lexer's and recognizer's edge cases when spliced in anywhere.
    static let fragments = ["{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "#\"", "\\(", "/*", "*/", "//", "#Rule", "@Parameter",
                            "$", "in", "return", "Tips.Event<", ">", "struct X: Tip {", "TipGroup(.ordered) {", "\n", ",", ".", "`"]

    @Test func mutatedInputsNeverCrash() throws {
        var generator = SplitMix64(seed: 0x7469_7072_756c_6563)
        let inputs = try ImportGoldenTests.cases().flatMap { $0.files }.map { Array(try Data(contentsOf: $0.url)) }
        let start = Date()
        for input in inputs {
            for _ in 0..<60 {
                var bytes = input
                for _ in 0..<Int.random(in: 1...8, using: &generator) { mutate(&bytes, using: &generator) }
                FuzzEntryPoints.swiftImport(bytes)
            }
        }
        #expect(Date().timeIntervalSince(start) < 120, "mutated imports took too long")
    }

    private func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
        case 1 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &generator)))
        case 2: bytes.insert(contentsOf: Array((Self.fragments.randomElement(using: &generator) ?? "").utf8), at: position)
        default: bytes = Array(bytes.prefix(position))
        }
    }
}
