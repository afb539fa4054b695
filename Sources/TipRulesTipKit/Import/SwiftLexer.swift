/// A byte lexer for the Swift that TipKit code uses: identifiers, keywords, numbers, strings
/// (with escapes, interpolation, multi-line and raw forms), nested comments, attributes,
/// `#Rule`, `$name` and operators. It never fails: bytes it does not know become one-byte
/// symbols, an unterminated string or comment ends at the end of the file, and it stops after
/// `maximumTokenCount` tokens (reporting that it did), so any input costs bounded time and memory.
package struct SwiftLexer {
    /// The most tokens one file gives; past it the rest of the file is ignored.
    package static let maximumTokenCount = 1 << 20

    let bytes: [UInt8]
    private var index = 0
    private var sawLineBreak = true

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The tokens of the file and whether the token limit cut it short.
    static func tokenize(_ bytes: [UInt8]) -> (tokens: [SwiftToken], truncated: Bool) {
        var lexer = SwiftLexer(bytes: bytes)
        var tokens: [SwiftToken] = []
        while let token = lexer.next() {
            guard tokens.count < maximumTokenCount else { return (tokens, true) }
            tokens.append(token)
        }
        return (tokens, false)
    }

    /// The next token, or nil at the end of the file.
    mutating func next() -> SwiftToken? {
        skipTrivia()
        guard index < bytes.count else { return nil }
        let start = index
        let startsLine = sawLineBreak
        sawLineBreak = false
        let byte = bytes[index]
        var kind = SwiftToken.Kind.symbol
        var stringValue: String?
        var text: String?
        if Self.isIdentifierStart(byte) {
            kind = .identifier
            skipIdentifier()
        } else if Self.isDigit(byte) {
            kind = .number
            skipNumber()
        } else if byte == UInt8(ascii: "`") {
            kind = .identifier
            index += 1
            skipIdentifier()
            text = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
            if index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
        } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && rawStringFollows()) {
            kind = .string
            var scanner = SwiftStringScanner(bytes: bytes, index: index)
            stringValue = scanner.scanLiteral(depth: 0)
            index = max(scanner.index, index + 1)
        } else if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "$") {
            kind = byte == UInt8(ascii: "@") ? .attribute : byte == UInt8(ascii: "#") ? .pound : .dollar
            index += 1
            skipIdentifier()
        } else if Self.operatorCharacters.contains(byte) {
            while index < bytes.count && Self.operatorCharacters.contains(bytes[index]) && !commentStarts() { index += 1 }
            if index == start { index += 1 }
        } else {
            index += 1
        }
        return SwiftToken(kind: kind, text: text ?? String(decoding: bytes[start..<index], as: UTF8.self),
                          start: start, end: index, startsLine: startsLine, stringValue: stringValue)
    }

    private mutating func skipTrivia() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                sawLineBreak = true
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C {
                index += 1
            } else if startsWith("//") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if startsWith("/*") {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// A block comment, nested as in Swift; an unterminated one runs to the end of the file.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if startsWith("/*") {
                depth += 1
                index += 2
            } else if startsWith("*/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { sawLineBreak = true }
                index += 1
            }
        }
    }

    private mutating func skipIdentifier() {
        while index < bytes.count && (Self.isIdentifierStart(bytes[index]) || Self.isDigit(bytes[index])) { index += 1 }
    }

    /// Digits, letters (hex digits, exponents, `_`) and a `.` followed by a digit.
    private mutating func skipNumber() {
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isDigit(byte) || Self.isIdentifierStart(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"), numberIsExponentCapable() {
                index += 1
            } else if byte == UInt8(ascii: "."), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
                index += 1
            } else {
                return
            }
        }
    }

    /// Whether the number scanned so far can take an exponent sign (not `0x1e` hex digits).
    private func numberIsExponentCapable() -> Bool {
        guard index > 0 else { return false }
        var start = index - 1
        while start > 0 && (Self.isDigit(bytes[start - 1]) || Self.isIdentifierStart(bytes[start - 1])
                            || bytes[start - 1] == UInt8(ascii: ".")) { start -= 1 }
        let isHex = index - start > 2 && bytes[start] == UInt8(ascii: "0") && bytes[start + 1] | 0x20 == UInt8(ascii: "x")
        return isHex ? bytes[index - 1] | 0x20 == UInt8(ascii: "p") : bytes[index - 1] | 0x20 == UInt8(ascii: "e")
    }

    private func rawStringFollows() -> Bool {
        var cursor = index
        while cursor < bytes.count && bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
        return cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
    }

    private func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
        return true
    }

    private func commentStarts() -> Bool { startsWith("//") || startsWith("/*") }

    private static let operatorCharacters: Set<UInt8> = Set("=-+!*%<>&|^~?/".utf8)

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// ASCII letters, `_` and every byte of a non-ASCII UTF-8 sequence.
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
