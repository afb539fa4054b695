import TipRulesCompiler

/// `func nameRelevance() -> TimelineEntryRelevance { … }` in the form emit-swift writes: `let`s,
/// `let score: Double = …`, `let duration: TimeInterval = …` and the `return`, each expression
/// rewritten by `SwiftExpressionRewriter`. Any other body is reported (TR0809), not guessed at.
extension TipKitRecognizer {
    /// Reads the widget function whose return type is the `TimelineEntryRelevance` token at `index`.
    mutating func widgetFunction(at index: Int) {
        guard index >= 1, tokens[index - 1].isSymbol("->") else { return }
        let function = (max(0, index - 16)..<index).last { tokens[$0].isWord("func") } ?? index
        let span = SourceSpan(start: tokens[function].start, end: tokens[index].end)
        guard let name = stream[function + 1], name.kind == .identifier, name.text.hasSuffix("Relevance"),
              name.text.count > "Relevance".count, stream[index + 1]?.isSymbol("{") == true,
              let close = stream.closing[index + 1], let widget = relevance(body: index + 2..<close) else {
            report(.importWidgetFunction, "this widget relevance function is not in the form emit-swift writes; it is not carried over",
                   at: span, help: "declare the widget in the .tiprules file: widget NAME { relevance { score: …  duration: … } }")
            return
        }
        file.widgets.append(ImportedWidget(name: Self.typeName(String(name.text.dropLast("Relevance".count))),
                                           lets: widget.lets, score: widget.score, duration: widget.duration, span: span))
    }

    /// The `let`s, score and duration of a relevance function's body, or nil when it has anything else.
    private func relevance(body: Range<Int>) -> (lets: [(String, String)], score: String, duration: String)? {
        var lets: [(String, String)] = []
        var score: String?
        var duration: String?
        var index = body.lowerBound
        while index < body.upperBound {
            let end = stream.statementEnd(from: index, to: body.upperBound)
            defer { index = max(end, index + 1) }
            if tokens[index].isWord("return") && stream[index + 1]?.isWord("TimelineEntryRelevance") == true { continue }
            guard tokens[index].isWord("let"), let name = stream[index + 1], name.kind == .identifier,
                  let equals = SwiftTokenStream.range(index + 2, end).first(where: { tokens[$0].isSymbol("=") }), equals + 1 < end else { return nil }
            var rewriter = SwiftExpressionRewriter(stream: stream, source: file.source)
            let value = rewriter.rewrite(equals + 1..<end).split(separator: "\n").map { $0.drop(while: \.isWhitespace) }
                .joined(separator: " ")
            switch name.text {
            case "score": score = value
            case "duration": duration = value
            default: lets.append((name.text, value))
            }
        }
        guard let score, let duration else { return nil }
        return (lets, score, duration)
    }
}
