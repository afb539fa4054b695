import TipRulesRuntime

extension ValueType {
    /// The bytecode type of a value of this type; nil for types that are not values
    /// (`.event`, a bare `nil`, an optional of an optional).
    var bytecodeType: BytecodeType? {
        switch self {
        case .donation(let event): return BytecodeType(.donation(event: event))
        case .donations(let event): return BytecodeType(.donations(event: event))
        case .optional(let wrapped):
            guard let inner = wrapped.bytecodeType, !inner.isOptional else { return nil }
            return inner.optional
        case .event, .nilLiteral: return nil
        default: return scalar.map { BytecodeType($0) }
        }
    }
}

extension FieldReference {
    /// The instruction operand: 0 for `date`, `i + 1` for the declared field `i`.
    var operand: Int {
        switch self {
        case .date: return 0
        case .declared(let index): return index + 1
        }
    }
}
