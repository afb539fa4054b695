import Foundation
import TipRulesCompiler
@testable import TipRulesRuntime
import XCTest

/// Issue 6's bytecode findings: counts checked against limits before anything is allocated,
/// program-wide limits on code, names the runtime looks up by must be unique, and messages.
final class BytecodeLimitTests: XCTestCase {
    private func bytes(_ source: String) throws -> [UInt8] {
        try compile(source).encoded()
    }

    /// `bytes` with every occurrence of `old` replaced by `new` (same length), resealed.
    private func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        let from = Array(old.utf8), to = Array(new.utf8)
        var result = bytes
        var index = 0
        while index + from.count <= result.count {
            if Array(result[index..<index + from.count]) == from {
                result.replaceSubrange(index..<index + from.count, with: to)
                index += from.count
            } else {
                index += 1
            }
        }
        return resealed(result)
    }

    func testDuplicateNamesAreRejected() throws {
        let tips = try bytes("""
        tip TipOne { title: "one" }
        tip TipTwo { title: "two" }
        """)
        XCTAssertThrowsError(try Program(bytes: replacing("TipTwo", with: "TipOne", in: tips))) { error in
            XCTAssertTrue("\(error)".contains("two tips are named 'TipOne'"), "\(error)")
        }
        let events = try bytes("""
        event alpha(first: Int, other: Int)
        event bravo
        tip T {
            title: "t"
            #Rule(Self.alpha) { $0.donations.count > 0 }
            #Rule(Self.bravo) { $0.donations.count > 0 }
        }
        """)
        XCTAssertThrowsError(try Program(bytes: replacing("bravo", with: "alpha", in: events))) { error in
            XCTAssertTrue("\(error)".contains("two events are named 'alpha'"), "\(error)")
        }
        XCTAssertThrowsError(try Program(bytes: replacing("other", with: "first", in: events))) { error in
            XCTAssertTrue("\(error)".contains("two fields of event 'alpha' are named 'first'"), "\(error)")
        }
    }

    func testManyTinyTipsAreRejectedBeforeAllocation() throws {
        // A table count far beyond the limit is refused from the count alone.
        var payload = Array(try bytes("tip T { title: \"t\" }").dropFirst(BytecodeFormat.headerSize))
        let huge = BytecodeFormat.maximumEntries + 1
        // The program has no constants, parameters or events: patch the tip count (after the
        // source name, the display frequency and three empty tables) to a huge LEB128 number.
        let nameLength = Int(payload[0])
        let tipCountOffset = 1 + nameLength + 8 + 3
        XCTAssertEqual(payload[tipCountOffset], 1)
        payload.replaceSubrange(tipCountOffset...tipCountOffset, with: leb128(huge))
        let file = resealed(Array(try bytes("tip T { title: \"t\" }").prefix(BytecodeFormat.headerSize)) + payload)
        XCTAssertThrowsError(try Program(bytes: file)) { error in
            XCTAssertTrue("\(error)".contains("\(BytecodeFormat.maximumEntries)") || "\(error)".contains("truncated"), "\(error)")
        }
    }

    func testFileSizeLimit() throws {
        var file = try bytes("tip T { title: \"t\" }")
        file += [UInt8](repeating: 0, count: BytecodeFormat.maximumFileSize)
        XCTAssertThrowsError(try Program(bytes: resealed(file)))
    }

    func testInstructionLimitIsCheckedWhileDecoding() throws {
        // Verification is skipped to encode the oversized block; decoding must stop at the limit.
        let instructions = [Instruction](repeating: Instruction(.now), count: BytecodeFormat.maximumInstructions + 1)
        let tip = TipInfo(name: "T", id: "T", title: "t", rules: [RuleInfo(line: 1, code: CodeBlock(instructions: instructions))], line: 1)
        let contents = ProgramContents(sourceName: "x", displayFrequency: 0, constants: [], parameters: [], events: [],
                                       tips: [tip], groups: [], widgets: [])
        let file = try Program(contents: contents, verified: false).encoded()
        XCTAssertThrowsError(try Program(bytes: file)) { error in
            XCTAssertTrue("\(error)".contains("more than \(BytecodeFormat.maximumInstructions) instructions"), "\(error)")
        }
    }

    func testConversionOfNaNReadsNan() {
        let failure = EvaluationFailure(kind: .conversion(-.nan), line: 3)
        XCTAssertEqual(failure.description, "Int(nan) is out of range at line 3")
    }

    private func leb128(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var result: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7f)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            result.append(byte)
        } while value != 0
        return result
    }
}
