import TipRulesRuntime

/// The type of a value in a checked expression. Only `optional` is boxed: the others are
/// plain values, so making a type allocates nothing.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool, int, double, string, date, duration
    /// A semantic version (`SemanticVersion`); a `String` in the bytecode.
    case version
    /// One donation of the event with this index.
    case donation(event: Int)
    /// A collection of donations of the event with this index.
    case donations(event: Int)
    /// A rule input bound to an event (`$0` in `#Rule(Self.appOpened)`); not a value itself.
    case event(Int)
    /// The type of a bare `nil` before context gives it a type.
    case nilLiteral
    indirect case optional(ValueType)

    /// The type with one level of optionality removed.
    public var unwrapped: ValueType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    public var isNumeric: Bool { self == .int || self == .double }

    /// The scalar type this corresponds to, if it is one.
    public var scalar: ScalarKind? {
        ScalarKind.allCases.first { $0.valueType == self }
    }

    /// Swift's spelling; `eventNames` resolves event indices for donation types.
    public func spelled(eventNames: [String]) -> String {
        func name(_ index: Int) -> String { index >= 0 && index < eventNames.count ? eventNames[index] : "event" }
        switch self {
        case .bool, .int, .double, .string, .date, .duration, .version: return scalar?.description ?? ""
        case .donation(let event): return "Donation<\(name(event))>"
        case .donations(let event): return "Donations<\(name(event))>"
        case .event(let event): return "Event<\(name(event))>"
        case .nilLiteral: return "nil"
        case .optional(let wrapped): return wrapped.spelled(eventNames: eventNames) + "?"
        }
    }

    public var description: String { spelled(eventNames: []) }
}

/// A compile-time constant. Dates are seconds since 1970-01-01T00:00:00Z; durations are seconds.
public enum Constant: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case date(Double)
    case duration(Double)
    /// A version literal as written (valid: the checker parsed it).
    case version(String)
    /// `nil` of the given optional type.
    case none(ValueType)
}

extension ValueType {
    /// The checked type of a bytecode value type; nil for donation types, which name no event
    /// a checked type could.
    init?(_ type: BytecodeType) {
        let base: ValueType
        switch type.base {
        case .bool: base = .bool
        case .int: base = .int
        case .double: base = .double
        case .string: base = .string
        case .date: base = .date
        case .duration: base = .duration
        case .donation, .donations: return nil
        }
        self = type.isOptional ? .optional(base) : base
    }
}

extension ScalarKind {
    /// The checked-expression type of this scalar kind.
    public var valueType: ValueType {
        switch self {
        case .bool: return .bool
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .date: return .date
        case .duration: return .duration
        case .version: return .version
        }
    }
}
