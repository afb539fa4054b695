import TipRulesCompiler

/// Where the comments of a source are. The lexer skips comments, so they are found in the
/// gaps between tokens: `//` runs to the end of its line, `/*` nests up to its `*/` (or the
/// end of the gap when unterminated).
package enum SourceComments {
    /// One comment's byte range and whether it is a block comment.
    package struct Comment {
        package var range: Range<Int>
        package var isBlock: Bool
    }

    /// The comments of `bytes`, whose tokens (end of file excluded) are `tokens`, in order.
    package static func comments(in bytes: [UInt8], tokens: [Token]) -> [Comment] {
        var found: [Comment] = []
        var gapStart = 0
        for token in tokens + [Token(kind: .endOfFile, span: .point(bytes.count), text: "")] {
            found += comments(in: bytes, from: gapStart, to: min(max(token.span.start, gapStart), bytes.count))
            gapStart = max(gapStart, token.span.end)
        }
        return found
    }

    private static func comments(in bytes: [UInt8], from start: Int, to end: Int) -> [Comment] {
        var found: [Comment] = []
        var index = start
        while index + 1 < end {
            let commentStart = index
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/") {
                while index < end && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                found.append(Comment(range: commentStart..<index, isBlock: false))
            } else if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                var depth = 0
                while index + 1 < end {
                    if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                found.append(Comment(range: commentStart..<max(index, commentStart + 2), isBlock: true))
            } else {
                index += 1
            }
        }
        return found
    }
}
