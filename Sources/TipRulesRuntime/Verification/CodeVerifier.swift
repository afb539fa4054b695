/// Verifies one code block by abstract interpretation. Jumps only go forward (a loop's
/// `loopNext` returns to the loop's body, bounded by the collection's size), so one pass in
/// instruction order sees every predecessor of an instruction before the instruction itself.
///
/// It checks that every operand is in bounds, every jump target is a later instruction in the
/// same loop body, every instruction is reachable and finds the operand types it needs, paths
/// meet with the same stack types, locals are stored before they are loaded, a loop body does
/// not overwrite a local that lives outside it, and every path ends in `ret` with exactly the
/// block's result on the stack.
struct CodeVerifier {
    let code: CodeBlock
    let result: BytecodeType
    let constants: [ScalarValue]
    let parameters: [ParameterInfo]
    let events: [EventInfo]

    /// Returns the block's maximum stack size in slots and its deepest loop nesting.
    func verify() throws -> (stackSlots: Int, loopDepth: Int) {
        let instructions = code.instructions
        guard !instructions.isEmpty else { throw VerificationProblem(at: 0, "empty code") }
        guard instructions.count <= BytecodeFormat.maximumInstructions else {
            throw VerificationProblem(at: 0, "more than \(BytecodeFormat.maximumInstructions) instructions")
        }
        guard code.locals.count <= BytecodeFormat.maximumLocals else {
            throw VerificationProblem(at: 0, "more than \(BytecodeFormat.maximumLocals) locals")
        }
        for (index, local) in code.locals.enumerated() {
            try checkEvent(of: local.base, at: 0, what: "local \(index)")
        }
        try checkDebugInformation()
        let regions = try LoopRegions(instructions)
        // The state falling through to the next instruction, and the states jumps carry to later
        // instructions (merged per target). Only these are kept, within a budget.
        var current: AbstractState? = AbstractState(locals: code.locals.count)
        // Made at the first jump: most blocks have none.
        var pending: [AbstractState?] = []
        var pendingCost = 0
        // For each open loop: the stack its body must end with, and the locals initialized before it.
        var loopEntries = [(stack: [BytecodeType], initialized: [Bool])?](repeating: nil, count: regions.loops.count)
        var maximumDepth = 0
        // One step for the whole block, its state moved in and its successors moved out at each
        // instruction, so that no instruction copies the abstract state or allocates.
        var step = Step(verifier: self, regions: regions)

        for index in instructions.indices {
            switch (current.take(), pending.isEmpty ? nil : pending[index].take()) {
            case (nil, nil):
                throw VerificationProblem(at: index, "unreachable instruction")
            case (let falling?, nil):
                step.state = falling
            case (nil, let jumped?):
                pendingCost -= jumped.cost
                step.state = jumped
            case (var falling?, let jumped?):
                pendingCost -= jumped.cost
                try falling.merge(jumped, at: index)
                step.state = falling
            }
            let opcode = instructions[index].opcode
            let effects = opcode.stackEffectSummary
            let stackBefore = step.state.stack.count
            guard effects.minimumPops <= stackBefore else {
                throw VerificationProblem(at: index, "stack underflow: \(opcode.mnemonic) takes \(effects.minimumPops) values, the stack holds \(stackBefore)")
            }
            step.index = index
            step.maximumDepth = step.state.depth
            try step.run(instructions[index], loopEntries: &loopEntries)
            // Every path out of the instruction has one of the table's stack effects.
            for (_, successor) in step.successors where !effects.allows(change: successor.stack.count - stackBefore) {
                throw VerificationProblem(at: index, "\(opcode.mnemonic) leaves the stack outside its stack effects \(opcode.info.effects.map(\.description).sorted())")
            }
            maximumDepth = max(maximumDepth, step.maximumDepth)
            guard maximumDepth <= BytecodeFormat.maximumStackSlots else {
                throw VerificationProblem(at: index, "the stack grows beyond \(BytecodeFormat.maximumStackSlots) slots")
            }
            for (target, successor) in step.successors {
                guard target < instructions.count else {
                    throw VerificationProblem(at: index, "execution runs past the end of the code")
                }
                if target == index + 1 && current == nil {
                    current = successor
                    continue
                }
                if pending.isEmpty { pending = Array(repeating: nil, count: instructions.count) }
                if var merged = pending[target].take() {
                    try merged.merge(successor, at: target)
                    pending[target] = merged
                } else {
                    pending[target] = successor
                    pendingCost += successor.cost
                    guard pendingCost <= BytecodeFormat.maximumPendingVerifierState else {
                        throw VerificationProblem(at: index, "too many branches to verify at once")
                    }
                }
            }
            step.successors.removeAll(keepingCapacity: true)
        }
        return (maximumDepth, regions.maximumDepth)
    }

    private func checkDebugInformation() throws {
        for (position, entry) in code.lines.enumerated() {
            guard entry.start >= 0 && entry.start < code.instructions.count && entry.line >= 0,
                  position == 0 ? entry.start == 0 : entry.start > code.lines[position - 1].start else {
                throw VerificationProblem(at: 0, "line table entry \(position) is out of order or range")
            }
        }
        for (position, note) in code.notes.enumerated() {
            guard note.instruction >= 0 && note.instruction < code.instructions.count,
                  code.instructions[note.instruction].opcode.isComparison
                      || code.instructions[note.instruction].opcode.producesExplainedValue,
                  position == 0 || note.instruction > code.notes[position - 1].instruction else {
                throw VerificationProblem(at: max(0, min(note.instruction, code.instructions.count - 1)),
                                          "debug note \(position) is not on a comparison or a truth value, or out of order")
            }
        }
    }

    fileprivate func checkEvent(of base: BytecodeType.Base, at index: Int, what: String) throws {
        if let event = base.event, !(0..<events.count).contains(event) {
            throw VerificationProblem(at: index, "\(what) refers to event \(event), but \(events.count) are declared")
        }
    }

    /// The type of a field operand of `event`: 0 is the date, `i + 1` the declared field `i`.
    fileprivate func fieldType(event: Int, field: Int, at index: Int) throws -> BytecodeType.Base {
        guard field >= 0 && field <= events[event].fields.count else {
            throw VerificationProblem(at: index, "field \(field) out of range (event '\(events[event].name)' has \(events[event].fields.count))")
        }
        return field == 0 ? .date : BytecodeType.Base(events[event].fields[field - 1].type)
    }
}

/// The verification of one instruction at a time: its effect on the abstract state and its
/// successors. `CodeVerifier.verify` sets the instruction's index, state and starting depth.
private struct Step {
    let verifier: CodeVerifier
    let regions: LoopRegions
    var index = 0
    var state = AbstractState(locals: 0)
    var successors: [(Int, AbstractState)] = []
    var maximumDepth = 0

    init(verifier: CodeVerifier, regions: LoopRegions) {
        self.verifier = verifier
        self.regions = regions
    }

    mutating func run(_ instruction: Instruction,
                      loopEntries: inout [(stack: [BytecodeType], initialized: [Bool])?]) throws {
        let a = instruction.operand(0)
        let b = instruction.operand(1)
        var fallsThrough = !instruction.opcode.isTerminal
        switch instruction.opcode {
        case .const:
            guard (0..<verifier.constants.count).contains(a) else { throw problem("constant \(a) out of range") }
            push(BytecodeType(verifier.constants[a].kind))
        case .nilOf:
            push(try baseType(a).optionalType)
        case .param:
            guard (0..<verifier.parameters.count).contains(a) else { throw problem("parameter \(a) out of range") }
            push(BytecodeType(verifier.parameters[a].type))
        case .now:
            push(BytecodeType(.date))
        case .load, .loadOptional:
            let type = try local(a, optional: instruction.opcode == .loadOptional)
            guard state.initialized[a] else { throw problem("local \(a) is read before it is stored") }
            push(type)
        case .store, .storeOptional:
            let type = try local(a, optional: instruction.opcode == .storeOptional)
            try state.pop(type, at: index)
            if let loop = regions.innermost[index], loopEntries[loop]?.initialized[a] == true {
                throw problem("a loop body overwrites local \(a), which lives outside the loop")
            }
            state.initialized[a] = true
        case .wrap:
            let type = try state.pop(at: index)
            guard !type.isOptional else { throw problem("wrap of an optional") }
            push(type.optional)
        case .jump:
            try jump(to: a, with: state)
        case .jumpIfFalse:
            try state.pop(BytecodeType(.bool), at: index)
            try jump(to: a, with: state)
        case .jumpIfFalseOrPop, .jumpIfTrueOrPop:
            try expectTop(BytecodeType(.bool))
            try jump(to: a, with: state)
            try state.pop(at: index)
        case .jumpIfNil:
            let type = try state.popOptional(at: index)
            var whenNil = state
            whenNil.push(try baseType(b).optionalType)
            try jump(to: a, with: whenNil)
            push(type.unwrapped)
        case .jumpIfNonNil:
            let type = try state.popOptional(at: index)
            var whenPresent = state
            whenPresent.push(type.unwrapped)
            try jump(to: a, with: whenPresent)
        case .jumpIfNonNilKeep:
            guard state.stack.last?.isOptional == true else { throw problem("expected an optional on the stack") }
            try jump(to: a, with: state)
            try state.pop(at: index)
        case .ret:
            guard state.stack == [verifier.result] else {
                throw problem("ret needs exactly \(verifier.result) on the stack, found \(AbstractState.describe(state.stack))")
            }
        case .not:
            try unary(.bool, .bool)
        case .isNil, .isNonNil:
            _ = try state.popOptional(at: index)
            push(BytecodeType(.bool))
        case .addInt, .subInt, .mulInt, .divInt, .remInt:
            try binary(.int, .int, .int)
        case .negInt:
            try unary(.int, .int)
        case .addDouble, .subDouble, .mulDouble, .divDouble:
            try binary(.double, .double, .double)
        case .negDouble:
            try unary(.double, .double)
        case .addDateDuration, .subDateDuration:
            try binary(.date, .duration, .date)
        case .subDates:
            try binary(.date, .date, .duration)
        case .addDurations, .subDurations:
            try binary(.duration, .duration, .duration)
        case .mulDuration, .divDuration:
            try binary(.duration, .int, .duration)
        case .negDuration:
            try unary(.duration, .duration)
        case .intToDouble:
            try unary(.int, .double)
        case .doubleToInt:
            try unary(.double, .int)
        case .intToDuration:
            try unary(.int, .duration)
        case .doubleToDuration:
            try unary(.double, .duration)
        case .concat:
            try binary(.string, .string, .string)
        case .stringCount:
            try unary(.string, .int)
        case .stringIsEmpty:
            try unary(.string, .bool)
        case .lowercased:
            try unary(.string, .string)
        case .hasPrefix, .hasSuffix, .stringContains:
            try binary(.string, .string, .bool)
        case .compareBool, .compareInt, .compareDouble, .compareString, .compareDate, .compareDuration:
            guard (0..<ComparisonOperator.allCases.count).contains(a) else { throw problem("unknown comparison \(a)") }
            let type = BytecodeType(instruction.opcode.comparedType)
            try binary(type.base, type.base, .bool)
        case .compareVersion:
            guard (0..<ComparisonOperator.allCases.count).contains(a) else { throw problem("unknown comparison \(a)") }
            try binary(.string, .string, .bool)
        case .versionMajor, .versionMinor, .versionPatch:
            try unary(.string, .int)
        case .bucket:
            try binary(.string, .string, .int)
        case .rollout:
            try state.pop(BytecodeType(.string), at: index)
            try state.pop(BytecodeType(.string), at: index)
            try state.pop(BytecodeType(.int), at: index)
            push(BytecodeType(.bool))
        case .component:
            guard CalendarComponent(rawValue: UInt8(clamping: max(0, a))) != nil, a < 256 else {
                throw problem("unknown calendar component \(a)")
            }
            try unary(.date, .int)
        case .compareOptionalBool, .compareOptionalInt, .compareOptionalDouble,
             .compareOptionalString, .compareOptionalDate, .compareOptionalDuration:
            guard a == Int(ComparisonOperator.equal.rawValue) || a == Int(ComparisonOperator.notEqual.rawValue) else {
                throw problem("optionals compare only with == or !=")
            }
            let type = BytecodeType(instruction.opcode.comparedType, optional: true)
            try state.pop(type, at: index)
            try state.pop(type, at: index)
            push(BytecodeType(.bool))
        case .donations:
            try checkEvent(a)
            push(BytecodeType(.donations(event: a)))
        case .within:
            try checkEvent(a)
            try state.pop(BytecodeType(.duration), at: index)
            try state.pop(BytecodeType(.donations(event: a)), at: index)
            push(BytecodeType(.donations(event: a)))
        case .largestSubset, .smallestSubset:
            try checkEvent(a)
            _ = try verifier.fieldType(event: a, field: b, at: index)
            try unary(.donations(event: a), .donations(event: a))
        case .count:
            _ = try state.popDonations(at: index)
            push(BytecodeType(.int))
        case .isEmpty:
            _ = try state.popDonations(at: index)
            push(BytecodeType(.bool))
        case .first, .last:
            let event = try state.popDonations(at: index)
            push(BytecodeType(.donation(event: event), optional: true))
        case .field, .fieldString:
            try checkEvent(a)
            let type = try verifier.fieldType(event: a, field: b, at: index)
            guard (type == .string) == (instruction.opcode == .fieldString) else {
                throw problem("field \(b) is a \(type); use \(type == .string ? "fieldString" : "field")")
            }
            try unary(.donation(event: a), type)
        case .minInt, .maxInt, .sumInt, .minDouble, .maxDouble, .sumDouble, .minString, .maxString:
            guard let aggregate = instruction.opcode.aggregate else { throw problem("no row in the aggregate table") }
            try checkEvent(a)
            let type = try verifier.fieldType(event: a, field: b, at: index)
            guard aggregate.fieldTypes.contains(type) else {
                throw problem("\(instruction.opcode.mnemonic) cannot aggregate a \(type) field")
            }
            try state.pop(BytecodeType(.donations(event: a)), at: index)
            push(aggregate.resultType(field: type))
        case .loopFilter, .loopAny, .loopAll:
            try beginLoop(instruction, loopEntries: &loopEntries)
        case .loopNext:
            fallsThrough = false
            try endLoop(instruction, loopEntries: &loopEntries)
        }
        if fallsThrough {
            successors.append((index + 1, state))
        }
    }

    /// A loop instruction: pops the collection; the body starts with the element local set,
    /// and an empty collection skips to after the loop's `loopNext` with the loop's result.
    private mutating func beginLoop(_ instruction: Instruction,
                                    loopEntries: inout [(stack: [BytecodeType], initialized: [Bool])?]) throws {
        let event = instruction.operand(0)
        let element = instruction.operand(1)
        try checkEvent(event)
        try state.pop(BytecodeType(.donations(event: event)), at: index)
        let elementType = try local(element, optional: false)
        guard elementType.base == .donation(event: event) else {
            throw problem("loop element local \(element) is a \(elementType), not a donation of event \(event)")
        }
        guard !state.initialized[element] else { throw problem("loop element local \(element) is already in use") }
        guard let loop = regions.innermost[index + 1] else { throw problem("loop without a body") }
        var bodyEnd = state.stack
        bodyEnd.append(BytecodeType(.bool))
        loopEntries[loop] = (bodyEnd, state.initialized)
        var exit = state
        exit.push(instruction.opcode.loopResult(event: event))
        successors.append((regions.loops[loop].end + 1, exit))
        state.initialized[element] = true
    }

    /// `loopNext`: the body must end with the stack it started with plus the predicate's `Bool`.
    private mutating func endLoop(_ instruction: Instruction,
                                  loopEntries: inout [(stack: [BytecodeType], initialized: [Bool])?]) throws {
        guard let loop = regions.innermost[index], let entry = loopEntries[loop] else {
            throw problem("loopNext closes no loop")
        }
        guard state.stack == entry.stack else {
            throw problem("the loop body must leave its stack as it found it plus a Bool")
        }
        loopEntries[loop] = nil
        try state.pop(at: index)
        let begin = verifier.code.instructions[regions.loops[loop].begin]
        state.push(begin.opcode.loopResult(event: begin.operand(0)))
        maximumDepth = max(maximumDepth, state.depth)
        successors.append((index + 1, state))
    }

    private func problem(_ message: String) -> VerificationProblem {
        VerificationProblem(at: index, message)
    }

    private mutating func push(_ type: BytecodeType) {
        state.push(type)
        maximumDepth = max(maximumDepth, state.depth)
    }

    private mutating func unary(_ operand: BytecodeType.Base, _ result: BytecodeType.Base) throws {
        try state.pop(BytecodeType(operand), at: index)
        push(BytecodeType(result))
    }

    /// Pops the right operand, then the left one, and pushes the result.
    private mutating func binary(_ left: BytecodeType.Base, _ right: BytecodeType.Base,
                                 _ result: BytecodeType.Base) throws {
        try state.pop(BytecodeType(right), at: index)
        try state.pop(BytecodeType(left), at: index)
        push(BytecodeType(result))
    }

    private func expectTop(_ type: BytecodeType) throws {
        guard state.stack.last == type else {
            throw problem("expected \(type) on the stack, found \(state.stack.last?.description ?? "nothing")")
        }
    }

    private mutating func jump(to target: Int, with successor: AbstractState) throws {
        let count = verifier.code.instructions.count
        guard target >= 0 && target < count else { throw problem("jump targets instruction \(target), outside the code") }
        guard target > index, regions.innermost[target] == regions.innermost[index] else {
            let offset = InstructionCoding.offsets(of: verifier.code.instructions)[target]
            throw problem(target > index ? "jump targets \(offset), across a loop boundary"
                                         : "jump targets \(offset): jumps must go forward")
        }
        successors.append((target, successor))
    }

    private func local(_ local: Int, optional: Bool) throws -> BytecodeType {
        guard (0..<verifier.code.locals.count).contains(local) else { throw problem("local \(local) out of range") }
        let type = verifier.code.locals[local]
        guard type.isOptional == optional else {
            throw problem("local \(local) is a \(type); use \(type.isOptional ? "the optional" : "the plain") load/store")
        }
        return type
    }

    private func baseType(_ code: Int) throws -> BytecodeType.Base {
        guard let base = BytecodeType.Base(code: code) else { throw problem("unknown type \(code)") }
        try verifier.checkEvent(of: base, at: index, what: "type")
        return base
    }

    private func checkEvent(_ event: Int) throws {
        guard (0..<verifier.events.count).contains(event) else {
            throw problem("event \(event) out of range (\(verifier.events.count) declared)")
        }
    }
}

private extension BytecodeType.Base {
    var optionalType: BytecodeType { BytecodeType(self, optional: true) }
}
