/// The tokens of one Swift file with every bracket matched: what the recognizer walks.
/// Matching uses an explicit stack, so nesting of any depth costs no recursion.
struct SwiftTokenStream {
    let tokens: [SwiftToken]
    /// For each `(`, `[` and `{`, the index of its closing bracket (nil when it has none); for
    /// every other token nil.
    let closing: [Int?]

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
        var closing = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .symbol {
            switch token.text {
            case "(", "[", "{":
                open.append(index)
            case ")", "]", "}":
                let opener = Self.opener(of: token.text)
                // A stray closer ends the brackets opened after its match, when that is among the
                // innermost few (a bounded search, so mismatched input costs linear time).
                let searched = open.indices.suffix(Self.recoveryDepth)
                if let match = searched.last(where: { tokens[open[$0]].text == opener }) {
                    closing[open[match]] = index
                    open.removeSubrange(match...)
                }
            default:
                break
            }
        }
        self.closing = closing
    }

    /// The token at `index`, or nil past either end.
    subscript(_ index: Int) -> SwiftToken? {
        tokens.indices.contains(index) ? tokens[index] : nil
    }

    /// `lower..<upper`, or the empty range at `lower` when `upper` is smaller (no trap on odd input).
    static func range(_ lower: Int, _ upper: Int) -> Range<Int> {
        lower..<max(lower, upper)
    }

    /// The index just past the bracketed group opening at `index` (its closer + 1), or `end`
    /// when it is not closed.
    func skipGroup(at index: Int, end: Int) -> Int {
        guard let close = closing.indices.contains(index) ? closing[index] : nil else { return end }
        return min(close + 1, end)
    }

    /// The index of the first token at `start..<end`, outside brackets, that satisfies `matches`.
    func first(from start: Int, to end: Int, where matches: (SwiftToken) -> Bool) -> Int? {
        var index = start
        while index < end {
            if matches(tokens[index]) { return index }
            index = closing[index] != nil ? skipGroup(at: index, end: end) : index + 1
        }
        return nil
    }

    /// The end of the statement starting at `start`: the first token after it, outside brackets,
    /// that begins a line or is `;` or `}`; at most `end`.
    func statementEnd(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            if index > start && (token.startsLine || token.isSymbol(";") || token.isSymbol("}")) {
                // A line that begins with `.` or a binary operator continues the statement.
                if !(token.startsLine && (token.isSymbol(".") || Self.continuesExpression(token))) { return index }
            }
            index = closing[index] != nil ? skipGroup(at: index, end: end) : index + 1
        }
        return end
    }

    /// How many open brackets a stray closer may close at once.
    private static let recoveryDepth = 16

    private static func continuesExpression(_ token: SwiftToken) -> Bool {
        token.kind == .symbol && ["&&", "||", "==", "!=", "+", "*", "/", "??", "<", ">", "<=", ">=", "?", ":"].contains(token.text)
    }

    private static func opener(of closer: String) -> String {
        closer == ")" ? "(" : closer == "]" ? "[" : "{"
    }
}
