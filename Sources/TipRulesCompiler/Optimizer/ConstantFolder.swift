import TipRulesRuntime

/// The optimizer pass: folds operations on constants in a checked expression.
/// An operation that would fail at evaluation (overflow, division by zero, a
/// `Double` that does not fit `Int`) is left alone, so it fails at run time as the
/// language says, with the rule's line.
public enum ConstantFolder {
    /// `expression` with every foldable subexpression replaced by its constant.
    public static func fold(_ expression: CheckedExpression) -> CheckedExpression {
        var result = expression
        switch expression.kind {
        case .unary(let operation, let operand):
            let operand = fold(operand)
            result.kind = foldUnary(operation, operand) ?? .unary(operation, operand)
        case .binary(let operation, let lhs, let rhs):
            let lhs = fold(lhs), rhs = fold(rhs)
            result.kind = foldBinary(operation, lhs, rhs) ?? .binary(operation, lhs, rhs)
        case .and(let lhs, let rhs):
            let lhs = fold(lhs), rhs = fold(rhs)
            switch lhs.kind {
            case .constant(.bool(false)): result.kind = lhs.kind
            case .constant(.bool(true)): result.kind = rhs.kind
            default: result.kind = .and(lhs, rhs)
            }
        case .or(let lhs, let rhs):
            let lhs = fold(lhs), rhs = fold(rhs)
            switch lhs.kind {
            case .constant(.bool(true)): result.kind = lhs.kind
            case .constant(.bool(false)): result.kind = rhs.kind
            default: result.kind = .or(lhs, rhs)
            }
        case .conditional(let condition, let then, let otherwise):
            let condition = fold(condition), then = fold(then), otherwise = fold(otherwise)
            switch condition.kind {
            case .constant(.bool(true)): result.kind = then.kind
            case .constant(.bool(false)): result.kind = otherwise.kind
            default: result.kind = .conditional(condition, then, otherwise)
            }
        case .coalesce(let optional, let fallback):
            let optional = fold(optional), fallback = fold(fallback)
            switch optional.kind {
            case .constant(.none): result.kind = fallback.kind
            case .wrap(let value) where fallback.type == value.type: result.kind = value.kind
            default: result.kind = .coalesce(optional, fallback)
            }
        case .isNil(let value, let negated):
            let value = fold(value)
            switch value.kind {
            case .constant(.none): result.kind = .constant(.bool(!negated))
            case .wrap(let wrapped) where wrapped.isConstant: result.kind = .constant(.bool(negated))
            default: result.kind = .isNil(value, negated: negated)
            }
        case .convert(let conversion, let operand):
            let operand = fold(operand)
            result.kind = foldConversion(conversion, operand) ?? .convert(conversion, operand)
        case .wrap(let value):
            result.kind = .wrap(fold(value))
        case .optionalChain(let base, let depth, let body):
            let base = fold(base)
            if case .constant(.none) = base.kind {
                result.kind = .constant(.none(expression.type))
            } else {
                result.kind = .optionalChain(base: base, depth: depth, body: fold(body))
            }
        case .string(let operation, let value, let argument):
            let value = fold(value), argument = argument.map(fold)
            result.kind = foldString(operation, value, argument) ?? .string(operation, value, argument: argument)
        case .donatedWithin(let donations, let range):
            result.kind = .donatedWithin(fold(donations), range: fold(range))
        case .filter(let donations, let depth, let predicate):
            result.kind = .filter(fold(donations), depth: depth, predicate: fold(predicate))
        case .subset(let donations, let field, let largest):
            result.kind = .subset(fold(donations), field: field, largest: largest)
        case .count(let donations):
            result.kind = .count(fold(donations))
        case .isEmpty(let donations):
            result.kind = .isEmpty(fold(donations))
        case .endpoint(let donations, let last):
            result.kind = .endpoint(fold(donations), last: last)
        case .quantifier(let donations, let all, let depth, let predicate):
            result.kind = .quantifier(fold(donations), all: all, depth: depth, predicate: fold(predicate))
        case .aggregate(let aggregate, let donations, let field):
            result.kind = .aggregate(aggregate, fold(donations), field: field)
        case .field(let donation, let field):
            result.kind = .field(fold(donation), field)
        case .versionComponent(let component, let version):
            let version = fold(version)
            if case .constant(.version(let text)) = version.kind, let parsed = SemanticVersion(text) {
                result.kind = .constant(.int(component == .major ? parsed.major : component == .minor ? parsed.minor : parsed.patch))
            } else {
                result.kind = .versionComponent(component, version)
            }
        case .bucket(let id, let group):
            let id = fold(id), group = fold(group)
            if case .constant(.string(let idText)) = id.kind, case .constant(.string(let groupText)) = group.kind {
                result.kind = .constant(.int(RolloutBucket.bucket(of: idText, group: groupText)))
            } else {
                result.kind = .bucket(id: id, group: group)
            }
        case .rollout(let share, let id, let group):
            let share = fold(share), id = fold(id), group = fold(group)
            if case .constant(.int(let percentage)) = share.kind, (0...100).contains(percentage),
               case .constant(.string(let idText)) = id.kind, case .constant(.string(let groupText)) = group.kind {
                result.kind = .constant(.bool(RolloutBucket.includes(idText, percentage: percentage, group: groupText)))
            } else {
                result.kind = .rollout(share: share, id: id, group: group)
            }
        case .calendar(let component, let date):
            // The UTC offset is known only at evaluation time.
            result.kind = .calendar(component, fold(date))
        case .oneOf(let value, let choices):
            let value = fold(value)
            if case .constant(let constant) = value.kind {
                result.kind = .constant(.bool(choices.contains { choice in
                    guard case .constant(let other) = choice.kind else { return false }
                    return compare(.equal, constant, other) == true
                }))
            } else {
                result.kind = .oneOf(value, choices)
            }
        case .constant, .parameter, .now, .local, .element, .chained, .donations:
            break
        }
        return result
    }

    private static func foldUnary(_ operation: UnaryOperation, _ operand: CheckedExpression) -> CheckedExpression.Kind? {
        guard case .constant(let value) = operand.kind else { return nil }
        switch (operation, value) {
        case (.not, .bool(let flag)): return .constant(.bool(!flag))
        case (.negateInt, .int(let number)):
            let (negated, overflow) = 0.subtractingReportingOverflow(number)
            return overflow ? nil : .constant(.int(negated))
        case (.negateDouble, .double(let number)): return .constant(.double(-number))
        case (.negateDuration, .duration(let seconds)): return .constant(.duration(-seconds))
        default: return nil
        }
    }

    private static func foldBinary(_ operation: BinaryOperation, _ lhs: CheckedExpression,
                                   _ rhs: CheckedExpression) -> CheckedExpression.Kind? {
        guard case .constant(let left) = lhs.kind, case .constant(let right) = rhs.kind else { return nil }
        func integer(_ result: (partialValue: Int, overflow: Bool)) -> CheckedExpression.Kind? {
            result.overflow ? nil : .constant(.int(result.partialValue))
        }
        switch (operation, left, right) {
        case (.addInt, .int(let a), .int(let b)): return integer(a.addingReportingOverflow(b))
        case (.subtractInt, .int(let a), .int(let b)): return integer(a.subtractingReportingOverflow(b))
        case (.multiplyInt, .int(let a), .int(let b)): return integer(a.multipliedReportingOverflow(by: b))
        case (.divideInt, .int(let a), .int(let b)) where b != 0: return integer(a.dividedReportingOverflow(by: b))
        case (.remainderInt, .int(let a), .int(let b)) where b != 0: return integer(a.remainderReportingOverflow(dividingBy: b))
        case (.addDouble, .double(let a), .double(let b)): return .constant(.double(a + b))
        case (.subtractDouble, .double(let a), .double(let b)): return .constant(.double(a - b))
        case (.multiplyDouble, .double(let a), .double(let b)): return .constant(.double(a * b))
        case (.divideDouble, .double(let a), .double(let b)): return .constant(.double(a / b))
        case (.concatenate, .string(let a), .string(let b)): return .constant(.string(a + b))
        case (.addDuration, .date(let a), .duration(let b)): return .constant(.date(a + b))
        case (.subtractDuration, .date(let a), .duration(let b)): return .constant(.date(a - b))
        case (.subtractDates, .date(let a), .date(let b)): return .constant(.duration(a - b))
        case (.addDurations, .duration(let a), .duration(let b)): return .constant(.duration(a + b))
        case (.subtractDurations, .duration(let a), .duration(let b)): return .constant(.duration(a - b))
        case (.multiplyDuration, .duration(let a), .int(let b)): return .constant(.duration(a * Double(b)))
        case (.divideDuration, .duration(let a), .int(let b)) where b != 0: return .constant(.duration(a / Double(b)))
        case (.compare(let comparison, _), _, _):
            return compare(comparison, left, right).map { .constant(.bool($0)) }
        default: return nil
        }
    }

    private static func compare(_ comparison: Comparison, _ left: Constant, _ right: Constant) -> Bool? {
        func ordered<T: Comparable>(_ a: T, _ b: T) -> Bool {
            switch comparison {
            case .equal: return a == b
            case .notEqual: return a != b
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            }
        }
        switch (left, right) {
        case (.bool(let a), .bool(let b)):
            return comparison == .equal ? a == b : comparison == .notEqual ? a != b : nil
        case (.int(let a), .int(let b)): return ordered(a, b)
        case (.double(let a), .double(let b)): return ordered(a, b)
        case (.string(let a), .string(let b)): return ordered(a, b)
        case (.date(let a), .date(let b)): return ordered(a, b)
        case (.duration(let a), .duration(let b)): return ordered(a, b)
        case (.version(let a), .version(let b)):
            guard let a = SemanticVersion(a), let b = SemanticVersion(b) else { return nil }
            return ordered(a, b)
        default: return nil
        }
    }

    /// String members of constants, except `contains`, whose byte-wise search lives in the runtime.
    private static func foldString(_ operation: StringOperation, _ value: CheckedExpression,
                                   _ argument: CheckedExpression?) -> CheckedExpression.Kind? {
        guard case .constant(.string(let text)) = value.kind else { return nil }
        switch (operation, argument?.kind) {
        case (.count, nil): return .constant(.int(text.count))
        case (.isEmpty, nil): return .constant(.bool(text.isEmpty))
        case (.lowercased, nil): return .constant(.string(text.lowercased()))
        case (.hasPrefix, .constant(.string(let part))?): return .constant(.bool(text.hasPrefix(part)))
        case (.hasSuffix, .constant(.string(let part))?): return .constant(.bool(text.hasSuffix(part)))
        default: return nil
        }
    }

    private static func foldConversion(_ conversion: Conversion, _ operand: CheckedExpression) -> CheckedExpression.Kind? {
        guard case .constant(let value) = operand.kind else { return nil }
        switch (conversion, value) {
        case (.intToDouble, .int(let number)): return .constant(.double(Double(number)))
        case (.doubleToInt, .double(let number)):
            // The range the runtime converts; NaN fails both tests.
            guard number >= -0x1p63 && number < 0x1p63 else { return nil }
            return .constant(.int(Int(number)))
        case (.intToDuration, .int(let number)): return .constant(.duration(Double(number)))
        case (.doubleToDuration, .double(let number)): return .constant(.duration(number))
        default: return nil
        }
    }
}

extension Constant {
    /// The runtime value of a non-nil constant.
    public var scalarValue: ScalarValue? {
        switch self {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text), .version(let text): return .string(text)
        case .date(let seconds): return .date(seconds)
        case .duration(let seconds): return .duration(seconds)
        case .none: return nil
        }
    }
}

extension ConstantFolder {
    /// An integer operation on constants that the folder left alone because it fails
    /// (overflow, division by zero, a `Double` out of `Int`'s range), with why.
    public static func failingOperation(in expression: CheckedExpression) -> (reason: String, span: SourceSpan)? {
        switch expression.kind {
        case .binary(let operation, let left, let right) where left.isConstant && right.isConstant:
            switch operation {
            case .divideInt, .remainderInt:
                return (right.kind == .constant(.int(0)) ? "a division by zero" : "an integer overflow", expression.span)
            case .addInt, .subtractInt, .multiplyInt:
                return ("an integer overflow", expression.span)
            default:
                break
            }
        case .unary(.negateInt, let operand) where operand.isConstant:
            return ("an integer overflow", expression.span)
        case .convert(.doubleToInt, let operand) where operand.isConstant:
            return ("a 'Double' that does not fit 'Int'", expression.span)
        default:
            break
        }
        var found: (reason: String, span: SourceSpan)?
        expression.forEachChild { child in
            if found == nil { found = failingOperation(in: child) }
        }
        return found
    }
}
