/// An expression as written, before names and types are resolved.
public struct ExpressionSyntax: Hashable, Sendable {
    public var kind: Kind
    public var span: SourceSpan
    /// The height of this subtree, so later passes can rely on bounded recursion.
    public var depth: Int

    public init(_ kind: Kind, span: SourceSpan, depth: Int = 1) {
        self.kind = kind
        self.span = span
        self.depth = depth
    }

    /// The forms of expression. Only the forms holding expressions are boxed: a name or a
    /// literal is a plain value, so making it allocates nothing.
    public enum Kind: Hashable, Sendable {
        case identifier(String)
        /// `$0`; nil index when the number does not fit.
        case anonymousArgument(Int?)
        /// `$name`.
        case projectedParameter(String)
        case integerLiteral(Int)
        case floatLiteral(Double)
        case stringLiteral(String)
        case boolLiteral(Bool)
        case nilLiteral
        /// `.name`, an implicit member such as `.days` or `.now`.
        case implicitMember(String, nameSpan: SourceSpan)
        /// `base.name` or, with `optional`, `base?.name`.
        indirect case member(ExpressionSyntax, name: String, nameSpan: SourceSpan, optional: Bool)
        /// `callee(arguments) { closure }`.
        indirect case call(ExpressionSyntax, arguments: [ArgumentSyntax], trailingClosure: ClosureSyntax?)
        /// `{ body }` in argument position.
        indirect case closure(ClosureSyntax)
        /// `\.field`.
        case keyPath(String, nameSpan: SourceSpan)
        indirect case prefix(PrefixOperator, ExpressionSyntax, operatorSpan: SourceSpan)
        indirect case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax, operatorSpan: SourceSpan)
        indirect case ternary(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax)
        indirect case parenthesized(ExpressionSyntax)
        /// `[a, b, …]`: a list of constants, whose only member is `contains(_:)`.
        case arrayLiteral([ExpressionSyntax])
        /// Something that failed to parse; already diagnosed.
        case error
    }

    /// Whether this is the `error` placeholder.
    public var isError: Bool { kind == .error }

    /// The name when the expression is a plain identifier (`Self`, `VPNTip`).
    public var identifierText: String? {
        if case .identifier(let text) = kind { return text }
        return nil
    }

    /// Whether this is a string literal (which takes a `Version` type from context).
    public var isStringLiteral: Bool {
        if case .stringLiteral = kind { return true }
        return false
    }

    /// The span of the member name of `base.name`; the whole span for any other expression.
    public var memberNameSpan: SourceSpan {
        if case .member(_, _, let nameSpan, _) = kind { return nameSpan }
        return span
    }
}

/// `label: value` or just `value` in a call.
public struct ArgumentSyntax: Hashable, Sendable {
    public var label: String?
    public var labelSpan: SourceSpan?
    public var value: ExpressionSyntax

    public init(label: String?, labelSpan: SourceSpan?, value: ExpressionSyntax) {
        self.label = label
        self.labelSpan = labelSpan
        self.value = value
    }
}

/// `{ expression }`: a closure whose `$0` is its single argument.
public struct ClosureSyntax: Hashable, Sendable {
    public var body: ExpressionSyntax
    public var span: SourceSpan

    public init(body: ExpressionSyntax, span: SourceSpan) {
        self.body = body
        self.span = span
    }
}

/// Prefix operators.
public enum PrefixOperator: String, Hashable, Sendable {
    case not = "!"
    case negate = "-"
}

/// Infix operators, with Swift's precedence.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case coalesce = "??"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

    /// Higher binds tighter (Swift: multiplication 150, addition 140, nil-coalescing 131,
    /// comparison 130, conjunction 120, disjunction 110).
    public var precedence: Int {
        switch self {
        case .multiply, .divide, .remainder: return 150
        case .add, .subtract: return 140
        case .coalesce: return 131
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return 130
        case .and: return 120
        case .or: return 110
        }
    }

    /// `??` groups to the right; comparisons do not group.
    public var isRightAssociative: Bool { self == .coalesce }
    public var isComparison: Bool { precedence == 130 }
    public var isArithmetic: Bool { precedence >= 140 }
}
