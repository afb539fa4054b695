import TipRulesCompiler

/// `#Rule(inputs) { body }` to `.tiprules`: inputs become `Self.$name` / `Self.name` whatever
/// type qualifies them, named closure parameters become `$0`, `$1`…, a single `return` goes, and
/// the body is rewritten by `SwiftExpressionRewriter` (e.g. `starts(with:)` to `hasPrefix(_:)`).
extension TipKitRecognizer {
    /// The rule at the `#Rule` token `index`, or nil with a diagnostic.
    mutating func rule(at index: Int) -> ImportedRule? {
        guard stream[index + 1]?.isSymbol("(") == true, let inputsClose = stream.closing[index + 1],
              stream[inputsClose + 1]?.isSymbol("{") == true, let bodyClose = stream.closing[inputsClose + 1] else {
            report(.importRule, "this #Rule has no inputs and trailing closure to carry over",
                   at: SourceSpan(start: tokens[index].start, end: tokens[index].end),
                   help: "write it as #Rule(Self.$parameter) { … } or #Rule(Self.event) { … }")
            return nil
        }
        let span = SourceSpan(start: tokens[index].start, end: tokens[bodyClose].end)
        var inputs: [ImportedRuleInput] = []
        for input in split(index + 2..<inputsClose) where !input.isEmpty {
            guard let last = tokens[input].last, last.kind == .dollar || last.kind == .identifier,
                  tokens[input].dropLast().allSatisfy({ $0.kind == .identifier || $0.isSymbol(".") }) else {
                report(.importRule, "the rule input '\(text(input.lowerBound, input.upperBound))' is not a parameter or an event",
                       at: span, help: "name the input as Self.$parameter or Self.event")
                return nil
            }
            let isParameter = last.kind == .dollar
            inputs.append(ImportedRuleInput(name: isParameter ? String(last.text.dropFirst()) : last.text, isParameter: isParameter,
                                            span: SourceSpan(start: tokens[input.lowerBound].start, end: last.end)))
        }
        guard let body = ruleBody(inputsClose + 2..<bodyClose, span: span) else { return nil }
        return ImportedRule(inputs: inputs, body: body, span: span)
    }

    /// The body's `.tiprules` text, or nil with a diagnostic when it is more than one expression.
    private mutating func ruleBody(_ range: Range<Int>, span: SourceSpan) -> String? {
        var start = range.lowerBound
        var names: [String: Int] = [:]
        if let inKeyword = stream.first(from: start, to: min(range.upperBound, start + 24), where: { $0.isWord("in") }),
           tokens[start..<inKeyword].allSatisfy({ $0.kind == .identifier || $0.isSymbol(",") || $0.isSymbol("(") || $0.isSymbol(")") }) {
            for token in tokens[start..<inKeyword] where token.kind == .identifier {
                names[token.text] = names.count
            }
            start = inKeyword + 1
        }
        if stream[start]?.isWord("return") == true, start < range.upperBound { start += 1 }
        let statements = stream.first(from: start, to: range.upperBound) { token in
            ["return", "let", "var", "if", "guard", "switch", "for"].contains { token.isWord($0) } || token.isSymbol(";")
        }
        guard start < range.upperBound, statements == nil else {
            report(.importRule, "a rule whose body is not a single expression is not carried over", at: span,
                   help: "write the rule as one expression, e.g. #Rule(Self.$isLoggedIn) { $0 == true }")
            return nil
        }
        var rewriter = SwiftExpressionRewriter(stream: stream, source: file.source)
        return formatted(rewriter.rewrite(start..<range.upperBound, closureNames: names, inRule: true), firstToken: start)
    }

    /// One line stays one line; several are re-indented under the rule, keeping their relative indentation.
    private func formatted(_ text: String, firstToken: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count > 1 else { return lines.first ?? "" }
        let firstLine = file.source.lineText(file.source.lineIndex(of: tokens[firstToken].start))
        let base = firstLine.prefix { $0 == " " || $0 == "\t" }.count
        return lines.enumerated().map { position, line in
            if line.isEmpty { return "" }
            let indentation = line.prefix { $0 == " " || $0 == "\t" }.count
            return "        " + String(line.dropFirst(position == 0 ? indentation : min(base, indentation)))
        }.joined(separator: "\n")
    }
}
