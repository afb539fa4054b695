/// How an instruction changes the operand stack on one of its paths, in values (an optional
/// is one value of two slots): it pops `pops` values and then pushes `pushes`.
public struct StackEffect: Hashable, Sendable, CustomStringConvertible {
    public let pops: Int
    public let pushes: Int

    public init(_ pops: Int, _ pushes: Int) {
        self.pops = pops
        self.pushes = pushes
    }

    public var description: String { "\(pops) → \(pushes)" }
}

/// One row of the instruction table.
public struct OpcodeInfo: Hashable, Sendable {
    /// What the explain mode records at an instruction.
    public enum Explained: Hashable, Sendable {
        /// Nothing.
        case nothing
        /// The outcome and operand values of a comparison.
        case comparison
        /// The truth value the instruction leaves on the stack.
        case truthValue
    }

    /// The operands, in encoding order.
    public let operands: [OperandKind]
    /// The stack effect of each path out of the instruction: falling through (or into a loop
    /// body), and jumping (a jump taken, an empty loop skipped, a loop finished, `ret`).
    public var effects: Set<StackEffect> { Set(effectList) }
    /// The same effects as the row lists them: a set is made only when asked for, since
    /// hashing every row's effects when the table is first read costs each process's start.
    let effectList: [StackEffect]
    public let explain: Explained
    /// For a comparison: the type of its operands, and whether they are optionals.
    public let compared: BytecodeType?
    /// The bytecode format version that added the instruction: a file of an older version
    /// cannot hold it, and a program that uses it is written in this version or a later one.
    public let since: Int

    init(_ operands: [OperandKind], _ effects: [StackEffect], explain: Explained = .nothing,
         compared: BytecodeType? = nil, since: Int = 1) {
        self.operands = operands
        effectList = effects
        self.explain = explain
        self.compared = compared
        self.since = since
    }

    /// Rows are equal when their effects are, in whatever order the rows list them.
    public static func == (left: OpcodeInfo, right: OpcodeInfo) -> Bool {
        left.operands == right.operands && left.effects == right.effects && left.explain == right.explain
            && left.compared == right.compared && left.since == right.since
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(operands)
        hasher.combine(effects)
        hasher.combine(explain)
        hasher.combine(compared)
        hasher.combine(since)
    }
}

/// The instruction table, in the manner of Lua's `lopcodes.h`: one exhaustive switch (no
/// `default:`, so a new opcode does not compile until it has its row). The verifier checks every
/// path against `effects`; `docs/bytecode.md`'s table is tested against it.
extension Opcode {
    /// This opcode's row of the table.
    public var info: OpcodeInfo { Self.table[Int(rawValue)] }

    /// The rows, by opcode byte (the raw values are 0, 1, 2 … in order).
    private static let table: [OpcodeInfo] = allCases.map(\.row)

    /// The operands of each opcode, by opcode byte: read for every instruction written or read,
    /// without copying the whole row.
    static let operandTable: [[OperandKind]] = table.map(\.operands)

    /// This opcode's stack effects as the verifier checks them at every instruction.
    var stackEffectSummary: StackEffectSummary { Self.summaries[Int(rawValue)] }

    private static let summaries: [StackEffectSummary] = table.map { StackEffectSummary($0.effectList) }

    private var row: OpcodeInfo {
        let push = StackEffect(0, 1), pop = StackEffect(1, 0), unary = StackEffect(1, 1), binary = StackEffect(2, 1)
        switch self {
        case .const: return OpcodeInfo([.constant], [push])
        case .nilOf: return OpcodeInfo([.type], [push])
        case .param: return OpcodeInfo([.parameter], [push], explain: .truthValue)
        case .now: return OpcodeInfo([], [push])
        case .load, .loadOptional: return OpcodeInfo([.local], [push])
        case .store, .storeOptional: return OpcodeInfo([.local], [pop])
        case .wrap: return OpcodeInfo([], [unary])
        case .jump: return OpcodeInfo([.target], [StackEffect(0, 0)])
        case .jumpIfFalse: return OpcodeInfo([.target], [pop])
        case .jumpIfFalseOrPop, .jumpIfTrueOrPop, .jumpIfNonNil, .jumpIfNonNilKeep: return OpcodeInfo([.target], [pop, unary])
        case .jumpIfNil: return OpcodeInfo([.target, .type], [unary])
        case .ret: return OpcodeInfo([], [pop])
        case .not: return OpcodeInfo([], [unary])
        case .isNil, .isNonNil: return OpcodeInfo([], [unary], explain: .comparison)
        case .negInt, .negDouble, .negDuration, .intToDouble, .doubleToInt, .intToDuration, .doubleToDuration,
             .stringCount, .lowercased:
            return OpcodeInfo([], [unary])
        case .addInt, .subInt, .mulInt, .divInt, .remInt, .addDouble, .subDouble, .mulDouble, .divDouble,
             .addDateDuration, .subDateDuration, .subDates, .addDurations, .subDurations, .mulDuration, .divDuration,
             .concat:
            return OpcodeInfo([], [binary])
        case .stringIsEmpty: return OpcodeInfo([], [unary], explain: .truthValue)
        case .hasPrefix, .hasSuffix, .stringContains: return OpcodeInfo([], [binary], explain: .truthValue)
        case .compareBool: return comparison(.bool, optional: false)
        case .compareInt: return comparison(.int, optional: false)
        case .compareDouble: return comparison(.double, optional: false)
        case .compareString: return comparison(.string, optional: false)
        case .compareDate: return comparison(.date, optional: false)
        case .compareDuration: return comparison(.duration, optional: false)
        case .compareOptionalBool: return comparison(.bool, optional: true)
        case .compareOptionalInt: return comparison(.int, optional: true)
        case .compareOptionalDouble: return comparison(.double, optional: true)
        case .compareOptionalString: return comparison(.string, optional: true)
        case .compareOptionalDate: return comparison(.date, optional: true)
        case .compareOptionalDuration: return comparison(.duration, optional: true)
        case .donations: return OpcodeInfo([.event], [push])
        case .within: return OpcodeInfo([.event], [binary])
        case .largestSubset, .smallestSubset, .field, .fieldString: return OpcodeInfo([.event, .field], [unary])
        case .minInt, .maxInt, .sumInt, .minDouble, .maxDouble, .sumDouble, .minString, .maxString:
            // What each computes, of which fields, and pushes: `AggregateInstruction.all`.
            return OpcodeInfo([.event, .field], [unary])
        case .count, .first, .last: return OpcodeInfo([], [unary])
        case .isEmpty: return OpcodeInfo([], [unary], explain: .truthValue)
        case .loopFilter: return OpcodeInfo([.event, .local, .target], [pop, unary])
        case .loopAny, .loopAll: return OpcodeInfo([.event, .local, .target], [pop, unary], explain: .truthValue)
        case .loopNext: return OpcodeInfo([], [pop, unary], explain: .truthValue)
        case .compareVersion:
            return OpcodeInfo([.comparison], [binary], explain: .comparison, compared: BytecodeType(.string), since: 3)
        case .versionMajor, .versionMinor, .versionPatch: return OpcodeInfo([], [unary], since: 3)
        case .bucket: return OpcodeInfo([], [binary], since: 3)
        case .rollout: return OpcodeInfo([], [StackEffect(3, 1)], explain: .truthValue, since: 3)
        case .component: return OpcodeInfo([.component], [unary], since: 3)
        }
    }

    private func comparison(_ type: BytecodeType.Base, optional: Bool) -> OpcodeInfo {
        OpcodeInfo([.comparison], [StackEffect(2, 1)], explain: .comparison, compared: BytecodeType(type, optional: optional))
    }
}
