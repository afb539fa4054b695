extension CheckedExpression {
    /// The direct subexpressions, in evaluation order.
    var children: [CheckedExpression] {
        var children: [CheckedExpression] = []
        forEachChild { children.append($0) }
        return children
    }

    /// Calls `body` with each direct subexpression, in evaluation order, building no array: the
    /// passes that walk every node of a large program call it once per node.
    func forEachChild(_ body: (CheckedExpression) throws -> Void) rethrows {
        switch kind {
        case .constant, .parameter, .now, .local, .element, .chained, .donations:
            return
        case .unary(_, let operand), .wrap(let operand), .isNil(let operand, _), .convert(_, let operand),
             .subset(let operand, _, _), .count(let operand), .isEmpty(let operand), .endpoint(let operand, _),
             .aggregate(_, let operand, _), .field(let operand, _), .versionComponent(_, let operand),
             .calendar(_, let operand):
            try body(operand)
        case .bucket(let id, let group):
            try body(id)
            try body(group)
        case .rollout(let share, let id, let group):
            try body(share)
            try body(id)
            try body(group)
        case .oneOf(let value, let choices):
            try body(value)
            try choices.forEach(body)
        case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right),
             .coalesce(let left, let right), .donatedWithin(let left, let right),
             .optionalChain(let left, _, let right), .filter(let left, _, let right),
             .quantifier(let left, _, _, let right):
            try body(left)
            try body(right)
        case .conditional(let condition, let then, let otherwise):
            try body(condition)
            try body(then)
            try body(otherwise)
        case .string(_, let value, let argument):
            try body(value)
            if let argument { try body(argument) }
        }
    }

    /// The widget `let`s this expression reads, directly.
    var localsRead: Set<Int> {
        var read = Set<Int>()
        collectLocals(into: &read)
        return read
    }

    private func collectLocals(into read: inout Set<Int>) {
        if case .local(let index) = kind { read.insert(index) }
        forEachChild { $0.collectLocals(into: &read) }
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
