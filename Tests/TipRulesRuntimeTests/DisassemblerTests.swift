import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `disasm` shows every block with byte offsets, source lines, operands and constants.
@Suite struct DisassemblerTests {
    @Test func testListing() throws {
        let listing = disassemble(try compile(ExampleTests.backyard, name: "backyard.tiprules"))
        let lines = listing.split(separator: "\n").map(String.init)
        #expect(lines.first == "; tiprulec bytecode, format version 1 (the oldest; the program needs nothing newer)")
        #expect(lines.contains("; source: backyard.tiprules"))
        #expect(lines.contains("; display frequency: 1 day"))
        #expect(lines.contains("  0  isLoggedIn: Bool = false  ; line 6"))
        #expect(lines.contains("  rule 1, line 16: isLoggedIn == true"))
        let compare = try #require(lines.first { $0.contains("compareBool") })
        #expect(compare.hasPrefix("    0004"), Comment(rawValue: compare))
        #expect(compare.contains("=="), Comment(rawValue: compare))
        #expect(compare.hasSuffix("; explains: isLoggedIn"), Comment(rawValue: compare))
        let first = try #require(lines.first { $0.contains(" param ") })
        #expect(first.contains("line 16") && first.hasSuffix("; isLoggedIn"), Comment(rawValue: first))
        #expect(lines.contains { $0.contains("largestSubset") && $0.hasSuffix("; enteredBackyardDetailView, backyardID") })
        #expect(lines.contains { $0.contains("const") && $0.hasSuffix("; 5 days") })
    }

    @Test func jumpsShowTheirTargets() throws {
        let listing = disassemble(try compile(ExampleTests.cards))
        #expect(listing.contains("jumpIfNil         -> 0021 Double"), Comment(rawValue: listing))
        #expect(listing.contains("locals: 0=Donation<purchase>"), Comment(rawValue: listing))
    }
}
