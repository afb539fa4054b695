import TipRulesCompiler

/// `func nameRelevantShortcuts(for shortcut: INShortcut) -> [INRelevantShortcut] { … }` in the
/// form emit-swift writes for a widget's `suggest` windows: its `let`s (the same as the
/// widget's relevance function), `let windows: [(start: Date, end: Date)] = [(FROM, TO), …]`
/// and the `return`. Each window's two expressions are rewritten by `SwiftExpressionRewriter`;
/// any other body is reported (TR0809), not guessed at.
extension TipKitRecognizer {
    /// Reads the suggestion function whose return type is the `[INRelevantShortcut]` at `index`.
    mutating func suggestionFunction(at index: Int) {
        guard index >= 2, tokens[index - 1].isSymbol("["), tokens[index - 2].isSymbol("->") else { return }
        let function = (max(0, index - 24)..<index).last { tokens[$0].isWord("func") } ?? index
        let span = SourceSpan(start: tokens[function].start, end: tokens[index].end)
        let suffix = "RelevantShortcuts"
        guard let name = stream[function + 1], name.kind == .identifier, name.text.hasSuffix(suffix),
              name.text.count > suffix.count, stream[index + 1]?.isSymbol("]") == true,
              stream[index + 2]?.isSymbol("{") == true, let close = stream.closing[index + 2],
              let windows = windows(body: index + 3..<close) else {
            report(.importWidgetFunction, "this widget suggestion function is not in the form emit-swift writes; it is not carried over",
                   at: span, help: "declare the windows in the .tiprules file: suggest { from: …  to: … } in the widget")
            return
        }
        file.suggestions.append(ImportedSuggestions(widget: Self.typeName(String(name.text.dropLast(suffix.count))),
                                                    windows: windows, span: span))
    }

    /// The `(FROM, TO)` pairs of the body's `let windows … = [ … ]`, or nil when there is none.
    private func windows(body: Range<Int>) -> [(from: String, to: String)]? {
        guard let keyword = body.first(where: { tokens[$0].isWord("let") && stream[$0 + 1]?.isWord("windows") == true }),
              let equals = stream.first(from: keyword + 2, to: body.upperBound, where: { $0.isSymbol("=") }),
              stream[equals + 1]?.isSymbol("[") == true, let close = stream.closing[equals + 1] else { return nil }
        var windows: [(from: String, to: String)] = []
        var index = equals + 2
        while index < close {
            if tokens[index].isSymbol(",") {
                index += 1
                continue
            }
            guard tokens[index].isSymbol("("), let end = stream.closing[index],
                  let comma = stream.first(from: index + 1, to: end, where: { $0.isSymbol(",") }) else { return nil }
            windows.append((from: rewritten(index + 1..<comma), to: rewritten(comma + 1..<end)))
            index = end + 1
        }
        return windows
    }

    /// The `.tiprules` text of the Swift expression at `range`, on one line.
    private func rewritten(_ range: Range<Int>) -> String {
        var rewriter = SwiftExpressionRewriter(stream: stream, source: file.source)
        return rewriter.rewrite(range).split(separator: "\n").map { $0.drop(while: \.isWhitespace) }.joined(separator: " ")
    }
}
