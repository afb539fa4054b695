@testable import TipRulesRuntime
import Testing

/// The verifier rejects hand-built programs that break its rules, with messages that say where.
@Suite struct VerifierTests {
    /// Constants: #0 Int 1, #1 Bool true, #2 Double 2.5, #3 Duration 60.
    private let constants: [ScalarValue] = [.int(1), .bool(true), .double(2.5), .duration(60)]
    private let event = EventInfo(name: "visit", fields: [FieldInfo(name: "place", type: .int),
                                                          FieldInfo(name: "name", type: .string)], line: 1)

    private func program(_ instructions: [Instruction], locals: [BytecodeType] = []) throws -> Program {
        try Program(sourceName: "hand.tiprules", constants: constants,
                    parameters: [ParameterInfo(name: "flag", type: .bool, defaultValue: .bool(false), line: 1)],
                    events: [event],
                    tips: [TipInfo(name: "T", id: "T", title: "t",
                                   rules: [RuleInfo(line: 3, code: CodeBlock(instructions: instructions, locals: locals))],
                                   line: 2)])
    }

    private func assertRejected(_ instructions: [Instruction], locals: [BytecodeType] = [], _ fragment: String,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let message = errorDescription({ try self.program(instructions, locals: locals) }) else {
            Issue.record("accepted a program that should fail with '\(fragment)'", sourceLocation: sourceLocation)
            return
        }
        #expect(message.hasPrefix("verification failed: tip 'T' rule 1 (line 3): "), Comment(rawValue: message), sourceLocation: sourceLocation)
        #expect(message.contains(fragment), "'\(message)' does not mention '\(fragment)'", sourceLocation: sourceLocation)
    }

    @Test func acceptsWellTypedCode() throws {
        let program = try self.program([
            Instruction(.donations, 0), Instruction(.const, 3), Instruction(.within, 0), Instruction(.store, 0),
            Instruction(.load, 0), Instruction(.loopAny, 0, 1, 10),
            Instruction(.load, 1), Instruction(.field, 0, 1), Instruction(.const, 0), Instruction(.compareInt, 0),
            Instruction(.loopNext), Instruction(.ret),
        ], locals: [BytecodeType(.donations(event: 0)), BytecodeType(.donation(event: 0))])
        #expect(program.limits.loopDepth == 1)
        #expect(program.limits.locals == 2)
        #expect(program.limits.stackSlots >= 2)
    }

    @Test func jumpOutsideTheCode() {
        assertRejected([Instruction(.const, 1), Instruction(.jumpIfFalse, 99), Instruction(.const, 1), Instruction(.ret)],
                       "outside the code")
    }

    @Test func backwardJump() {
        assertRejected([Instruction(.const, 1), Instruction(.jumpIfFalseOrPop, 0), Instruction(.ret)], "jumps must go forward")
    }

    @Test func indicesOutOfBounds() {
        assertRejected([Instruction(.const, 9), Instruction(.ret)], "constant 9 out of range")
        assertRejected([Instruction(.param, 1), Instruction(.ret)], "parameter 1 out of range")
        assertRejected([Instruction(.donations, 4), Instruction(.isEmpty), Instruction(.ret)], "event 4 out of range")
        assertRejected([Instruction(.load, 0), Instruction(.ret)], "local 0 out of range")
        assertRejected([Instruction(.donations, 0), Instruction(.first), Instruction(.jumpIfNil, 5, 1),
                        Instruction(.field, 0, 3), Instruction(.wrap), Instruction(.isNil), Instruction(.ret)],
                       "field 3 out of range")
        assertRejected([Instruction(.const, 0), Instruction(.const, 0), Instruction(.compareInt, 6), Instruction(.ret)],
                       "unknown comparison 6")
        assertRejected([Instruction(.nilOf, 99), Instruction(.isNil), Instruction(.ret)], "refers to event 46")
    }

    @Test func operandTypes() {
        assertRejected([Instruction(.const, 0), Instruction(.const, 1), Instruction(.addInt), Instruction(.ret)],
                       "expected Int on the stack, found Bool")
        assertRejected([Instruction(.const, 2), Instruction(.const, 0), Instruction(.compareDouble, 0), Instruction(.ret)],
                       "expected Double on the stack, found Int")
        assertRejected([Instruction(.addInt), Instruction(.ret)], "stack underflow")
        assertRejected([Instruction(.donations, 0), Instruction(.first), Instruction(.field, 0, 1), Instruction(.ret)],
                       "expected Donation<0> on the stack, found Donation<0>?")
        assertRejected([Instruction(.donations, 0), Instruction(.sumInt, 0, 2), Instruction(.const, 0),
                        Instruction(.compareInt, 0), Instruction(.ret)], "sumInt cannot aggregate a String field")
        assertRejected([Instruction(.donations, 0), Instruction(.first), Instruction(.jumpIfNil, 5, 1),
                        Instruction(.field, 0, 2), Instruction(.wrap), Instruction(.isNil), Instruction(.ret)],
                       "use fieldString")
    }

    @Test func pathsMustAgree() {
        // const true; jumpIfFalse else; const 1 (Int); jump end; else: const true; end: ret
        assertRejected([Instruction(.const, 1), Instruction(.jumpIfFalse, 4), Instruction(.const, 0), Instruction(.jump, 5),
                        Instruction(.const, 1), Instruction(.ret)], "paths meet with different stacks: [Bool] and [Int]")
    }

    @Test func everyPathEndsInRet() {
        assertRejected([Instruction(.const, 1)], "execution runs past the end of the code")
        assertRejected([Instruction(.const, 0), Instruction(.ret)], "ret needs exactly Bool on the stack")
        assertRejected([Instruction(.const, 1), Instruction(.const, 1), Instruction(.ret)], "ret needs exactly Bool")
        assertRejected([Instruction(.const, 1), Instruction(.ret), Instruction(.const, 1), Instruction(.ret)],
                       "unreachable instruction")
        assertRejected([], "empty code")
    }

    @Test func testLocals() {
        let int = BytecodeType(.int)
        assertRejected([Instruction(.load, 0), Instruction(.const, 0), Instruction(.compareInt, 0), Instruction(.ret)],
                       locals: [int], "local 0 is read before it is stored")
        // Stored on one path only.
        assertRejected([Instruction(.const, 1), Instruction(.jumpIfFalse, 4), Instruction(.const, 0), Instruction(.store, 0),
                        Instruction(.load, 0), Instruction(.const, 0), Instruction(.compareInt, 0), Instruction(.ret)],
                       locals: [int], "local 0 is read before it is stored")
        assertRejected([Instruction(.const, 0), Instruction(.storeOptional, 0), Instruction(.const, 1), Instruction(.ret)],
                       locals: [int], "use the plain load/store")
    }

    @Test func loops() {
        let locals = [BytecodeType(.int), BytecodeType(.donation(event: 0))]
        // A loop body may not overwrite a local that lives outside it.
        assertRejected([Instruction(.const, 0), Instruction(.store, 0), Instruction(.donations, 0), Instruction(.loopAny, 0, 1, 7),
                        Instruction(.const, 0), Instruction(.store, 0), Instruction(.const, 1), Instruction(.loopNext),
                        Instruction(.ret)], locals: locals, "overwrites local 0")
        assertRejected([Instruction(.const, 1), Instruction(.loopNext), Instruction(.ret)], locals: locals, "loopNext closes no loop")
        assertRejected([Instruction(.donations, 0), Instruction(.loopAll, 0, 1, 1), Instruction(.ret)], locals: locals,
                       "is not a loopNext after the loop's body")
        // A jump from outside into the body.
        assertRejected([Instruction(.const, 1), Instruction(.jumpIfFalse, 5), Instruction(.donations, 0),
                        Instruction(.loopAny, 0, 1, 6), Instruction(.const, 1), Instruction(.const, 1), Instruction(.loopNext),
                        Instruction(.ret)], locals: locals, "across a loop boundary")
        // The body must end with exactly one Bool more than it started with.
        assertRejected([Instruction(.donations, 0), Instruction(.loopAny, 0, 1, 4), Instruction(.const, 1), Instruction(.const, 1),
                        Instruction(.loopNext), Instruction(.ret)], locals: locals, "plus a Bool")
        // The element local must be a donation of the loop's event.
        assertRejected([Instruction(.donations, 0), Instruction(.loopAny, 0, 0, 3), Instruction(.const, 1),
                        Instruction(.loopNext), Instruction(.ret)], locals: locals, "not a donation of event 0")
    }

    @Test func debugInformation() {
        let code = CodeBlock(instructions: [Instruction(.const, 1), Instruction(.ret)],
                             notes: [ComparisonNote(instruction: 0, subject: "x")])
        let message = errorDescription {
            try Program(sourceName: "x", constants: [.bool(true)],
                        tips: [TipInfo(name: "T", id: "T", title: "t", rules: [RuleInfo(line: 1, code: code)], line: 1)])
        }
        #expect(message?.contains("debug note 0 is not on a comparison") == true, Comment(rawValue: message ?? ""))
    }

    @Test func symbols() {
        let wrongDefault = errorDescription {
            try Program(sourceName: "x", parameters: [ParameterInfo(name: "p", type: .int, defaultValue: .bool(true), line: 1)])
        }
        #expect(wrongDefault == "verification failed: parameter 'p' is a Int but its default is a Bool")
        let badMember = errorDescription {
            try Program(sourceName: "x", groups: [GroupInfo(name: "G", ordered: true, members: [0], line: 1)])
        }
        #expect(badMember == "verification failed: group 'G' has member 0, but 0 tips are declared")
        #expect(errorDescription { try Program(sourceName: "x", displayFrequency: .nan) } != nil)
        #expect(errorDescription {
            try Program(sourceName: "x", events: [EventInfo(name: "e", fields: [], maximumCount: -1, line: 1)])
        } != nil)
    }

    /// A frequency cap allows at least 1 display in a window longer than 0, as the compiler
    /// requires: a cap of 0 displays read before a tip's first display date (a fuzzer's finding).
    @Test func frequencyCaps() throws {
        func program(_ cap: FrequencyCap, verified: Bool = true) throws -> Program {
            try Program(contents: ProgramContents(
                sourceName: "x", displayFrequency: 0, constants: [], parameters: [], events: [],
                tips: [TipInfo(name: "T", id: "T", title: "t", options: TipOptions(frequencyCaps: [cap]), line: 1)],
                groups: [], widgets: []), verified: verified)
        }
        _ = try program(FrequencyCap(count: 1, seconds: 1))
        #expect(errorDescription { try program(FrequencyCap(count: 0, seconds: 86_400)) }
                == "verification failed: tip 'T' has a FrequencyCap of 0 per 86400.0 s: a cap allows at least 1 display in a window longer than 0")
        for cap in [FrequencyCap(count: -1, seconds: 60), FrequencyCap(count: Int.min, seconds: 60),
                    FrequencyCap(count: 1, seconds: 0), FrequencyCap(count: 1, seconds: -60),
                    FrequencyCap(count: 1, seconds: .nan), FrequencyCap(count: 1, seconds: .infinity)] {
            #expect(errorDescription { try program(cap) }?.hasPrefix("verification failed: tip 'T' has a FrequencyCap of ") == true,
                    "\(cap) was accepted")
            // The same cap in bytes is refused whole when they are decoded.
            let bytes = try program(cap, verified: false).encoded()
            #expect(errorDescription { try Program(bytes: bytes) }?.contains("has a FrequencyCap of ") == true, "\(cap) was decoded")
        }
    }

    /// Byte-level jump targets are checked while decoding, with byte offsets in the message.
    @Test func encodedJumpTargets() throws {
        func encoded(_ instructions: [Instruction]) throws -> [UInt8] {
            let contents = ProgramContents(
                sourceName: "x", displayFrequency: 0, constants: [.bool(true)], parameters: [], events: [],
                tips: [TipInfo(name: "X", id: "X", title: "t",
                               rules: [RuleInfo(line: 4, code: CodeBlock(instructions: instructions))], line: 1)],
                groups: [], widgets: [])
            return try Program(contents: contents, verified: false).encoded()
        }
        let outside = try encoded([Instruction(.const, 0), Instruction(.jumpIfFalseOrPop, 99), Instruction(.ret)])
        #expect(errorDescription { try Program(bytes: outside) } == "verification failed: tip 'X' rule 1 (line 4): jump at 2 targets 4294967295 outside the code")
        var bytes = try encoded([Instruction(.const, 0), Instruction(.jumpIfFalseOrPop, 2), Instruction(.ret)])
        // Point the jump (its target operand starts 3 bytes after the jump's opcode) at byte 1.
        let codeStart = try #require(firstIndex(of: [Opcode.const.rawValue, 0, Opcode.jumpIfFalseOrPop.rawValue], in: bytes))
        bytes[codeStart + 3] = 1
        #expect(errorDescription { try Program(bytes: resealed(bytes)) } == "verification failed: tip 'X' rule 1 (line 4): jump at 2 targets 1, which is not the start of an instruction")
    }

    private func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        bytes.indices.dropFirst(BytecodeFormat.headerSize).first { start in start + pattern.count <= bytes.count && Array(bytes[start..<start + pattern.count]) == pattern }
    }
}
