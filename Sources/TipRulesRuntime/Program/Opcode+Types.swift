/// The operand and result types of the typed instructions, shared by the verifier and the VM.
extension Opcode {
    /// The operand type of a comparison instruction.
    var comparedType: BytecodeType.Base {
        switch self {
        case .compareBool, .compareOptionalBool: return .bool
        case .compareInt, .compareOptionalInt: return .int
        case .compareDouble, .compareOptionalDouble: return .double
        case .compareString, .compareOptionalString: return .string
        case .compareDate, .compareOptionalDate: return .date
        default: return .duration
        }
    }

    /// Whether this is one of the optional comparisons.
    var comparesOptionals: Bool {
        switch self {
        case .compareOptionalBool, .compareOptionalInt, .compareOptionalDouble,
             .compareOptionalString, .compareOptionalDate, .compareOptionalDuration:
            return true
        default:
            return false
        }
    }

    /// The field types an aggregate instruction accepts.
    var aggregatedTypes: [BytecodeType.Base] {
        switch self {
        case .minInt, .maxInt, .sumInt: return [.int]
        case .minDouble, .maxDouble: return [.double, .date, .duration]
        case .sumDouble: return [.double, .duration]
        case .minString, .maxString: return [.string]
        default: return []
        }
    }

    /// The result of a loop instruction over donations of `event`.
    func loopResult(event: Int) -> BytecodeType {
        self == .loopFilter ? BytecodeType(.donations(event: event)) : BytecodeType(.bool)
    }
}
