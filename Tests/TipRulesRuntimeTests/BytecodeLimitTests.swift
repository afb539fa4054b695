import Foundation
import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// Hostile bytecode: counts checked against limits before anything is allocated,
/// program-wide limits on code, names the runtime looks up by must be unique, and messages.
@Suite struct BytecodeLimitTests {
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

    @Test func duplicateNamesAreRejected() throws {
        let tips = try bytes("""
        tip TipOne { title: "one" }
        tip TipTwo { title: "two" }
        """)
        let error = try #require(throws: (any Error).self) { try Program(bytes: replacing("TipTwo", with: "TipOne", in: tips)) }
        #expect("\(error)".contains("two tips are named 'TipOne'"), "\(error)")
        let events = try bytes("""
        event alpha(first: Int, other: Int)
        event bravo
        tip T {
            title: "t"
            #Rule(Self.alpha) { $0.donations.count > 0 }
            #Rule(Self.bravo) { $0.donations.count > 0 }
        }
        """)
        let duplicateEvent = try #require(throws: (any Error).self) { try Program(bytes: replacing("bravo", with: "alpha", in: events)) }
        #expect("\(duplicateEvent)".contains("two events are named 'alpha'"), "\(duplicateEvent)")
        let duplicateField = try #require(throws: (any Error).self) { try Program(bytes: replacing("other", with: "first", in: events)) }
        #expect("\(duplicateField)".contains("two fields of event 'alpha' are named 'first'"), "\(duplicateField)")
    }

    @Test func manyTinyTipsAreRejectedBeforeAllocation() throws {
        // A table count far beyond the limit is refused from the count alone.
        var payload = Array(try bytes("tip T { title: \"t\" }").dropFirst(BytecodeFormat.headerSize))
        let huge = BytecodeFormat.maximumEntries + 1
        // The program has no constants, parameters or events: patch the tip count (after the
        // source name, the display frequency and three empty tables) to a huge LEB128 number.
        let nameLength = Int(payload[0])
        let tipCountOffset = 1 + nameLength + 8 + 3
        #expect(payload[tipCountOffset] == 1)
        payload.replaceSubrange(tipCountOffset...tipCountOffset, with: leb128(huge))
        let file = resealed(Array(try bytes("tip T { title: \"t\" }").prefix(BytecodeFormat.headerSize)) + payload)
        let error = try #require(throws: (any Error).self) { try Program(bytes: file) }
        #expect("\(error)".contains("\(BytecodeFormat.maximumEntries)") || "\(error)".contains("truncated"), "\(error)")
    }

    @Test func fileSizeLimit() throws {
        var file = try bytes("tip T { title: \"t\" }")
        file += [UInt8](repeating: 0, count: BytecodeFormat.maximumFileSize)
        #expect(throws: (any Error).self) { try Program(bytes: resealed(file)) }
    }

    @Test func instructionLimitIsCheckedWhileDecoding() throws {
        // Verification is skipped to encode the oversized block; decoding must stop at the limit.
        let instructions = [Instruction](repeating: Instruction(.now), count: BytecodeFormat.maximumInstructions + 1)
        let tip = TipInfo(name: "T", id: "T", title: "t", rules: [RuleInfo(line: 1, code: CodeBlock(instructions: instructions))], line: 1)
        let contents = ProgramContents(sourceName: "x", displayFrequency: 0, constants: [], parameters: [], events: [],
                                       tips: [tip], groups: [], widgets: [])
        let file = try Program(contents: contents, verified: false).encoded()
        let error = try #require(throws: (any Error).self) { try Program(bytes: file) }
        #expect("\(error)".contains("more than \(BytecodeFormat.maximumInstructions) instructions"), "\(error)")
    }

    @Test func conversionOfNaNReadsNan() {
        let failure = EvaluationFailure(kind: .conversion(-.nan), line: 3)
        #expect(failure.description == "Int(nan) is out of range at line 3")
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
