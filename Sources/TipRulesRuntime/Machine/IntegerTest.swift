/// A `Bool` or `Int` parameter compared with a constant (`NativeRule.ConstantTest.integer`),
/// restated as a range: the rule holds when the value (`true` as 1) lies in `lower...upper`,
/// or, `negated`, when it does not. What `Evaluator.decideRule` reads first: a few words and no
/// branch on the operator, the same answer as `ComparisonOperator.compare` for every value.
@usableFromInline
struct IntegerTest {
    @usableFromInline let parameter: Int
    @usableFromInline let lower: Int
    @usableFromInline let upper: Int
    @usableFromInline let negated: Bool

    /// The test of `parameter` `comparison` `constant`.
    init(parameter: Int, _ comparison: ComparisonOperator, _ constant: Int) {
        self.parameter = parameter
        negated = comparison == .notEqual
        switch comparison {
        case .equal, .notEqual: (lower, upper) = (constant, constant)
        case .lessOrEqual: (lower, upper) = (.min, constant)
        case .greaterOrEqual: (lower, upper) = (constant, .max)
        // No value is below `Int.min` or above `Int.max`: an empty range.
        case .less: (lower, upper) = constant == .min ? (1, 0) : (.min, constant - 1)
        case .greater: (lower, upper) = constant == .max ? (1, 0) : (constant + 1, .max)
        }
    }

    /// Whether the test holds for `value`.
    @inlinable @inline(__always)
    func holds(for value: Int) -> Bool {
        (lower <= value && value <= upper) != negated
    }

    /// Whether the test holds for the parameter's value among `parameters`; nil when it is
    /// neither a `Bool` nor an `Int` (a store of another program: the caller takes the general path).
    @inlinable @inline(__always)
    func holds(in parameters: [ScalarValue]) -> Bool? {
        switch parameters[parameter] {
        case .bool(let flag): return holds(for: flag ? 1 : 0)
        case .int(let number): return holds(for: number)
        default: return nil
        }
    }
}

extension NativeRule.ParameterTest {
    /// The test as an `IntegerTest`, when it compares a `Bool` or `Int` parameter.
    var integerTest: IntegerTest? {
        guard case .integer(let comparison, let constant) = test else { return nil }
        return IntegerTest(parameter: parameter, comparison, constant)
    }
}
