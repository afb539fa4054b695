/// The kinds of token the lexer produces.
public enum TokenKind: Hashable, Sendable {
    case identifier
    /// `$0`, `$1` …: an anonymous closure or rule argument.
    case dollarIndex
    /// `$name`: a parameter projection in `#Rule(Self.$name)`.
    case dollarIdentifier
    /// `#Rule` and other `#` words.
    case hashIdentifier
    case integerLiteral
    case floatLiteral
    case stringLiteral
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case comma, colon, semicolon, dot
    /// `?.` written with no space before the `?`.
    case optionalChainDot
    /// `?` of the ternary operator.
    case question
    case backslash
    case equal
    case bang
    case plus, minus, star, slash, percent
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    case ampersandAmpersand, pipePipe, questionQuestion
    /// `->`, reserved.
    case arrow
    /// A byte sequence the lexer could not make sense of (already diagnosed).
    case invalid
    case endOfFile
}

/// A token with its span and the literal value it stands for, if any.
/// The one-byte fields come last, so that a token takes 56 bytes, not 72 (a large file has a
/// million of them).
public struct Token: Hashable, Sendable {
    public var span: SourceSpan
    /// For identifiers, the name; for `$name`, the name; for strings, the decoded value;
    /// for `#` words, the word after `#`.
    public var text: String
    /// For floating-point literals: the value.
    public var floatValue: Double
    /// For integer literals and `$N`: the value, nil if it does not fit `Int`.
    public var integerValue: Int?
    public var kind: TokenKind
    /// Whether a line break separates this token from the previous one.
    public var startsLine: Bool
    /// Whether white space (or a comment) comes right before this token.
    public var hasLeadingSpace: Bool

    public init(kind: TokenKind, span: SourceSpan, text: String = "", integerValue: Int? = nil,
                floatValue: Double = 0, startsLine: Bool = false, hasLeadingSpace: Bool = false) {
        self.kind = kind
        self.span = span
        self.text = text
        self.integerValue = integerValue
        self.floatValue = floatValue
        self.startsLine = startsLine
        self.hasLeadingSpace = hasLeadingSpace
    }
}
