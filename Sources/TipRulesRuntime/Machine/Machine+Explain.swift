/// The explain mode: what the VM records about noted comparisons when a rule is run again
/// to say why it is false. The fast path never gets here.
extension Machine {
    /// Records an outcome whose operands are already written for people (`isNil`, `isNonNil`).
    mutating func observe(_ at: Int, _ result: Bool, _ left: String, _ right: String,
                          _ notes: InstructionNotes?) {
        guard notes?[at] != nil else { return }
        observations.append(Observation(instruction: at, result: result, left: left, right: right))
    }

    /// Records the truth value a noted instruction (see `Opcode.producesExplainedValue`) left on
    /// the stack, once the value is complete: when control falls through, except for a loop
    /// instruction, which completes its value only when it skips an empty collection's body.
    mutating func observeValue(_ at: Int, _ instruction: Instruction, pc: Int, sp: Int,
                               _ notes: InstructionNotes?) {
        guard notes?[at] != nil, !instruction.opcode.isComparison, instruction.opcode != .rollout, sp > 0,
              sp <= stack.count else { return }
        let isLoop = instruction.opcode == .loopAny || instruction.opcode == .loopAll
        guard (pc == at + 1) != isLoop else { return }
        let value = stack[sp - 1] != 0
        observations.append(Observation(instruction: at, result: value, left: value ? "true" : "false", right: ""))
    }

    /// Records a comparison whose operands are at stack positions `left` and `right` (for
    /// optional comparisons, the value slots, with the presence flags above them).
    mutating func observeComparison(_ at: Int, _ result: Bool, _ instruction: Instruction, _ left: Int,
                                    _ right: Int, _ notes: InstructionNotes?) {
        guard notes?[at] != nil else { return }
        let optional = instruction.opcode.comparesOptionals
        func text(_ position: Int) -> String {
            if instruction.opcode == .compareVersion { return string(stack[position]) }
            return optional && stack[position + 1] == 0 ? "nil" : describe(stack[position], instruction.opcode.comparedType)
        }
        observations.append(Observation(instruction: at, result: result, left: text(left), right: text(right)))
    }

    /// Records a rollout: the id's bucket in its group and the share it needs to be within,
    /// e.g. `"u-81" is in bucket 37 of group "fav-2026", needs <= 25`.
    mutating func observeRollout(_ at: Int, _ result: Bool, id: String, group: String, bucket: Int?, share: Int,
                                 _ notes: InstructionNotes?) {
        guard notes?[at] != nil else { return }
        let value = bucket.map { "\(ValueFormatting.quoted(id)) is in bucket \($0) of group \(ValueFormatting.quoted(group))" }
            ?? "\(ValueFormatting.quoted(id)) is empty"
        observations.append(Observation(instruction: at, result: result, left: value,
                                        right: bucket == nil ? "needs a non-empty id" : "needs <= \(share)"))
    }

    /// A value for people, by its type.
    private func describe(_ slot: UInt64, _ type: BytecodeType.Base) -> String {
        switch type {
        case .bool: return SlotEncoding.bool(slot) ? "true" : "false"
        case .int: return String(SlotEncoding.int(slot))
        case .double: return SlotEncoding.double(slot).description
        case .string: return ValueFormatting.quoted(string(slot))
        case .date: return ValueFormatting.date(SlotEncoding.double(slot))
        default: return ValueFormatting.duration(SlotEncoding.double(slot))
        }
    }
}
