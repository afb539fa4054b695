import TipRulesRuntime

/// Prefix and binary operators, the ternary and `??`, with Swift's typing: literals
/// take the other operand's type, `Int` and `Double` never mix implicitly.
extension Checker {
    /// Whether an expression is made only of number literals, and so takes its type from context.
    enum LiteralNumber { case integer, float }

    func literalNumber(_ syntax: ExpressionSyntax) -> LiteralNumber? {
        switch syntax.kind {
        case .integerLiteral: return .integer
        case .floatLiteral: return .float
        case .parenthesized(let inner), .prefix(.negate, let inner, _): return literalNumber(inner)
        case .binary(let op, let lhs, let rhs, _) where op.isArithmetic:
            guard let left = literalNumber(lhs), let right = literalNumber(rhs) else { return nil }
            return left == .float || right == .float ? .float : .integer
        default: return nil
        }
    }

    mutating func prefix(_ op: PrefixOperator, _ operand: ExpressionSyntax, operatorSpan: SourceSpan,
                         expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        if op == .not {
            guard let value = condition(operand, in: scope, role: "the operand of '!'") else { return nil }
            return CheckedExpression(.unary(.not, value), type: .bool, span: span)
        }
        guard let value = check(operand, expecting: expecting, in: scope) else { return nil }
        switch value.type {
        case .int: return CheckedExpression(.unary(.negateInt, value), type: .int, span: span)
        case .double: return CheckedExpression(.unary(.negateDouble, value), type: .double, span: span)
        case .duration: return CheckedExpression(.unary(.negateDuration, value), type: .duration, span: span)
        default:
            report(.invalidUnaryOperand, "unary operator '-' cannot be applied to an operand of type '\(spell(value.type))'",
                   at: operatorSpan, notes: [DiagnosticNote("'-' negates an Int, a Double or a Duration")])
            return nil
        }
    }

    /// Checks two operands so that a literal side takes the other side's type.
    /// In a comparison (`comparing`), a string literal also takes the other side's type: "2.3"
    /// compared with a version is one.
    private mutating func operands(_ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax, in scope: Scope, comparing: Bool = false,
                                   bothLiteral: ValueType?, hint: (ValueType) -> ValueType?) -> (CheckedExpression, CheckedExpression)? {
        let leftLiteral = literalNumber(lhs), rightLiteral = literalNumber(rhs)
        let leftTakesContext = leftLiteral != nil || (comparing && lhs.isStringLiteral)
        let rightTakesContext = rightLiteral != nil || (comparing && rhs.isStringLiteral)
        let left: CheckedExpression?, right: CheckedExpression?
        // A fractional literal never becomes an `Int`: `count * 1.5` mixes an `Int` with a
        // `Double` (TR0202, convert the `Int`), as in Swift, rather than truncating 1.5.
        func literalHint(_ literal: LiteralNumber?, _ other: CheckedExpression?) -> ValueType? {
            guard let other else { return nil }
            return literal == .float && other.type.unwrapped == .int ? .double : hint(other.type.unwrapped)
        }
        if leftTakesContext && !rightTakesContext {
            right = check(rhs, expecting: nil, in: scope)
            left = check(lhs, expecting: literalHint(leftLiteral, right), in: scope)
        } else if rightTakesContext && !leftTakesContext {
            left = check(lhs, expecting: nil, in: scope)
            right = check(rhs, expecting: literalHint(rightLiteral, left), in: scope)
        } else {
            // Two literals unify as in Swift: `60 * 2.5` is all Double.
            let anyFloat = leftLiteral == .float || rightLiteral == .float
            let shared = leftLiteral != nil ? (bothLiteral ?? (anyFloat ? .double : nil)) : nil
            left = check(lhs, expecting: shared, in: scope)
            right = check(rhs, expecting: shared, in: scope)
        }
        guard let left, let right else { return nil }
        for side in [left, right] {
            if case .event = side.type {
                reportEventNotAValue(side.span, countable: true)
                return nil
            }
        }
        return (left, right)
    }

    mutating func binary(_ op: BinaryOperator, _ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax, operatorSpan: SourceSpan,
                         expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        switch op {
        case .and, .or:
            let left = condition(lhs, in: scope, role: "the operand of '\(op.rawValue)'")
            let right = condition(rhs, in: scope, role: "the operand of '\(op.rawValue)'")
            guard let left, let right else { return nil }
            return CheckedExpression(op == .and ? .and(left, right) : .or(left, right), type: .bool, span: span)
        case .coalesce:
            return coalesce(lhs, rhs, operatorSpan: operatorSpan, expecting: expecting, span: span, in: scope)
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            return comparison(op, lhs, rhs, operatorSpan: operatorSpan, span: span, in: scope)
        case .add, .subtract, .multiply, .divide, .remainder:
            return arithmetic(op, lhs, rhs, operatorSpan: operatorSpan, expecting: expecting, span: span, in: scope)
        }
    }

    private static func comparison(_ op: BinaryOperator) -> Comparison {
        switch op {
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessOrEqual: return .lessOrEqual
        case .greater: return .greater
        default: return .greaterOrEqual
        }
    }

    private mutating func comparison(_ op: BinaryOperator, _ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax,
                                     operatorSpan: SourceSpan, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        let isEquality = op == .equal || op == .notEqual
        if lhs.kind == .nilLiteral || rhs.kind == .nilLiteral {
            return nilComparison(op, value: lhs.kind == .nilLiteral ? rhs : lhs, operatorSpan: operatorSpan, span: span, in: scope)
        }
        guard let (left, right) = operands(lhs, rhs, in: scope, comparing: true, bothLiteral: nil, hint: { type in
            [.int, .double, .duration, .version].contains(type) ? type : nil
        }) else { return nil }
        let comparison = Self.comparison(op)
        let leftBase = left.type.unwrapped, rightBase = right.type.unwrapped
        if leftBase == rightBase, let kind = leftBase.scalar {
            if kind == .bool && !isEquality {
                report(.mismatchedOperands, "'Bool' values cannot be ordered with '\(op.rawValue)'", at: operatorSpan,
                       notes: [DiagnosticNote("'Bool' supports '==' and '!='")])
                return nil
            }
            if !left.type.isOptional && !right.type.isOptional {
                return CheckedExpression(.binary(.compare(comparison, kind), left, right), type: .bool, span: span)
            }
            guard isEquality else {
                let optionalSide = left.type.isOptional ? left : right
                report(.optionalNotUnwrapped, "value of optional type '\(spell(optionalSide.type))' must be unwrapped to compare with '\(op.rawValue)'",
                       at: optionalSide.span, notes: [DiagnosticNote("give a default with '??', as in 'last?.amount ?? 0'")],
                       fixes: [FixIt("give a default with '??'", edits: [TextEdit(span: .point(optionalSide.span.end),
                                                                             newText: " ?? \(Self.literalSpelling(of: kind.zero))")], applicability: .maybeIncorrect)])
                return nil
            }
            let optionalType = ValueType.optional(leftBase)
            let wrappedLeft = left.type.isOptional ? left : CheckedExpression(.wrap(left), type: optionalType, span: left.span)
            let wrappedRight = right.type.isOptional ? right : CheckedExpression(.wrap(right), type: optionalType, span: right.span)
            return CheckedExpression(.binary(.compareOptionals(comparison, kind), wrappedLeft, wrappedRight), type: .bool, span: span)
        }
        if reportMixedNumbers(left, right, at: operatorSpan, operandsMessage(op, left, right)) { return nil }
        var fixes: [FixIt] = []
        for (boolSide, other) in [(left, right), (right, left)] where boolSide.type == .bool {
            if case .constant(.int(let number)) = other.kind, number == 0 || number == 1 {
                fixes.append(.replace(other.span, with: number == 1 ? "true" : "false", "replace with '\(number == 1 ? "true" : "false")'", applicability: .machineApplicable))
            }
        }
        report(.mismatchedOperands, "cannot compare '\(spell(left.type))' with '\(spell(right.type))'", at: span,
               notes: [DiagnosticNote("both sides of '\(op.rawValue)' must have the same type")], fixes: fixes)
        return nil
    }

    /// Reports `Int` and `Double` operands, with a fix-it that converts the `Int` side; false when they do not mix that way.
    private mutating func reportMixedNumbers(_ left: CheckedExpression, _ right: CheckedExpression, at span: SourceSpan,
                                             _ message: String) -> Bool {
        let types = (left.type.unwrapped, right.type.unwrapped)
        guard types == (.int, .double) || types == (.double, .int) else { return false }
        let intSide = types.0 == .int ? left : right
        report(.mixedNumericTypes, message, at: span,
               notes: [DiagnosticNote("'Int' and 'Double' do not mix implicitly; convert one side"),
                       DiagnosticNote("this operand is an 'Int'", at: intSide.span)],
               fixes: [wrapFix(intSide.span, in: "Double")])
        return true
    }

    private func operandsMessage(_ op: BinaryOperator, _ left: CheckedExpression, _ right: CheckedExpression) -> String {
        "binary operator '\(op.rawValue)' cannot be applied to operands of type '\(spell(left.type))' and '\(spell(right.type))'"
    }

    private mutating func nilComparison(_ op: BinaryOperator, value syntax: ExpressionSyntax, operatorSpan: SourceSpan,
                                        span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        guard op == .equal || op == .notEqual else {
            report(.mismatchedOperands, "'nil' cannot be compared with '\(op.rawValue)'", at: operatorSpan,
                   notes: [DiagnosticNote("only '==' and '!=' compare with 'nil'")])
            return nil
        }
        guard syntax.kind != .nilLiteral else {
            return CheckedExpression(.constant(.bool(op == .equal)), type: .bool, span: span)
        }
        guard let value = check(syntax, expecting: nil, in: scope) else { return nil }
        if case .event = value.type {
            reportEventNotAValue(value.span)
            return nil
        }
        guard value.type.isOptional else {
            report(.nilComparisonNonOptional, "comparing non-optional value of type '\(spell(value.type))' to 'nil' always returns \(op == .notEqual)",
                   at: span, notes: [DiagnosticNote("only optional values such as 'last' or 'min(of:)' can be nil")])
            return CheckedExpression(.constant(.bool(op == .notEqual)), type: .bool, span: span)
        }
        return CheckedExpression(.isNil(value, negated: op == .notEqual), type: .bool, span: span)
    }

    private mutating func arithmetic(_ op: BinaryOperator, _ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax, operatorSpan: SourceSpan,
                                     expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        if expecting?.unwrapped == .duration, literalNumber(lhs) != nil, literalNumber(rhs) != nil {
            // `60 * 60` where a Duration is expected: number arithmetic, then seconds.
            guard let seconds = arithmetic(op, lhs, rhs, operatorSpan: operatorSpan, expecting: nil, span: span, in: scope) else { return nil }
            return CheckedExpression(.convert(seconds.type == .int ? .intToDuration : .doubleToDuration, seconds), type: .duration, span: span)
        }
        let contextual = expecting.map(\.unwrapped).flatMap { [.int, .double].contains($0) ? $0 : nil }
        guard let (left, right) = operands(lhs, rhs, in: scope, bothLiteral: contextual, hint: { type in
            switch type {
            case .int, .double: return type
            case .duration: return op == .multiply || op == .divide ? .int : .duration
            case .date: return .duration
            default: return nil
            }
        }) else { return nil }
        if left.type.isOptional || right.type.isOptional {
            let optionalSide = left.type.isOptional ? left : right
            report(.optionalNotUnwrapped, "value of optional type '\(spell(optionalSide.type))' must be unwrapped before '\(op.rawValue)'",
                   at: optionalSide.span, notes: [DiagnosticNote("give a default with '??', as in '(last?.amount ?? 0)'")],
                   fixes: optionalSide.type.unwrapped.scalar.map { kind in
                       [FixIt("give a default with '??'", edits: [TextEdit(span: .point(optionalSide.span.start), newText: "("),
                                                                  TextEdit(span: .point(optionalSide.span.end),
                                                                           newText: " ?? \(Self.literalSpelling(of: kind.zero)))")], applicability: .maybeIncorrect)]
                   } ?? [])
            return nil
        }
        if let operation = Self.arithmeticOperation(op, left.type, right.type) {
            let (first, second) = operation.swapped ? (right, left) : (left, right)
            return CheckedExpression(.binary(operation.operation, first, second), type: operation.result, span: span)
        }
        if reportMixedNumbers(left, right, at: operatorSpan, operandsMessage(op, left, right)) { return nil }
        var notes: [DiagnosticNote] = []
        if op == .remainder && left.type == .double {
            notes.append(DiagnosticNote("'%' works on 'Int' only"))
        }
        report(.mismatchedOperands, operandsMessage(op, left, right), at: operatorSpan, notes: notes)
        return nil
    }

    /// The operation an arithmetic operator performs on two operand types.
    private static func arithmeticOperation(_ op: BinaryOperator, _ left: ValueType,
                                            _ right: ValueType) -> (operation: BinaryOperation, result: ValueType, swapped: Bool)? {
        switch (op, left, right) {
        case (.add, .int, .int): return (.addInt, .int, false)
        case (.subtract, .int, .int): return (.subtractInt, .int, false)
        case (.multiply, .int, .int): return (.multiplyInt, .int, false)
        case (.divide, .int, .int): return (.divideInt, .int, false)
        case (.remainder, .int, .int): return (.remainderInt, .int, false)
        case (.add, .double, .double): return (.addDouble, .double, false)
        case (.subtract, .double, .double): return (.subtractDouble, .double, false)
        case (.multiply, .double, .double): return (.multiplyDouble, .double, false)
        case (.divide, .double, .double): return (.divideDouble, .double, false)
        case (.add, .string, .string): return (.concatenate, .string, false)
        case (.add, .date, .duration): return (.addDuration, .date, false)
        case (.add, .duration, .date): return (.addDuration, .date, true)
        case (.subtract, .date, .duration): return (.subtractDuration, .date, false)
        case (.subtract, .date, .date): return (.subtractDates, .duration, false)
        case (.add, .duration, .duration): return (.addDurations, .duration, false)
        case (.subtract, .duration, .duration): return (.subtractDurations, .duration, false)
        case (.multiply, .duration, .int): return (.multiplyDuration, .duration, false)
        case (.multiply, .int, .duration): return (.multiplyDuration, .duration, true)
        case (.divide, .duration, .int): return (.divideDuration, .duration, false)
        default: return nil
        }
    }

    private mutating func coalesce(_ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax, operatorSpan: SourceSpan,
                                   expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        guard let optional = check(lhs, expecting: expecting.map { .optional($0.unwrapped) }, in: scope) else { return nil }
        guard case .optional(let wrapped) = optional.type else {
            report(.coalesceOnNonOptional, "left side of nil coalescing operator '??' has non-optional type '\(spell(optional.type))', so the right side is never used",
                   at: operatorSpan, fixes: [.replace(SourceSpan(start: lhs.span.end, end: rhs.span.end), with: "", "remove '?? …'", applicability: .machineApplicable)])
            return optional
        }
        guard let fallback = check(rhs, expecting: wrapped, in: scope) else { return nil }
        if fallback.type == wrapped || fallback.type == optional.type {
            return CheckedExpression(.coalesce(optional, fallback), type: fallback.type, span: span)
        }
        if reportMixedNumbers(optional, fallback, at: operatorSpan, operandsMessage(.coalesce, optional, fallback)) { return nil }
        report(.typeMismatch, "cannot use a default of type '\(spell(fallback.type))' for a value of type '\(spell(optional.type))'",
               at: rhs.span, notes: [DiagnosticNote("the right side of '??' must be a '\(spell(wrapped))'")])
        return nil
    }

    mutating func ternary(_ conditionSyntax: ExpressionSyntax, _ thenSyntax: ExpressionSyntax, _ otherwiseSyntax: ExpressionSyntax,
                          expecting: ValueType?, span: SourceSpan, in scope: Scope) -> CheckedExpression? {
        let test = condition(conditionSyntax, in: scope, role: "the condition of '?:'")
        let branches = operands(thenSyntax, otherwiseSyntax, in: scope, bothLiteral: expecting.map(\.unwrapped)) { $0 }
        guard let test, var (then, otherwise) = branches else { return nil }
        if then.type != otherwise.type {
            if otherwise.type == .optional(then.type) {
                then = CheckedExpression(.wrap(then), type: otherwise.type, span: then.span)
            } else if then.type == .optional(otherwise.type) {
                otherwise = CheckedExpression(.wrap(otherwise), type: then.type, span: otherwise.span)
            } else {
                let message = "result values in '? :' have mismatching types '\(spell(then.type))' and '\(spell(otherwise.type))'"
                let branchesSpan = SourceSpan(start: then.span.start, end: otherwise.span.end)
                if !reportMixedNumbers(then, otherwise, at: branchesSpan, message) {
                    report(.mismatchedBranches, message, at: branchesSpan)
                }
                return nil
            }
        }
        return CheckedExpression(.conditional(test, then, otherwise), type: then.type, span: span)
    }
}
