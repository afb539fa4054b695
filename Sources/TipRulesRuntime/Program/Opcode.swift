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
    /// A `CalendarComponent` raw value.
    case component
}

/// The instruction set. Every instruction is typed: the verifier knows the operand
/// types of each one, so the virtual machine never inspects a value's type. Raw values are
/// the opcode bytes of the file format, written out so that none moves by accident.
/// `info` is the instruction table (operands, stack effects, what the explain mode reads);
/// `docs/bytecode.md` prints the same table, and a test holds the two together.
public enum Opcode: UInt8, CaseIterable, Hashable, Sendable {
    // Values and locals.
    case const = 0, nilOf = 1, param = 2, now = 3, load = 4, loadOptional = 5, store = 6, storeOptional = 7
    case wrap = 8
    // Control.
    case jump = 9, jumpIfFalse = 10, jumpIfFalseOrPop = 11, jumpIfTrueOrPop = 12, jumpIfNil = 13
    case jumpIfNonNil = 14, jumpIfNonNilKeep = 15, ret = 16
    // Bool and optionals.
    case not = 17, isNil = 18, isNonNil = 19
    // Int.
    case addInt = 20, subInt = 21, mulInt = 22, divInt = 23, remInt = 24, negInt = 25
    // Double.
    case addDouble = 26, subDouble = 27, mulDouble = 28, divDouble = 29, negDouble = 30
    // Dates and durations.
    case addDateDuration = 31, subDateDuration = 32, subDates = 33, addDurations = 34, subDurations = 35
    case mulDuration = 36, divDuration = 37, negDuration = 38
    // Conversions.
    case intToDouble = 39, doubleToInt = 40, intToDuration = 41, doubleToDuration = 42
    // Strings.
    case concat = 43, stringCount = 44, stringIsEmpty = 45, lowercased = 46, hasPrefix = 47, hasSuffix = 48
    case stringContains = 49
    // Comparisons.
    case compareBool = 50, compareInt = 51, compareDouble = 52, compareString = 53, compareDate = 54
    case compareDuration = 55
    case compareOptionalBool = 56, compareOptionalInt = 57, compareOptionalDouble = 58
    case compareOptionalString = 59, compareOptionalDate = 60, compareOptionalDuration = 61
    // Donations.
    case donations = 62, within = 63, largestSubset = 64, smallestSubset = 65, count = 66, isEmpty = 67
    case first = 68, last = 69, field = 70, fieldString = 71
    // Aggregates.
    case minInt = 72, maxInt = 73, sumInt = 74, minDouble = 75, maxDouble = 76, sumDouble = 77, minString = 78
    case maxString = 79
    // Closure loops.
    case loopFilter = 80, loopAny = 81, loopAll = 82, loopNext = 83
    // Targeting (format version 3): versions, rollout buckets, the local calendar.
    case compareVersion = 84, versionMajor = 85, versionMinor = 86, versionPatch = 87, bucket = 88, rollout = 89
    case component = 90

    /// The operands, in encoding order.
    public var operands: [OperandKind] { Self.operandTable[Int(rawValue)] }

    /// Whether control never falls through to the next instruction.
    public var isTerminal: Bool { self == .jump || self == .ret }

    /// Whether this is a comparison the explain mode records (the six-way and optional
    /// comparisons, `isNil`, `isNonNil`).
    public var isComparison: Bool { info.explain == .comparison }

    /// Whether the explain mode may record the truth value this instruction leaves on the stack
    /// (a `Bool` parameter, a string test, a collection's `isEmpty`, `contains(where:)` and
    /// `allSatisfy`, whose value a loop instruction gives for an empty collection and `loopNext`
    /// otherwise).
    public var producesExplainedValue: Bool { info.explain == .truthValue }

    /// The assembler mnemonic: the case name.
    public var mnemonic: String { String(describing: self) }
}
