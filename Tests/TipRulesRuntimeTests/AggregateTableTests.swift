import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// The aggregate table is the one description of the aggregate instructions: every row is an
/// instruction of the opcode table, each aggregate of each field type has one instruction, and
/// what the checker types, the code generator emits, the verifier accepts, the machine runs and
/// the disassembler prints all follow the row.
@Suite struct AggregateTableTests {
    private static let fields: [(name: String, type: ScalarKind)] = [("count", .int), ("amount", .double), ("label", .string)]

    @Test func everyRowIsAnAggregateInstructionOfTheOpcodeTable() {
        #expect(Set(AggregateInstruction.all.map(\.opcode)).count == AggregateInstruction.all.count)
        for row in AggregateInstruction.all {
            #expect(row.opcode.aggregate == row, Comment(rawValue: row.opcode.mnemonic))
            #expect(row.opcode.aggregateKernel == row.kernel, Comment(rawValue: row.opcode.mnemonic))
            #expect(row.opcode.operands == [.event, .field], Comment(rawValue: row.opcode.mnemonic))
            #expect(row.opcode.info.effects == [StackEffect(1, 1)], Comment(rawValue: row.opcode.mnemonic))
            #expect(!row.fieldTypes.isEmpty, Comment(rawValue: row.opcode.mnemonic))
        }
        let aggregates = Opcode.allCases.filter { $0.aggregate != nil }
        #expect(aggregates == AggregateInstruction.all.map(\.opcode).sorted { $0.rawValue < $1.rawValue })
    }

    /// No two rows claim the same aggregate of the same field type (the second could never be emitted).
    @Test func eachAggregateOfAFieldTypeHasOneInstruction() {
        for aggregate in Aggregate.allCases {
            let types = AggregateInstruction.all.filter { $0.aggregate == aggregate }.flatMap(\.fieldTypes)
            #expect(Set(types.map(\.description)).count == types.count, Comment(rawValue: aggregate.rawValue))
            #expect(!types.isEmpty, Comment(rawValue: aggregate.rawValue))
        }
    }

    /// `sum(of:)` keeps the field's type; `min(of:)` and `max(of:)` make it optional.
    @Test func resultTypes() {
        #expect(AggregateInstruction.lowering(.sum, field: .int)?.resultType(field: .int) == BytecodeType(.int))
        #expect(AggregateInstruction.lowering(.sum, field: .duration)?.resultType(field: .duration) == BytecodeType(.duration))
        #expect(AggregateInstruction.lowering(.min, field: .date)?.resultType(field: .date) == BytecodeType(.date, optional: true))
        #expect(AggregateInstruction.lowering(.max, field: .string)?.resultType(field: .string) == BytecodeType(.string, optional: true))
        #expect(AggregateInstruction.lowering(.sum, field: .string) == nil)
    }

    /// Every aggregate of every field type a source can declare: the checker gives it the row's
    /// result type, the code generator the row's opcode; the program verifies, survives its
    /// bytes, runs without an error and disassembles to the row's mnemonic.
    @Test func everyInstructionCompilesVerifiesRunsAndDisassembles() throws {
        var covered = Set<Opcode>()
        for aggregate in Aggregate.allCases {
            for (field, scalar) in Self.fields + [("date", .date)] {
                let type = BytecodeType.Base(scalar)
                guard let row = AggregateInstruction.lowering(aggregate, field: type) else { continue }
                let expression = "$0.donations.\(aggregate.rawValue)(of: \\.\(field))"
                let source = """
                    event e(count: Int, amount: Double, label: String)
                    tip T {
                        title: "t"
                        #Rule(Self.e) { \(expression) == \(expression) }
                    }
                    """
                let checked = try #require(Compilation(name: "t.tiprules", bytes: Array(source.utf8)).program, Comment(rawValue: expression))
                guard case .binary(_, let left, _) = checked.tips[0].rules[0].body.kind else {
                    Issue.record("\(expression): not a comparison")
                    continue
                }
                #expect(left.type.bytecodeTypeForTest == row.resultType(field: type), Comment(rawValue: expression))

                let program = try compile(source)
                #expect(program.tips[0].rules[0].code.instructions.contains { $0.opcode == row.opcode }, Comment(rawValue: expression))
                let decoded = try Program(bytes: program.encoded())
                #expect(decoded.tips[0].rules[0].code.instructions == program.tips[0].rules[0].code.instructions)
                let now = date("2026-11-21T09:00:00Z")
                let result = evaluate(decoded, store: sampleStore(for: decoded, now: now), now: now)
                #expect(result.tips[0].rules[0].error == nil, Comment(rawValue: expression))
                #expect(result.tips[0].rules[0].result, Comment(rawValue: expression))
                #expect(disassemble(decoded).contains(" \(row.opcode.mnemonic) "), Comment(rawValue: expression))
                covered.insert(row.opcode)
            }
        }
        #expect(covered == Set(AggregateInstruction.all.map(\.opcode)))
    }

    /// The verifier pushes the row's result type: a local of exactly that type takes it.
    @Test func theVerifierPushesTheRowsResultType() throws {
        let event = EventInfo(name: "e", fields: [FieldInfo(name: "count", type: .int), FieldInfo(name: "amount", type: .double),
                                                  FieldInfo(name: "label", type: .string), FieldInfo(name: "length", type: .duration)],
                              line: 1)
        for row in AggregateInstruction.all {
            for field in 0...event.fields.count {
                let type: BytecodeType.Base = field == 0 ? .date : BytecodeType.Base(event.fields[field - 1].type)
                let result = row.resultType(field: type)
                let code = CodeBlock(instructions: [Instruction(.donations, 0), Instruction(row.opcode, 0, field),
                                                    Instruction(result.isOptional ? .storeOptional : .store, 0),
                                                    Instruction(.const, 0), Instruction(.ret)],
                                     locals: [result])
                let build = {
                    try Program(sourceName: "hand.tiprules", constants: [.bool(true)], events: [event],
                                tips: [TipInfo(name: "T", id: "T", title: "t", rules: [RuleInfo(line: 3, code: code)], line: 2)])
                }
                if row.fieldTypes.contains(type) {
                    #expect(throws: Never.self, "\(row.opcode.mnemonic) of field \(field)") { try build() }
                } else {
                    let message = errorDescription(build) ?? ""
                    #expect(message.contains("\(row.opcode.mnemonic) cannot aggregate a \(type) field"), Comment(rawValue: message))
                }
            }
        }
    }
}

private extension ValueType {
    /// The bytecode type of a checked scalar or optional scalar type.
    var bytecodeTypeForTest: BytecodeType? {
        switch self {
        case .optional(let wrapped): return wrapped.scalar.map { BytecodeType($0).optional }
        default: return scalar.map { BytecodeType($0) }
        }
    }
}
