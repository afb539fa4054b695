import TipRulesCompiler
@testable import TipRulesRuntime
import XCTest

/// `disasm` shows every block with byte offsets, source lines, operands and constants.
final class DisassemblerTests: XCTestCase {
    func testListing() throws {
        let listing = disassemble(try compile(ExampleTests.backyard, name: "backyard.tiprules"))
        let lines = listing.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "; tiprulec bytecode, format version 1 (the oldest; the program needs nothing newer)")
        XCTAssertTrue(lines.contains("; source: backyard.tiprules"))
        XCTAssertTrue(lines.contains("; display frequency: 1 day"))
        XCTAssertTrue(lines.contains("  0  isLoggedIn: Bool = false  ; line 6"))
        XCTAssertTrue(lines.contains("  rule 1, line 16: isLoggedIn == true"))
        let compare = try XCTUnwrap(lines.first { $0.contains("compareBool") })
        XCTAssertTrue(compare.hasPrefix("    0004"), compare)
        XCTAssertTrue(compare.contains("=="), compare)
        XCTAssertTrue(compare.hasSuffix("; explains: isLoggedIn"), compare)
        let first = try XCTUnwrap(lines.first { $0.contains(" param ") })
        XCTAssertTrue(first.contains("line 16") && first.hasSuffix("; isLoggedIn"), first)
        XCTAssertTrue(lines.contains { $0.contains("largestSubset") && $0.hasSuffix("; enteredBackyardDetailView, backyardID") })
        XCTAssertTrue(lines.contains { $0.contains("const") && $0.hasSuffix("; 5 days") })
    }

    func testJumpsShowTheirTargets() throws {
        let listing = disassemble(try compile(ExampleTests.cards))
        XCTAssertTrue(listing.contains("jumpIfNil         -> 0021 Double"), listing)
        XCTAssertTrue(listing.contains("locals: 0=Donation<purchase>"), listing)
    }
}
