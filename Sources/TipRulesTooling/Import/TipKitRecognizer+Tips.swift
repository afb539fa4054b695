import TipRulesCompiler
import TipRulesRuntime

/// The members of a `Tip` struct: `id`, `title`, `message`, `image`, `rules`, `options`, `actions`.
extension TipKitRecognizer {
    /// Reads the tip's members at the top level of its body (`open` and `close` are its braces).
    mutating func tip(named name: String, at span: SourceSpan, body open: Int, close: Int) {
        var tip = ImportedTip(name: name, span: span)
        var index = open + 1
        while index < close {
            let end = stream.statementEnd(from: index, to: close)
            if let member = member(index, end) {
                read(member, into: &tip)
            }
            index = max(end, index + 1)
        }
        file.tips.append(tip)
    }

    /// A property `var|let NAME[: Type] { … }` or `= …`: its name token and the tokens of its value.
    private func member(_ start: Int, _ end: Int) -> (name: SwiftToken, value: Range<Int>)? {
        guard let keyword = (start..<end).first(where: { tokens[$0].isWord("var") || tokens[$0].isWord("let") }),
              (start..<keyword).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .attribute }),
              let name = stream[keyword + 1], name.kind == .identifier else { return nil }
        guard let opener = stream.first(from: keyword + 2, to: end, where: { $0.isSymbol("{") || $0.isSymbol("=") }) else {
            return nil
        }
        if tokens[opener].isSymbol("{") {
            return (name, opener + 1..<(stream.closing[opener] ?? end))
        }
        return (name, opener + 1..<end)
    }

    private mutating func read(_ member: (name: SwiftToken, value: Range<Int>), into tip: inout ImportedTip) {
        let span = SourceSpan(start: member.name.start, end: member.name.end)
        switch member.name.text {
        case "id": tip.id = constantText(member.value, calls: [], property: "id", at: span)
        case "title": tip.title = constantText(member.value, calls: ["Text", "init"], property: "title", at: span)
        case "message": tip.message = constantText(member.value, calls: ["Text", "init"], property: "message", at: span)
        case "image": tip.image = systemImage(member.value, at: span)
        case "rules": tip.rules = rules(in: member.value)
        case "options": tip.options = options(in: member.value)
        case "actions":
            report(.importActions, "the tip's actions are not carried over", at: span,
                   help: "actions are buttons the app handles; keep them in Swift, next to the generated tip")
        default: break
        }
    }

    /// The string of `"…"`, `Text("…")` or `.init("…")` (optionally after `return`), or a diagnostic.
    private mutating func constantText(_ range: Range<Int>, calls: Set<String>, property: String, at span: SourceSpan) -> String? {
        var value = Array(tokens[range])
        if value.first?.isWord("return") == true { value.removeFirst() }
        if value.count == 5, value[0].isSymbol("."), value[1].isWord("init") { value.removeFirst() }
        let simple = value.count == 1
            || (value.count == 4 && calls.contains(value[0].text) && value[1].isSymbol("(") && value[3].isSymbol(")"))
        let literal = value.count == 1 ? value.first : value.count == 4 ? value[2] : nil
        if simple, let literal, literal.kind == .string, let string = literal.stringValue {
            return string
        }
        report(.importText, "the tip's \(property) is not a constant string", at: span,
               help: "write it as \(property == "id" ? "\"…\"" : "Text(\"…\")") in Swift, or set \(property): \"…\" in the .tiprules file")
        return nil
    }

    /// `Image(systemName: "…")`, or a diagnostic.
    private mutating func systemImage(_ range: Range<Int>, at span: SourceSpan) -> String? {
        var value = Array(tokens[range])
        if value.first?.isWord("return") == true { value.removeFirst() }
        if value.count == 6, value[0].isWord("Image"), value[2].isWord("systemName"), value[4].kind == .string,
           let name = value[4].stringValue {
            return name
        }
        report(.importText, "the tip's image is not an SF Symbol with a constant name", at: span,
               help: "a .tiprules image is an SF Symbol name: Image(systemName: \"…\")")
        return nil
    }

    /// Every `#Rule` in the `rules` property, in order.
    private mutating func rules(in range: Range<Int>) -> [ImportedRule] {
        range.filter { tokens[$0].kind == .pound && tokens[$0].text == "#Rule" }.compactMap { rule(at: $0) }
    }

    /// The option entries: `Tips.Name(…)`, `Name(…)` or the beta `.name(…)`, as written.
    private mutating func options(in range: Range<Int>) -> [String] {
        var entries = range
        if !entries.isEmpty, tokens[entries.lowerBound].isWord("return") { entries = entries.lowerBound + 1..<entries.upperBound }
        if !entries.isEmpty, tokens[entries.lowerBound].isSymbol("["), let close = stream.closing[entries.lowerBound],
           close < entries.upperBound {
            entries = entries.lowerBound + 1..<close
        }
        var options: [String] = []
        for entry in split(entries, atLineStarts: true) where !entry.isEmpty {
            let names = tokens[entry].prefix { !$0.isSymbol("(") }
            let written = names.map(\.text).joined()
            let known = ["MaxDisplayCount", "IgnoresDisplayFrequency", "MaxDisplayDuration"]
            let isOption = known.contains { written == $0 || written == "Tips.\($0)" || written == "Tip.\($0)" }
                || written == ".maxDisplayCount" || written == ".ignoresDisplayFrequency"
            let last = tokens[entry.upperBound - 1]
            guard isOption, last.isSymbol(")") else {
                report(.importOption, "the tip option '\(text(entry.lowerBound, entry.upperBound))' is not carried over",
                       at: SourceSpan(start: tokens[entry.lowerBound].start, end: last.end),
                       help: ".tiprules has MaxDisplayCount, IgnoresDisplayFrequency and MaxDisplayDuration; keep others in Swift")
                continue
            }
            options.append(written.hasPrefix("Tip.") ? "Tips." + text(entry.lowerBound + 2, entry.upperBound)
                           : text(entry.lowerBound, entry.upperBound))
        }
        return options
    }
}
