/// What an instruction operand refers to; decides how it is encoded, checked and printed.
public enum OperandKind: Hashable, Sendable {
    /// An index into the constant pool.
    case constant
    /// A parameter index.
    case parameter
    /// A local index of the code block.
    case local
    /// An event index.
    case event
    /// A field of the instruction's event: 0 is `date`, `i + 1` the declared field `i`.
    case field
    /// A jump target: an instruction index in memory, a byte offset in the file (4 bytes, little-endian).
    case target
    /// A `Comparison` raw value.
    case comparison
    /// A `BytecodeType.Base` code.
    case type
}

/// The instruction set. Every instruction is typed: the verifier knows the operand
/// types of each one, so the virtual machine never inspects a value's type.
/// `docs/bytecode.md` has the table of operands and stack effects.
public enum Opcode: UInt8, CaseIterable, Hashable, Sendable {
    // Values and locals.
    case const = 0, nilOf, param, now, load, loadOptional, store, storeOptional, wrap
    // Control.
    case jump, jumpIfFalse, jumpIfFalseOrPop, jumpIfTrueOrPop, jumpIfNil, jumpIfNonNil, jumpIfNonNilKeep, ret
    // Bool and optionals.
    case not, isNil, isNonNil
    // Int.
    case addInt, subInt, mulInt, divInt, remInt, negInt
    // Double.
    case addDouble, subDouble, mulDouble, divDouble, negDouble
    // Dates and durations.
    case addDateDuration, subDateDuration, subDates, addDurations, subDurations, mulDuration, divDuration, negDuration
    // Conversions.
    case intToDouble, doubleToInt, intToDuration, doubleToDuration
    // Strings.
    case concat, stringCount, stringIsEmpty, lowercased, hasPrefix, hasSuffix, stringContains
    // Comparisons.
    case compareBool, compareInt, compareDouble, compareString, compareDate, compareDuration
    case compareOptionalBool, compareOptionalInt, compareOptionalDouble
    case compareOptionalString, compareOptionalDate, compareOptionalDuration
    // Donations.
    case donations, within, largestSubset, smallestSubset, count, isEmpty, first, last, field, fieldString
    // Aggregates.
    case minInt, maxInt, sumInt, minDouble, maxDouble, sumDouble, minString, maxString
    // Closure loops.
    case loopFilter, loopAny, loopAll, loopNext

    /// The operands, in encoding order.
    public var operands: [OperandKind] {
        switch self {
        case .const: return [.constant]
        case .nilOf: return [.type]
        case .param: return [.parameter]
        case .load, .loadOptional, .store, .storeOptional: return [.local]
        case .jump, .jumpIfFalse, .jumpIfFalseOrPop, .jumpIfTrueOrPop, .jumpIfNonNil, .jumpIfNonNilKeep:
            return [.target]
        case .jumpIfNil: return [.target, .type]
        case .compareBool, .compareInt, .compareDouble, .compareString, .compareDate, .compareDuration,
             .compareOptionalBool, .compareOptionalInt, .compareOptionalDouble,
             .compareOptionalString, .compareOptionalDate, .compareOptionalDuration:
            return [.comparison]
        case .donations, .within: return [.event]
        case .largestSubset, .smallestSubset, .field, .fieldString,
             .minInt, .maxInt, .sumInt, .minDouble, .maxDouble, .sumDouble, .minString, .maxString:
            return [.event, .field]
        case .loopFilter, .loopAny, .loopAll: return [.event, .local, .target]
        default: return []
        }
    }

    /// Whether control never falls through to the next instruction.
    public var isTerminal: Bool { self == .jump || self == .ret }

    /// Whether this is a comparison the explain mode records (the six-way and optional
    /// comparisons, `isNil`, `isNonNil`).
    public var isComparison: Bool {
        switch self {
        case .compareBool, .compareInt, .compareDouble, .compareString, .compareDate, .compareDuration,
             .compareOptionalBool, .compareOptionalInt, .compareOptionalDouble,
             .compareOptionalString, .compareOptionalDate, .compareOptionalDuration, .isNil, .isNonNil:
            return true
        default:
            return false
        }
    }

    /// Whether the explain mode may record the truth value this instruction leaves on the stack
    /// (a `Bool` parameter, a string test, a collection's `isEmpty`, `contains(where:)` and
    /// `allSatisfy`, whose value a loop instruction gives for an empty collection and `loopNext`
    /// otherwise).
    public var producesExplainedValue: Bool {
        switch self {
        case .param, .stringIsEmpty, .hasPrefix, .hasSuffix, .stringContains, .isEmpty, .loopAny, .loopAll, .loopNext:
            return true
        default:
            return false
        }
    }

    /// The assembler mnemonic: the case name.
    public var mnemonic: String { String(describing: self) }
}
