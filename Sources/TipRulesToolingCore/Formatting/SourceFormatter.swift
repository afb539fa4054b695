import TipRulesCompiler

/// The layout of `tiprulec fmt` and the language server's formatting: it changes only white
/// space between tokens at the start and end of lines, so the tokens (and the compiled
/// program, but for its line table) never change, and formatting twice gives what once did.
/// Each line is indented 4 spaces per enclosing line that opened a bracket (`{`, `(`, `[`),
/// a line that starts with closing brackets one level less for each line they close, and a
/// line that starts with `.`, `?.`, `&&`, `||` or `??` one more (a chained member or operand,
/// unless the line before started with one too without being indented for it: siblings);
/// trailing spaces go, runs of blank lines become one, and the file ends with one newline.
/// Lines that continue a block comment are left as they are; comments stay where they were.
public enum SourceFormatter {
    /// Why a file is not formatted.
    public struct Refusal: Error, Equatable {
        public var message: String
    }

    /// The formatted text of `bytes`, or why it is not formatted (a lexical or syntax error, or a
    /// limit: binary or oversized input).
    public static func format(_ bytes: [UInt8], name: String = "<input>") -> Result<[UInt8], Refusal> {
        let source = SourceFile(name: name, bytes: bytes)
        if let error = syntaxError(in: source) {
            let position = source.location(of: error.span.start)
            return .failure(Refusal(message: "\(name):\(position.line):\(position.column): not formatted: \(error.code.code) \(error.message)"))
        }
        return .success(FixApplier.apply(edits(of: source), to: bytes))
    }

    /// The edits that format `bytes`, one per line that changes (its whole line, line break
    /// included), so that an editor moves as little as possible; nil when it is not formatted.
    public static func lineEdits(_ bytes: [UInt8], name: String = "<input>") -> [TextEdit]? {
        let source = SourceFile(name: name, bytes: bytes)
        return syntaxError(in: source) == nil ? edits(of: source) : nil
    }

    private static func edits(of source: SourceFile) -> [TextEdit] {
        let bytes = source.bytes
        let lines = lineRanges(of: bytes)
        let laidOut = layout(bytes, tokens: Lexer.tokenize(source).tokens.filter { $0.kind != .endOfFile }, lines: lines)
        var edits: [TextEdit] = []
        for (line, newText) in zip(lines, laidOut) {
            let end = bytes[line.upperBound...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let new = newText.map { $0 + [UInt8(ascii: "\n")] } ?? []
            if !bytes[line.lowerBound..<end].elementsEqual(new) {
                edits.append(TextEdit(span: SourceSpan(start: line.lowerBound, end: end), newText: String(decoding: new, as: UTF8.self)))
            }
        }
        return edits
    }

    /// The first error that stops formatting: lexical, syntax or a limit (binary or oversized input).
    private static func syntaxError(in source: SourceFile) -> Diagnostic? {
        Compilation(source: source).diagnostics.first { diagnostic in
            diagnostic.severity == .error && ["TR00", "TR01", "TR06"].contains { diagnostic.code.code.hasPrefix($0) }
        }
    }

    /// Each line's new content (without its line break), or nil when the line goes.
    private static func layout(_ bytes: [UInt8], tokens: [Token], lines: [Range<Int>]) -> [[UInt8]?] {
        let untouchable = blockCommentContinuations(bytes, tokens: tokens, lines: lines)
        var output: [[UInt8]?] = []
        var openers: [Int] = []   // for each open bracket, the line it opened on
        var tokenIndex = 0
        var previousBlank = true
        var previousLastToken: Token?
        // A line that starts with `.` after a sibling that did too (`options { .a(1)` / `.b(2)`) is not a continuation.
        var previous = (startedWithContinuer: false, wasContinuation: false)
        for (lineNumber, line) in lines.enumerated() {
            let lineTokensStart = tokenIndex
            while tokenIndex < tokens.count && tokens[tokenIndex].span.start < line.upperBound { tokenIndex += 1 }
            let lineTokens = tokens[lineTokensStart..<tokenIndex]
            if untouchable.contains(lineNumber) {
                output.append(Array(bytes[line]))
                previousBlank = false
                track(lineTokens, lineNumber: lineNumber, openers: &openers)
                continue
            }
            let content = trimmed(bytes[line])
            if content.isEmpty {
                output.append(previousBlank ? nil : [])
                previousBlank = true
                continue
            }
            let startsWithToken = lineTokens.first.map { $0.span.start == line.lowerBound + (bytes[line].count - bytes[line].drop(while: isSpace).count) } ?? false
            var leadingClosers = 0
            if startsWithToken {
                for token in lineTokens {
                    guard isCloser(token.kind) else { break }
                    leadingClosers += 1
                }
            }
            let kept = openers.prefix(max(0, openers.count - leadingClosers))
            var level = Set(kept).count
            let startsWithContinuer = startsWithToken && lineTokens.first.map { continues($0.kind) } == true
            var continuation = false
            if startsWithContinuer, let last = previousLastToken, !isOpener(last.kind), last.kind != .comma {
                continuation = !(previous.startedWithContinuer && !previous.wasContinuation)
            }
            if continuation { level += 1 }
            previous = (startsWithContinuer, continuation)
            output.append(Array(repeating: UInt8(ascii: " "), count: 4 * level) + content)
            previousBlank = false
            track(lineTokens, lineNumber: lineNumber, openers: &openers)
            if let last = lineTokens.last { previousLastToken = last }
        }
        var last = output.count - 1
        while last >= 0, output[last]?.isEmpty ?? true {
            output[last] = nil
            last -= 1
        }
        return output
    }

    private static func track(_ tokens: ArraySlice<Token>, lineNumber: Int, openers: inout [Int]) {
        for token in tokens {
            if isOpener(token.kind) { openers.append(lineNumber) } else if isCloser(token.kind), !openers.isEmpty { openers.removeLast() }
        }
    }

    /// The byte ranges of the lines, without their line breaks (`\r\n` or `\n`).
    private static func lineRanges(of bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
            ranges.append(start..<end)
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// The lines that start inside a block comment or a token. Tokens and comments never
    /// overlap, so in order of their starts their ends are in order too: one sweep over the
    /// lines and the ranges, in step, finds them.
    private static func blockCommentContinuations(_ bytes: [UInt8], tokens: [Token], lines: [Range<Int>]) -> Set<Int> {
        let inside = (tokens.filter { $0.span.end > $0.span.start }.map { $0.span.start..<$0.span.end }
            + SourceComments.comments(in: bytes, tokens: tokens).map(\.range)).sorted { $0.lowerBound < $1.lowerBound }
        var result = Set<Int>()
        var next = 0
        for (number, line) in lines.enumerated() where number > 0 {
            let lineStart = line.lowerBound
            while next < inside.count && inside[next].upperBound <= lineStart { next += 1 }
            if next < inside.count && inside[next].lowerBound < lineStart { result.insert(number) }
        }
        return result
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let start = line.drop(while: isSpace)
        var end = start.endIndex
        while end > start.startIndex && isSpace(start[end - 1]) { end -= 1 }
        return start[start.startIndex..<end]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    private static func isOpener(_ kind: TokenKind) -> Bool { kind == .leftBrace || kind == .leftParen || kind == .leftBracket }
    private static func isCloser(_ kind: TokenKind) -> Bool { kind == .rightBrace || kind == .rightParen || kind == .rightBracket }
    private static func continues(_ kind: TokenKind) -> Bool {
        [.dot, .optionalChainDot, .ampersandAmpersand, .pipePipe, .questionQuestion].contains(kind)
    }
}
