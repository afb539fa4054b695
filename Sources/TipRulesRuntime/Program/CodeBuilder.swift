/// Assembles a code block: emits instructions with their source lines (building the line
/// table), resolves jumps to labels, allocates locals and attaches comparison notes.
public struct CodeBuilder {
    /// A position in the code, bound once, that jumps can name before it is bound.
    public struct Label: Hashable, Sendable {
        fileprivate let id: Int
    }

    private var instructions: [Instruction] = []
    private var locals: [BytecodeType] = []
    private var lines: [LineEntry] = []
    private var notes: [ComparisonNote] = []
    private var labels: [Int?] = []
    private var fixups: [(instruction: Int, position: Int, label: Label)] = []

    public init() {}

    /// A new local of `type`; returns its index.
    public mutating func addLocal(_ type: BytecodeType) -> Int {
        locals.append(type)
        return locals.count - 1
    }

    public mutating func makeLabel() -> Label {
        labels.append(nil)
        return Label(id: labels.count - 1)
    }

    /// The number of instructions emitted so far: the index of the next one.
    public var instructionCount: Int { instructions.count }

    /// The opcode of the instruction at `index`, which must have been emitted.
    public func opcode(at index: Int) -> Opcode { instructions[index].opcode }

    /// Binds `label` to the next instruction to be emitted.
    public mutating func bind(_ label: Label) {
        labels[label.id] = instructions.count
    }

    /// Emits an instruction without a jump target; returns its index.
    @discardableResult
    public mutating func emit(_ opcode: Opcode, _ operands: Int..., line: Int) -> Int {
        append(Instruction(opcode, operands.count > 0 ? operands[0] : 0, operands.count > 1 ? operands[1] : 0,
                           operands.count > 2 ? operands[2] : 0), line: line)
    }

    /// Emits an instruction whose target operand is `target`; `operands` fill its other
    /// operands in order. Returns its index.
    @discardableResult
    public mutating func emit(_ opcode: Opcode, _ operands: Int..., target: Label, line: Int) -> Int {
        var instruction = Instruction(opcode)
        var remaining = operands[...]
        for (position, kind) in opcode.operands.enumerated() {
            if kind == .target {
                fixups.append((instructions.count, position, target))
            } else if let value = remaining.popFirst() {
                instruction.setOperand(position, value)
            }
        }
        return append(instruction, line: line)
    }

    /// Attaches an explain-mode note to the comparison at `instruction`.
    public mutating func note(_ note: ComparisonNote) {
        notes.append(note)
    }

    /// The finished block. Throws if a jump names a label that was never bound.
    public func finish(summary: String) throws -> CodeBlock {
        var resolved = instructions
        for fixup in fixups {
            guard let position = labels[fixup.label.id] else {
                throw BytecodeError.verificationFailed("a jump at instruction \(fixup.instruction) names an unbound label")
            }
            resolved[fixup.instruction].setOperand(fixup.position, position)
        }
        return CodeBlock(instructions: resolved, locals: locals, lines: lines,
                         notes: notes.sorted { $0.instruction < $1.instruction }, summary: summary)
    }

    private mutating func append(_ instruction: Instruction, line: Int) -> Int {
        if lines.last?.line != line {
            lines.append(LineEntry(start: instructions.count, line: line))
        }
        instructions.append(instruction)
        return instructions.count - 1
    }
}
