/// Turns UTF-8 bytes into tokens. Works on bytes, not `Character`s; every problem
/// (invalid UTF-8, stray characters, unterminated strings and comments, bad
/// literals) becomes a diagnostic and lexing goes on.
public struct Lexer {
    private let bytes: [UInt8]
    private var position = 0
    private var sawNewline = true
    private var sawSpace = true
    public private(set) var diagnostics: [Diagnostic] = []

    /// Records a diagnostic, up to `DiagnosticList.maximumCount`: a file of stray characters
    /// costs one diagnostic per thousand, not one per byte.
    fileprivate mutating func report(_ diagnostic: Diagnostic) {
        if canReport { diagnostics.append(diagnostic) }
    }

    /// Whether another diagnostic would be kept: the hot error paths skip building one that would not.
    private var canReport: Bool { diagnostics.count < DiagnosticList.maximumCount }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The most tokens a file may have; the lexer stops after them with `TR0604`.
    public static let maximumTokens = 1 << 20

    /// Lexes the whole input; the last token is always `.endOfFile`.
    public static func tokenize(_ source: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(bytes: source.bytes)
        var tokens: [Token] = []
        // Rules take about 4.3 bytes a token (a generated app of 2.6 MB has 615,000 tokens);
        // an array grown from empty was copied about 20 times for a large file.
        tokens.reserveCapacity(min(source.bytes.count / 4, maximumTokens) + 16)
        while true {
            let token = lexer.next()
            if tokens.count == maximumTokens && token.kind != .endOfFile {
                lexer.report(Diagnostic(.tooManyParts, "the file has more than \(maximumTokens) tokens; checking stops here",
                                        at: .point(token.span.start)))
                tokens.append(Token(kind: .endOfFile, span: .point(token.span.start)))
                break
            }
            let isLast = token.kind == .endOfFile
            tokens.append(token)
            if isLast { break }
        }
        return (tokens, lexer.diagnostics)
    }

    /// The next token. Once the diagnostics are full (`DiagnosticList.maximumCount`), the input
    /// is hopeless and nothing more could be reported: the lexer ends there, so a file of stray
    /// bytes costs the same as a short one.
    public mutating func next() -> Token {
        guard canReport else {
            position = bytes.count
            return Token(kind: .endOfFile, span: .point(bytes.count))
        }
        skipTrivia()
        let start = position
        let startsLine = sawNewline
        let hasSpace = sawSpace
        sawNewline = false
        sawSpace = false
        var token = lexToken(from: start)
        token.startsLine = startsLine
        token.hasLeadingSpace = hasSpace
        return token
    }

    // MARK: - Trivia

    private func peek(_ offset: Int = 0) -> UInt8 {
        let index = position + offset
        return index < bytes.count ? bytes[index] : 0
    }

    private var atEnd: Bool { position >= bytes.count }

    private mutating func skipTrivia() {
        while !atEnd {
            switch peek() {
            case UInt8(ascii: "\n"):
                sawNewline = true
                sawSpace = true
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                sawSpace = true
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                sawSpace = true
                while !atEnd && peek() != UInt8(ascii: "\n") { skipScalarValidating() }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                sawSpace = true
                skipBlockComment()
            default:
                return
            }
        }
    }

    private mutating func skipBlockComment() {
        let start = position
        position += 2
        var depth = 1
        while !atEnd {
            if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                if peek() == UInt8(ascii: "\n") { sawNewline = true }
                skipScalarValidating()
            }
        }
        report(Diagnostic(.unterminatedComment, "unterminated '/*' comment",
                                      at: SourceSpan(start: start, end: start + 2),
                                      notes: [DiagnosticNote("block comments nest; every '/*' needs its own '*/'")],
                                      fixes: [FixIt("insert '*/'", edits: [TextEdit(span: .point(bytes.count), newText: depth > 1 ? String(repeating: " */", count: depth) : "*/")], applicability: .machineApplicable)]))
    }

    /// Skips one Unicode scalar, reporting invalid UTF-8 as a diagnostic.
    private mutating func skipScalarValidating() {
        if decodeScalar() == nil {
            reportInvalidUTF8(at: position)
            position += 1
        }
    }

    private mutating func reportInvalidUTF8(at offset: Int) {
        let byte = bytes[offset]
        let hex = String(byte, radix: 16, uppercase: true)
        report(Diagnostic(.invalidUTF8, "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex)",
                                      at: SourceSpan(start: offset, end: offset + 1),
                                      notes: [DiagnosticNote("tiprules files must be UTF-8 encoded")]))
    }

    /// Decodes the scalar at `position` and advances past it, or returns nil (without moving) if invalid.
    private mutating func decodeScalar() -> Unicode.Scalar? {
        let first = peek()
        if first < 0x80 {
            position += 1
            return Unicode.Scalar(first)
        }
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF: length = 2; value = UInt32(first & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(first & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(first & 0x07)
        default: return nil
        }
        guard position + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        position += length
        return scalar
    }

    // MARK: - Tokens

    private mutating func make(_ kind: TokenKind, from start: Int, length: Int) -> Token {
        position = start + length
        return Token(kind: kind, span: SourceSpan(start: start, end: position))
    }

    private mutating func lexToken(from start: Int) -> Token {
        guard !atEnd else { return Token(kind: .endOfFile, span: .point(bytes.count)) }
        let byte = peek()
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return lexIdentifier(kind: .identifier, from: start, nameStart: start)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return lexNumber(from: start)
        case UInt8(ascii: "\""):
            return lexString(from: start)
        case UInt8(ascii: "$"):
            return lexDollar(from: start)
        case UInt8(ascii: "#"):
            if isIdentifierStart(at: start + 1) {
                return lexIdentifier(kind: .hashIdentifier, from: start, nameStart: start + 1)
            }
            return unexpected(from: start, length: 1, "'#' must be followed by a name, as in '#Rule'")
        case UInt8(ascii: "{"): return make(.leftBrace, from: start, length: 1)
        case UInt8(ascii: "}"): return make(.rightBrace, from: start, length: 1)
        case UInt8(ascii: "("): return make(.leftParen, from: start, length: 1)
        case UInt8(ascii: ")"): return make(.rightParen, from: start, length: 1)
        case UInt8(ascii: "["): return make(.leftBracket, from: start, length: 1)
        case UInt8(ascii: "]"): return make(.rightBracket, from: start, length: 1)
        case UInt8(ascii: ","): return make(.comma, from: start, length: 1)
        case UInt8(ascii: ":"): return make(.colon, from: start, length: 1)
        case UInt8(ascii: ";"): return make(.semicolon, from: start, length: 1)
        case UInt8(ascii: "."): return make(.dot, from: start, length: 1)
        case UInt8(ascii: "\\"): return make(.backslash, from: start, length: 1)
        case UInt8(ascii: "+"): return make(.plus, from: start, length: 1)
        case UInt8(ascii: "*"): return make(.star, from: start, length: 1)
        case UInt8(ascii: "/"): return make(.slash, from: start, length: 1)
        case UInt8(ascii: "%"): return make(.percent, from: start, length: 1)
        case UInt8(ascii: "-"):
            return peek(1) == UInt8(ascii: ">") ? make(.arrow, from: start, length: 2) : make(.minus, from: start, length: 1)
        case UInt8(ascii: "="):
            return peek(1) == UInt8(ascii: "=") ? make(.equalEqual, from: start, length: 2) : make(.equal, from: start, length: 1)
        case UInt8(ascii: "!"):
            return peek(1) == UInt8(ascii: "=") ? make(.bangEqual, from: start, length: 2) : make(.bang, from: start, length: 1)
        case UInt8(ascii: "<"):
            return peek(1) == UInt8(ascii: "=") ? make(.lessEqual, from: start, length: 2) : make(.less, from: start, length: 1)
        case UInt8(ascii: ">"):
            return peek(1) == UInt8(ascii: "=") ? make(.greaterEqual, from: start, length: 2) : make(.greater, from: start, length: 1)
        case UInt8(ascii: "&"):
            if peek(1) == UInt8(ascii: "&") { return make(.ampersandAmpersand, from: start, length: 2) }
            return substitute(.ampersandAmpersand, from: start, length: 1, "unexpected '&'; did you mean '&&'?", fix: "&&")
        case UInt8(ascii: "|"):
            if peek(1) == UInt8(ascii: "|") { return make(.pipePipe, from: start, length: 2) }
            return substitute(.pipePipe, from: start, length: 1, "unexpected '|'; did you mean '||'?", fix: "||")
        case UInt8(ascii: "?"):
            if peek(1) == UInt8(ascii: "?") { return make(.questionQuestion, from: start, length: 2) }
            if peek(1) == UInt8(ascii: ".") && !sawSpaceBeforeCurrent(start) && !isDigit(peek(2)) {
                return make(.optionalChainDot, from: start, length: 2)
            }
            return make(.question, from: start, length: 1)
        default:
            if byte >= 0x80 { return lexNonASCII(from: start) }
            return unexpected(from: start, length: 1, "unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))'")
        }
    }

    private func sawSpaceBeforeCurrent(_ start: Int) -> Bool {
        guard start > 0 else { return true }
        let previous = bytes[start - 1]
        return previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || previous == UInt8(ascii: "\n") || previous == UInt8(ascii: "\r")
    }

    /// Reports a near-miss spelling of an operator and goes on as if it were written right.
    private mutating func substitute(_ kind: TokenKind, from start: Int, length: Int, _ message: String, fix: String) -> Token {
        let span = SourceSpan(start: start, end: start + length)
        report(Diagnostic(.unexpectedCharacter, message, at: span,
                                      fixes: [FixIt.replace(span, with: fix, "replace with '\(fix)'", applicability: .machineApplicable)]))
        return make(kind, from: start, length: length)
    }

    private mutating func unexpected(from start: Int, length: Int, _ message: String, fix: String? = nil) -> Token {
        let span = SourceSpan(start: start, end: start + length)
        report(Diagnostic(.unexpectedCharacter, message, at: span,
                                      fixes: fix.map { [FixIt.replace(span, with: $0, "replace with '\($0)'", applicability: .machineApplicable)] } ?? []))
        return make(.invalid, from: start, length: length)
    }

    private mutating func lexNonASCII(from start: Int) -> Token {
        guard let scalar = decodeScalar() else {
            // One diagnostic for a whole run of invalid bytes.
            position = start + 1
            while !atEnd && peek() >= 0x80 {
                let save = position
                if decodeScalar() != nil { position = save; break }
                position += 1
            }
            let hex = String(bytes[start], radix: 16, uppercase: true)
            let count = position - start
            report(Diagnostic(.invalidUTF8, count == 1 ? "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex)" : "\(count) bytes of invalid UTF-8",
                                          at: SourceSpan(start: start, end: position),
                                          notes: [DiagnosticNote("tiprules files must be UTF-8 encoded")]))
            return Token(kind: .invalid, span: SourceSpan(start: start, end: position))
        }
        if isIdentifierScalar(scalar) {
            position = start
            return lexIdentifier(kind: .identifier, from: start, nameStart: start)
        }
        let length = position - start
        switch scalar {
        case "\u{201C}", "\u{201D}", "\u{201E}":
            return lexCurlyString(from: start, openingLength: length)
        case "\u{2265}": return substitute(.greaterEqual, from: start, length: length, "unexpected '≥'; did you mean '>='?", fix: ">=")
        case "\u{2264}": return substitute(.lessEqual, from: start, length: length, "unexpected '≤'; did you mean '<='?", fix: "<=")
        case "\u{2260}": return substitute(.bangEqual, from: start, length: length, "unexpected '≠'; did you mean '!='?", fix: "!=")
        case "\u{2212}", "\u{2013}": return substitute(.minus, from: start, length: length, "unexpected '\(scalar)'; did you mean '-'?", fix: "-")
        default:
            var hex = String(scalar.value, radix: 16, uppercase: true)
            while hex.count < 4 { hex = "0" + hex }
            return unexpected(from: start, length: length, "unexpected character '\(scalar)' (U+\(hex))")
        }
    }

    /// `“text”`: reported with a fix-it to straight quotes, then read as the string it meant.
    private mutating func lexCurlyString(from start: Int, openingLength: Int) -> Token {
        var end = start + openingLength
        var closing: SourceSpan?
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") {
            position = end
            if bytes[end] == UInt8(ascii: "\"") { closing = SourceSpan(start: end, end: end + 1); break }
            if let scalar = decodeScalar(), scalar == "\u{201D}" || scalar == "\u{201C}" {
                closing = SourceSpan(start: end, end: position)
                break
            }
            end = max(position, end + 1)
        }
        let opening = SourceSpan(start: start, end: start + openingLength)
        var edits = [TextEdit(span: opening, newText: "\"")]
        if let closing { edits.append(TextEdit(span: closing, newText: "\"")) }
        report(Diagnostic(.unexpectedCharacter, "strings use straight quotes (\"), not curly quotes",
                                      at: opening, fixes: [FixIt("use straight quotes", edits: edits, applicability: .machineApplicable)]))
        let textEnd = closing?.start ?? end
        position = closing?.end ?? end
        return Token(kind: .stringLiteral, span: SourceSpan(start: start, end: position),
                     text: String(decoding: bytes[(start + openingLength)..<max(start + openingLength, textEnd)], as: UTF8.self))
    }

    private func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
            || scalar.properties.isEmoji && scalar.value > 0xFF
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private func isIdentifierStart(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return isIdentifierByte(byte) && !isDigit(byte) || byte >= 0x80
    }

    /// Consumes identifier characters from `position`, ASCII fast path first.
    private mutating func consumeIdentifierCharacters() {
        while !atEnd {
            let byte = peek()
            if isIdentifierByte(byte) {
                position += 1
            } else if byte >= 0x80 {
                let save = position
                guard let scalar = decodeScalar(), isIdentifierScalar(scalar) else {
                    position = save
                    return
                }
            } else {
                return
            }
        }
    }

    private mutating func lexIdentifier(kind: TokenKind, from start: Int, nameStart: Int) -> Token {
        position = nameStart
        consumeIdentifierCharacters()
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        return Token(kind: kind, span: SourceSpan(start: start, end: position), text: name)
    }

    private mutating func lexDollar(from start: Int) -> Token {
        position = start + 1
        if isDigit(peek()) {
            var value: Int? = 0
            while isDigit(peek()) {
                if let current = value {
                    let (times, overflow1) = current.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(Int(peek() - UInt8(ascii: "0")))
                    value = overflow1 || overflow2 ? nil : sum
                }
                position += 1
            }
            let span = SourceSpan(start: start, end: position)
            return Token(kind: .dollarIndex, span: span, text: String(decoding: bytes[start..<position], as: UTF8.self), integerValue: value)
        }
        if isIdentifierStart(at: position) {
            let nameStart = position
            consumeIdentifierCharacters()
            return Token(kind: .dollarIdentifier, span: SourceSpan(start: start, end: position),
                         text: String(decoding: bytes[nameStart..<position], as: UTF8.self))
        }
        return unexpected(from: start, length: 1, "'$' must be followed by a number ($0) or a parameter name ($isLoggedIn)")
    }

    // MARK: - Numbers

    private mutating func lexNumber(from start: Int) -> Token {
        if peek() == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X")) {
            return lexHexadecimal(from: start)
        }
        if let token = lexPlainInteger(from: start) { return token }
        var digits: [UInt8] = []
        var isFloat = false
        func consumeDigits() {
            while isDigit(peek()) || peek() == UInt8(ascii: "_") {
                if peek() != UInt8(ascii: "_") { digits.append(peek()) }
                position += 1
            }
        }
        consumeDigits()
        if peek() == UInt8(ascii: ".") && isDigit(peek(1)) {
            isFloat = true
            digits.append(UInt8(ascii: "."))
            position += 1
            consumeDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            let signOffset = (peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-")) ? 1 : 0
            if isDigit(peek(1 + signOffset)) {
                isFloat = true
                digits.append(UInt8(ascii: "e"))
                if signOffset == 1 { digits.append(peek(1)) }
                position += 1 + signOffset
                consumeDigits()
            }
        }
        if isIdentifierStart(at: position) {
            consumeIdentifierCharacters()
            return malformedNumber(from: start, "'\(String(decoding: bytes[start..<position], as: UTF8.self))' is not a valid number literal")
        }
        let span = SourceSpan(start: start, end: position)
        let text = String(decoding: digits, as: UTF8.self)
        if isFloat {
            guard let value = Double(text), value.isFinite else {
                return malformedNumber(from: start, "floating-point literal '\(text)' is out of range")
            }
            return Token(kind: .floatLiteral, span: span, floatValue: value)
        }
        // `-9223372036854775808`: the magnitude of Int.min only fits once negated.
        if Int(text) == nil, text == "9223372036854775808", start > 0, bytes[start - 1] == UInt8(ascii: "-") {
            return Token(kind: .integerLiteral, span: span, integerValue: Int.min)
        }
        return integerToken(span: span, value: Int(text), literal: text)
    }

    /// A literal of decimal digits alone that fits `Int`, most numbers, read without building its
    /// text; nil, with the position unchanged, for any other literal.
    private mutating func lexPlainInteger(from start: Int) -> Token? {
        var end = start
        var value = 0
        while end < bytes.count && isDigit(bytes[end]) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[end] - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
            end += 1
        }
        let next = end < bytes.count ? bytes[end] : 0
        guard next != UInt8(ascii: "_") && next != UInt8(ascii: ".") && !isIdentifierStart(at: end) else { return nil }
        position = end
        return Token(kind: .integerLiteral, span: SourceSpan(start: start, end: end), integerValue: value)
    }

    private mutating func lexHexadecimal(from start: Int) -> Token {
        position = start + 2
        var digits: [UInt8] = []
        while true {
            let byte = peek()
            let isHex = isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
            if isHex { digits.append(byte) } else if byte != UInt8(ascii: "_") { break }
            position += 1
        }
        if isIdentifierStart(at: position) || digits.isEmpty {
            consumeIdentifierCharacters()
            return malformedNumber(from: start, "'\(String(decoding: bytes[start..<position], as: UTF8.self))' is not a valid hexadecimal literal")
        }
        let text = String(decoding: digits, as: UTF8.self)
        return integerToken(span: SourceSpan(start: start, end: position), value: Int(text, radix: 16), literal: "0x" + text)
    }

    private mutating func integerToken(span: SourceSpan, value: Int?, literal: String) -> Token {
        if value == nil {
            report(Diagnostic(.integerLiteralOverflow,
                                          "integer literal '\(literal)' overflows when stored into 'Int'",
                                          at: span, notes: [DiagnosticNote("'Int' holds values from \(Int.min) to \(Int.max)")]))
        }
        return Token(kind: .integerLiteral, span: span, integerValue: value ?? 0)
    }

    private mutating func malformedNumber(from start: Int, _ message: String) -> Token {
        let span = SourceSpan(start: start, end: position)
        report(Diagnostic(.malformedNumber, message, at: span))
        return Token(kind: .integerLiteral, span: span, integerValue: 0)
    }

    // MARK: - Strings

    private mutating func lexString(from start: Int) -> Token {
        position = start + 1
        var value: [UInt8] = []
        while true {
            guard !atEnd, peek() != UInt8(ascii: "\n"), peek() != UInt8(ascii: "\r") else {
                report(Diagnostic(.unterminatedString, "unterminated string literal",
                                              at: SourceSpan(start: start, end: start + 1),
                                              fixes: [FixIt("insert '\"'", edits: [TextEdit(span: .point(position), newText: "\"")], applicability: .machineApplicable)]))
                break
            }
            let byte = peek()
            if byte == UInt8(ascii: "\"") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                lexEscape(into: &value)
                continue
            }
            if byte < 0x80 {
                value.append(byte)
                position += 1
                continue
            }
            let scalarStart = position
            if decodeScalar() == nil {
                reportInvalidUTF8(at: position)
                position += 1
                value.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                value.append(contentsOf: bytes[scalarStart..<position])
            }
        }
        return Token(kind: .stringLiteral, span: SourceSpan(start: start, end: position),
                     text: String(decoding: value, as: UTF8.self))
    }

    private mutating func lexEscape(into value: inout [UInt8]) {
        let escapeStart = position
        position += 1
        let byte = peek()
        func append(_ scalar: Unicode.Scalar) { value.append(contentsOf: Array(String(scalar).utf8)) }
        switch byte {
        case UInt8(ascii: "\\"): append("\\"); position += 1
        case UInt8(ascii: "\""): append("\""); position += 1
        case UInt8(ascii: "'"): append("'"); position += 1
        case UInt8(ascii: "n"): append("\n"); position += 1
        case UInt8(ascii: "t"): append("\t"); position += 1
        case UInt8(ascii: "r"): append("\r"); position += 1
        case UInt8(ascii: "0"): append("\0"); position += 1
        case UInt8(ascii: "u"):
            lexUnicodeEscape(from: escapeStart, into: &value)
        case UInt8(ascii: "("):
            position += 1
            var depth = 1
            while !atEnd && peek() != UInt8(ascii: "\n") && peek() != UInt8(ascii: "\"") {
                if peek() == UInt8(ascii: "(") { depth += 1 }
                if peek() == UInt8(ascii: ")") { depth -= 1; if depth == 0 { position += 1; break } }
                position += 1
            }
            report(Diagnostic(.stringInterpolation, "string interpolation is not supported in tiprules",
                                          at: SourceSpan(start: escapeStart, end: position),
                                          notes: [DiagnosticNote("strings in a .tiprules file are constants; compare or concatenate with '+' instead")]))
        default:
            let length = byte >= 0x80 ? 1 : (atEnd ? 0 : 1)
            let shown = atEnd ? "end of file" : "'\\\(byte < 0x80 ? String(Unicode.Scalar(byte)) : "…")'"
            report(Diagnostic(.invalidEscape, "invalid escape sequence \(shown) in string literal",
                                          at: SourceSpan(start: escapeStart, end: position + length),
                                          notes: [DiagnosticNote("valid escapes are \\\\ \\\" \\' \\n \\t \\r \\0 and \\u{…}")],
                                          fixes: [FixIt.replace(SourceSpan(start: escapeStart, end: escapeStart + 1), with: "\\\\", "escape the backslash", applicability: .machineApplicable)]))
            if byte < 0x80 && !atEnd { position += 1 }
        }
    }

    private mutating func lexUnicodeEscape(from escapeStart: Int, into value: inout [UInt8]) {
        position += 1
        guard peek() == UInt8(ascii: "{") else {
            report(Diagnostic(.invalidEscape, "expected '{' after '\\u' in a unicode escape",
                                          at: SourceSpan(start: escapeStart, end: position),
                                          notes: [DiagnosticNote("write a scalar as \\u{1F426}")]))
            return
        }
        position += 1
        var scalarValue: UInt32 = 0
        var digitCount = 0
        while let digit = hexDigitValue(peek()) {
            if digitCount < 8 { scalarValue = scalarValue << 4 | digit }
            digitCount += 1
            position += 1
        }
        let closed = peek() == UInt8(ascii: "}")
        if closed { position += 1 }
        let span = SourceSpan(start: escapeStart, end: position)
        guard closed, (1...8).contains(digitCount), let scalar = Unicode.Scalar(scalarValue) else {
            report(Diagnostic(.invalidEscape, closed ? "invalid unicode scalar in '\\u{…}' escape" : "unterminated unicode escape; expected '}'",
                                          at: span, notes: [DiagnosticNote("a unicode escape holds 1 to 8 hexadecimal digits naming a scalar, e.g. \\u{1F426}")]))
            return
        }
        value.append(contentsOf: Array(String(scalar).utf8))
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
