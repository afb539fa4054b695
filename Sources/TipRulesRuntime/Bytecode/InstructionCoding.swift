/// Encodes and decodes an instruction stream: one opcode byte, then each operand as unsigned
/// LEB128 except jump targets, which are 4-byte little-endian byte offsets into the code.
enum InstructionCoding {
    /// The encoded size of `instruction`.
    static func size(of instruction: Instruction) -> Int {
        var size = 1
        for (position, kind) in instruction.opcode.operands.enumerated() {
            size += kind == .target ? 4 : unsignedSize(instruction.operand(position))
        }
        return size
    }

    /// The byte offset of each instruction, followed by the total length.
    static func offsets(of instructions: [Instruction]) -> [Int] {
        var offsets = [0]
        offsets.reserveCapacity(instructions.count + 1)
        var offset = 0
        for instruction in instructions {
            offset += size(of: instruction)
            offsets.append(offset)
        }
        return offsets
    }

    /// Appends the encoded instructions to `writer`; `offsets` is `offsets(of: instructions)`.
    static func encode(_ instructions: [Instruction], offsets: [Int], to writer: inout ByteWriter) {
        for instruction in instructions {
            writer.byte(instruction.opcode.rawValue)
            for (position, kind) in instruction.opcode.operands.enumerated() {
                let value = instruction.operand(position)
                if kind == .target {
                    // An index that names no instruction (only in unverified programs) is written
                    // as an offset no code can have.
                    writer.fixed(value >= 0 && value < offsets.count ? UInt32(clamping: offsets[value]) : UInt32.max)
                } else {
                    writer.unsigned(value)
                }
            }
        }
    }

    /// Decodes `length` bytes of code. Jump targets become instruction indices; a target that
    /// is not the start of an instruction is a verification error. Returns the instructions
    /// and the byte offset of each, followed by the total length.
    static func decode(_ reader: inout ByteReader, length: Int) throws -> (instructions: [Instruction], offsets: [Int]) {
        guard length <= reader.remaining else { throw reader.truncated() }
        let start = reader.offset
        var instructions: [Instruction] = []
        var offsets: [Int] = []
        var targets: [(instruction: Int, position: Int, offset: Int)] = []
        while reader.offset - start < length {
            let at = reader.offset - start
            guard instructions.count < BytecodeFormat.maximumInstructions,
                  reader.instructionsRead < BytecodeFormat.maximumTotalInstructions else {
                throw BytecodeError.limitExceeded("more than \(BytecodeFormat.maximumInstructions) instructions in a code "
                                                  + "block or \(BytecodeFormat.maximumTotalInstructions) in the program")
            }
            reader.instructionsRead += 1
            offsets.append(at)
            let raw = try reader.byte()
            guard let opcode = Opcode(rawValue: raw) else {
                throw reader.malformed("unknown opcode \(raw) at \(at)", at: reader.offset - 1)
            }
            var instruction = Instruction(opcode)
            for (position, kind) in opcode.operands.enumerated() {
                if kind == .target {
                    targets.append((instructions.count, position, Int(try reader.fixed(UInt32.self))))
                } else {
                    instruction.setOperand(position, try reader.unsigned(limit: Int(Int32.max)))
                }
            }
            guard reader.offset - start <= length else {
                throw reader.malformed("instruction at \(at) runs past the end of the code")
            }
            instructions.append(instruction)
        }
        offsets.append(length)
        for target in targets {
            guard let index = instructionIndex(atOffset: target.offset, offsets: offsets) else {
                let at = offsets[target.instruction]
                let problem = target.offset >= length
                    ? "targets \(target.offset) outside the code"
                    : "targets \(target.offset), which is not the start of an instruction"
                throw BytecodeError.verificationFailed("\(reader.part): jump at \(at) \(problem)")
            }
            instructions[target.instruction].setOperand(target.position, index)
        }
        return (instructions, offsets)
    }

    /// The index of the instruction starting at byte `offset`, by binary search.
    static func instructionIndex(atOffset offset: Int, offsets: [Int]) -> Int? {
        var low = 0
        var high = offsets.count - 1  // the last entry is the total length, not an instruction
        while low < high {
            let middle = low + (high - low) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count - 1 && offsets[low] == offset ? low : nil
    }

    private static func unsignedSize(_ value: Int) -> Int {
        var remaining = UInt(max(0, value))
        var size = 1
        while remaining >= 0x80 {
            remaining >>= 7
            size += 1
        }
        return size
    }
}
