extension CheckedExpression {
    /// The direct subexpressions, in evaluation order.
    var children: [CheckedExpression] {
        switch kind {
        case .constant, .parameter, .now, .local, .element, .chained, .donations:
            return []
        case .unary(_, let operand), .wrap(let operand), .isNil(let operand, _), .convert(_, let operand),
             .subset(let operand, _, _), .count(let operand), .isEmpty(let operand), .endpoint(let operand, _),
             .aggregate(_, let operand, _), .field(let operand, _), .versionComponent(_, let operand),
             .calendar(_, let operand):
            return [operand]
        case .bucket(let id, let group):
            return [id, group]
        case .rollout(let share, let id, let group):
            return [share, id, group]
        case .oneOf(let value, let choices):
            return [value] + choices
        case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right),
             .coalesce(let left, let right), .donatedWithin(let left, let right),
             .optionalChain(let left, _, let right), .filter(let left, _, let right),
             .quantifier(let left, _, _, let right):
            return [left, right]
        case .conditional(let condition, let then, let otherwise):
            return [condition, then, otherwise]
        case .string(_, let value, let argument):
            return [value] + (argument.map { [$0] } ?? [])
        }
    }

    /// The widget `let`s this expression reads, directly.
    var localsRead: Set<Int> {
        if case .local(let index) = kind { return [index] }
        return children.reduce(into: Set<Int>()) { $0.formUnion($1.localsRead) }
    }

    /// A constant, or a constant wrapped into an optional: a value known without evaluation.
    var isConstant: Bool {
        switch kind {
        case .constant: return true
        case .wrap(let value): return value.isConstant
        default: return false
        }
    }
}

extension CheckedExpression.Kind {
    /// `&&`, `||`, `!` and `?:`: the operators through which a rule's truth value flows.
    var isLogical: Bool {
        switch self {
        case .and, .or, .conditional, .unary(.not, _): return true
        default: return false
        }
    }
}

extension CheckedExpression {
    /// A truth value computed by one operation rather than by logic or a comparison: a `Bool`
    /// parameter, a string test (`hasPrefix`, `isEmpty` …), `contains(where:)`, `allSatisfy`, or
    /// a collection's `isEmpty`. The explain mode reports its value when it decides a rule.
    var isTruthValueLeaf: Bool {
        guard type == .bool else { return false }
        switch kind {
        case .parameter, .string, .quantifier, .isEmpty: return true
        default: return false
        }
    }
}
