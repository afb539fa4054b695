/// The operand of the comparison instructions (same raw values as the compiler's `Comparison`).
public enum ComparisonOperator: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    /// Swift's spelling: `==`, `!=`, `<`, `<=`, `>`, `>=`.
    public var description: String {
        switch self {
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        }
    }

    /// The operator that is true exactly when this one is false.
    public var negated: ComparisonOperator {
        switch self {
        case .equal: return .notEqual
        case .notEqual: return .equal
        case .less: return .greaterOrEqual
        case .lessOrEqual: return .greater
        case .greater: return .lessOrEqual
        case .greaterOrEqual: return .less
        }
    }

    /// The operator with its operands swapped (`a < b` is `b > a`).
    public var mirrored: ComparisonOperator {
        switch self {
        case .equal, .notEqual: return self
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        }
    }

    /// The comparison of two values, as Swift's operators compute it.
    @inline(__always)
    func compare<Value: Comparable>(_ left: Value, _ right: Value) -> Bool {
        switch self {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return left < right
        case .lessOrEqual: return left <= right
        case .greater: return left > right
        case .greaterOrEqual: return left >= right
        }
    }
}
