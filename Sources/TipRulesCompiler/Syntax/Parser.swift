/// A recursive-descent parser for `.tiprules` that recovers from errors: it reports
/// a diagnostic, skips to a point where parsing can sensibly go on, and continues,
/// so one run finds many mistakes. Declarations are in `Parser+Declarations.swift`,
/// expressions in `Parser+Expressions.swift`.
public struct Parser {
    /// Expressions nest at most this deep (parentheses, operators, member chains).
    public static let maximumNesting = 256
    /// The words that start a top-level declaration.
    static let declarationKeywords: Set<String> = ["configure", "parameter", "transient", "event", "tip", "group", "widget"]
    /// Words that cannot name a declaration, field or `let`.
    static let reservedWords: Set<String> = ["let", "true", "false", "nil", "Self"]

    /// The tokens; pasted TipKit forms rewrite a few in place (`Parser+PastedTipKit.swift`).
    var tokens: [Token]
    var index = 0
    var diagnostics: [Diagnostic]
    /// Current recursion depth of expression parsing.
    var nesting = 0
    var reportedNesting = false
    /// False while parsing a rule's inputs, where `{` opens the rule's body.
    var trailingClosuresAllowed = true

    init(tokens: [Token], diagnostics: [Diagnostic]) {
        self.tokens = tokens
        self.diagnostics = diagnostics
    }

    /// The most top-level declarations a file may have (the bytecode holds at most 65,536 of each
    /// kind); the parser stops after them with `TR0604`.
    public static let maximumDeclarations = 1 << 16

    /// Parses a whole file; the diagnostics include the lexer's.
    public static func parse(_ source: SourceFile) -> (file: FileSyntax, diagnostics: [Diagnostic]) {
        let (tokens, lexical) = Lexer.tokenize(source)
        var parser = Parser(tokens: droppingInvalid(tokens), diagnostics: lexical)
        let file = parser.parseFile()
        return (file, parser.diagnostics)
    }

    // MARK: - Token access

    var current: Token { tokens[min(index, tokens.count - 1)] }

    func peek(_ offset: Int = 1) -> Token {
        tokens[min(index + offset, tokens.count - 1)]
    }

    /// The current token's kind, read in place: `current` copies the whole token.
    private var currentKind: TokenKind { tokens[min(index, tokens.count - 1)].kind }

    var atEnd: Bool { currentKind == .endOfFile }

    @discardableResult
    mutating func advance() -> Token {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func check(_ kind: TokenKind) -> Bool { currentKind == kind }

    func checkWord(_ word: String) -> Bool { current.kind == .identifier && current.text == word }

    mutating func consume(_ kind: TokenKind) -> Token? {
        check(kind) ? advance() : nil
    }

    /// The span just after the previous token, where a missing token would go.
    var insertionPoint: SourceSpan {
        index > 0 ? .point(tokens[index - 1].span.end) : .point(current.span.start)
    }

    /// Consumes a token of `kind`, or reports what was expected and leaves the input alone.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ what: String, notes: [DiagnosticNote] = []) -> Token? {
        if let token = consume(kind) { return token }
        let spelled = Self.spelling(of: kind)
        diagnostics.append(Diagnostic(.expectedToken, "expected \(what), found \(describe(current))",
                                      at: errorSpan, notes: notes,
                                      fixes: spelled.map { [FixIt("insert '\($0)'", edits: [TextEdit(span: insertionPoint, newText: $0)], applicability: .machineApplicable)] } ?? []))
        return nil
    }

    /// Where to point at a problem with the current token: the token, or the end of the previous one at end of line/file.
    var errorSpan: SourceSpan {
        if atEnd || current.startsLine { return insertionPoint }
        return current.span
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan,
                         notes: [DiagnosticNote] = [], fixes: [FixIt] = []) {
        diagnostics.append(Diagnostic(code, message, at: span, notes: notes, fixes: fixes))
    }

    /// How a token is named in messages.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .endOfFile: return "end of file"
        case .identifier: return "'\(token.text)'"
        case .hashIdentifier: return "'#\(token.text)'"
        case .dollarIndex: return "'\(token.text)'"
        case .dollarIdentifier: return "'$\(token.text)'"
        case .integerLiteral, .floatLiteral: return "a number"
        case .stringLiteral: return "a string"
        default: return Self.spelling(of: token.kind).map { "'\($0)'" } ?? "a token"
        }
    }

    static func spelling(of kind: TokenKind) -> String? {
        switch kind {
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .comma: return ","
        case .colon: return ":"
        case .semicolon: return ";"
        case .dot: return "."
        case .optionalChainDot: return "?."
        case .question: return "?"
        case .backslash: return "\\"
        case .equal: return "="
        case .bang: return "!"
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .equalEqual: return "=="
        case .bangEqual: return "!="
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .ampersandAmpersand: return "&&"
        case .pipePipe: return "||"
        case .questionQuestion: return "??"
        case .arrow: return "->"
        default: return nil
        }
    }

    // MARK: - Recovery

    /// Whether the current token starts a line with a declaration keyword.
    var atDeclarationStart: Bool {
        current.kind == .identifier && Self.declarationKeywords.contains(current.text) && (current.startsLine || index == 0)
    }

    /// Skips one token, or a whole bracketed group when it opens one.
    mutating func skipTokenOrGroup() {
        guard [.leftParen, .leftBrace, .leftBracket].contains(current.kind) else {
            advance()
            return
        }
        var depth = 0
        while !atEnd {
            let kind = advance().kind
            if kind == .leftParen || kind == .leftBrace || kind == .leftBracket { depth += 1 }
            if kind == .rightParen || kind == .rightBrace || kind == .rightBracket {
                depth -= 1
                if depth == 0 { return }
            }
            if atDeclarationStart { return }
        }
    }

    /// Skips until `stop` holds at bracket depth 0, a declaration starts a line, or `}` closes the enclosing block.
    mutating func recover(until stop: (Token) -> Bool) {
        while !atEnd && !atDeclarationStart && !check(.rightBrace) && !stop(current) {
            skipTokenOrGroup()
        }
    }

    /// Skips to the start of the next line (or a closing brace).
    mutating func recoverToNextLine() {
        let start = index
        recover { token in token.startsLine }
        if index == start && !atEnd && !check(.rightBrace) && !atDeclarationStart { advance() }
    }
}
