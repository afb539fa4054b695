import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/foldingRange`: every `{ … }`, `( … )` and `[ … ]` over several lines (up to
/// the line before its closing bracket, so that stays visible), every block comment over
/// several lines and every run of two or more lines of line comments (kind `comment`).
enum FoldingRanges {
    /// The `FoldingRange`s of the document in `params`, in source order.
    package static func ranges(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let document = try documents.document(params)
        let source = document.analysis.source
        let tokens = Lexer.tokenize(source).tokens.filter { $0.kind != .endOfFile }
        var folds: [(start: Int, end: Int, comment: Bool)] = []
        var open: [Int] = []
        for token in tokens {
            switch token.kind {
            case .leftBrace, .leftParen, .leftBracket:
                open.append(source.lineIndex(of: token.span.start))
            case .rightBrace, .rightParen, .rightBracket:
                guard let start = open.popLast() else { continue }
                let end = source.lineIndex(of: token.span.start) - 1
                if end > start { folds.append((start, end, false)) }
            default:
                break
            }
        }
        var run: (start: Int, end: Int)?
        for comment in SourceComments.comments(in: source.bytes, tokens: tokens) {
            let start = source.lineIndex(of: comment.range.lowerBound)
            let end = source.lineIndex(of: max(comment.range.upperBound - 1, comment.range.lowerBound))
            if comment.isBlock {
                if end > start { folds.append((start, end, true)) }
                continue
            }
            if let current = run, current.end + 1 == start, isWholeLine(comment.range, in: source) {
                run = (current.start, start)
                continue
            }
            if let current = run, current.end > current.start { folds.append((current.start, current.end, true)) }
            run = isWholeLine(comment.range, in: source) ? (start, start) : nil
        }
        if let current = run, current.end > current.start { folds.append((current.start, current.end, true)) }
        return .array(folds.sorted { ($0.start, $0.end) < ($1.start, $1.end) }.map { fold in
            var object: JSONObject = ["startLine": .integer(fold.start), "endLine": .integer(fold.end)]
            if fold.comment { object["kind"] = "comment" }
            return .object(object)
        })
    }

    /// Whether only white space comes before the comment on its line.
    private static func isWholeLine(_ range: Range<Int>, in source: SourceFile) -> Bool {
        var index = range.lowerBound
        while index > 0, source.bytes[index - 1] == UInt8(ascii: " ") || source.bytes[index - 1] == UInt8(ascii: "\t") { index -= 1 }
        return index == 0 || source.bytes[index - 1] == UInt8(ascii: "\n")
    }
}
