/// Finding the shapes `NativeRule` runs natively in a rule's verified code.
extension NativeRule {
    /// The native form of a rule's code, if its instructions are exactly one of the shapes.
    /// `code` must be a verified rule (it returns a `Bool`) of a program with these `events`.
    init?(rule code: CodeBlock, constants: [ScalarValue], events: [EventInfo]) {
        let instructions = code.instructions
        guard instructions.count >= 2, instructions[instructions.count - 1].opcode == .ret else { return nil }
        let body = instructions[..<(instructions.count - 1)]
        let decisive = instructions.count - 2
        let line = code.line(at: decisive)
        guard let kind = Self.parameterAlone(body, line: line)
                ?? Self.rollout(body, constants: constants)
                ?? Self.comparison(body, constants: constants, events: events, line: line) else { return nil }
        // A subset's count fails only at the subset, when it uses up the work budget.
        if case .groupCount = kind, let subset = instructions.firstIndex(where: { Self.isSubset($0.opcode) }) {
            self.init(kind: kind, line: code.line(at: subset))
        } else {
            self.init(kind: kind, line: line)
        }
    }

    /// `param P` (a `Bool`, as the rule's result) or `param P; not`.
    private static func parameterAlone(_ body: ArraySlice<Instruction>, line: Int) -> Kind? {
        guard let first = body.first, first.opcode == .param else { return nil }
        switch body.count {
        case 1: return .parameter(ParameterTest(parameter: Int(first.a), test: .integer(.equal, 1), line: line))
        case 2 where body[body.startIndex + 1].opcode == .not:
            return .parameter(ParameterTest(parameter: Int(first.a), test: .integer(.equal, 0), line: line))
        default: return nil
        }
    }

    /// `const S; param P; const G; rollout` with `S` an `Int` in 0...100 and `G` a `String`.
    private static func rollout(_ body: ArraySlice<Instruction>, constants: [ScalarValue]) -> Kind? {
        let code = Array(body)
        guard code.count == 4, code[0].opcode == .const, code[1].opcode == .param, code[2].opcode == .const,
              code[3].opcode == .rollout,
              case .int(let share)? = constant(code[0], constants), (0...100).contains(share),
              case .string(let group)? = constant(code[2], constants) else { return nil }
        return .rollout(parameter: Int(code[1].a), share: share, group: RolloutBucket.hasher(forGroup: group),
                        groupLength: group.utf8.count)
    }

    /// A subject compared with a constant, the constant on either side: the subject a
    /// parameter, a `Version` parameter, a donation count or a subset's group count.
    private static func comparison(_ body: ArraySlice<Instruction>, constants: [ScalarValue], events: [EventInfo],
                                   line: Int) -> Kind? {
        guard body.count >= 3, let compare = body.last,
              let written = ComparisonOperator(rawValue: UInt8(truncatingIfNeeded: compare.a)) else { return nil }
        let operands = body.dropLast()
        let constantFirst = operands[operands.startIndex].opcode == .const
        let constantInstruction = constantFirst ? operands[operands.startIndex] : operands[operands.endIndex - 1]
        let subject = Array(constantFirst ? operands.dropFirst() : operands.dropLast())
        guard let value = constant(constantInstruction, constants) else { return nil }
        let comparison = constantFirst ? written.mirrored : written
        if subject.count == 1, subject[0].opcode == .param {
            return parameterComparison(Int(subject[0].a), compare.opcode, comparison, value,
                                       constant: Int(constantInstruction.a), line: line)
        }
        guard compare.opcode == .compareInt, case .int(let bound) = value else { return nil }
        if let (event, window) = donationCount(subject, constants: constants) {
            return .count(event: event, window: window, comparison: comparison, bound: bound)
        }
        guard let (event, window, grouping) = groupCount(subject, constants: constants, events: events) else { return nil }
        return .groupCount(event: event, window: window, grouping: grouping, comparison: comparison, bound: bound)
    }

    private static func parameterComparison(_ index: Int, _ opcode: Opcode, _ comparison: ComparisonOperator,
                                            _ value: ScalarValue, constant: Int, line: Int) -> Kind? {
        func test(_ test: ConstantTest) -> Kind { .parameter(ParameterTest(parameter: index, test: test, line: line)) }
        switch (opcode, value) {
        case (.compareBool, .bool(let flag)): return test(.integer(comparison, flag ? 1 : 0))
        case (.compareInt, .int(let number)): return test(.integer(comparison, number))
        case (.compareDouble, .double(let number)), (.compareDate, .date(let number)),
             (.compareDuration, .duration(let number)):
            return test(.floating(comparison, number))
        case (.compareString, .string): return test(.string(comparison, constant: constant))
        case (.compareVersion, .string(let text)):
            guard let parsed = SemanticVersion(text), let release = ReleaseVersion(parsed) else { return nil }
            return .version(parameter: index, comparison: comparison, constant: release, constantLength: text.utf8.count)
        default: return nil
        }
    }

    /// `donations E; count` or `donations E; const D; within E; count`: the event and the
    /// window's seconds (nil without a window).
    private static func donationCount(_ code: [Instruction], constants: [ScalarValue]) -> (Int, Double?)? {
        guard code.last?.opcode == .count else { return nil }
        return donations(code.dropLast(), constants: constants)
    }

    /// `donations E; [const D; within E;] largestSubset E F; count` (or `smallestSubset`): the
    /// event, the window's seconds (nil without a window) and the grouping.
    private static func groupCount(_ code: [Instruction], constants: [ScalarValue],
                                   events: [EventInfo]) -> (Int, Double?, Grouping)? {
        guard code.count >= 3, code[code.count - 1].opcode == .count else { return nil }
        let subset = code[code.count - 2]
        guard isSubset(subset.opcode), let (event, window) = donations(code.dropLast(2), constants: constants),
              Int(subset.a) == event, events.indices.contains(event) else { return nil }
        let field = Int(subset.b)
        let fields = events[event].fields
        guard field >= 0, field <= fields.count else { return nil }
        let floating = field == 0 || [.double, .date, .duration].contains(fields[field - 1].type)
        return (event, window, Grouping(field: field, floating: floating, largest: subset.opcode == .largestSubset))
    }

    /// `donations E` or `donations E; const D; within E`: the event and the window's seconds
    /// (nil without a window).
    private static func donations(_ code: ArraySlice<Instruction>, constants: [ScalarValue]) -> (Int, Double?)? {
        guard let first = code.first, first.opcode == .donations else { return nil }
        let event = Int(first.a)
        let rest = Array(code.dropFirst())
        switch rest.count {
        case 0:
            return (event, nil)
        case 2:
            guard rest[0].opcode == .const, rest[1].opcode == .within, Int(rest[1].a) == event,
                  case .duration(let seconds)? = constant(rest[0], constants) else { return nil }
            return (event, seconds)
        default:
            return nil
        }
    }

    private static func isSubset(_ opcode: Opcode) -> Bool {
        opcode == .largestSubset || opcode == .smallestSubset
    }

    /// The constant a `const` instruction pushes.
    private static func constant(_ instruction: Instruction, _ constants: [ScalarValue]) -> ScalarValue? {
        guard instruction.opcode == .const, constants.indices.contains(Int(instruction.a)) else { return nil }
        return constants[Int(instruction.a)]
    }
}
