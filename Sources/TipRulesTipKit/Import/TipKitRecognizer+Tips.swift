import TipRulesCompiler
import TipRulesRuntime

/// The members of a `Tip` struct: `id`, `title`, `message`, `image`, `rules`, `options`, `actions`,
/// in its body or in an extension of it.
extension TipKitRecognizer {
    /// Reads the tip's members at the top level of its body (`open` and `close` are its braces).
    mutating func tip(named name: String, at span: SourceSpan, body open: Int, close: Int) {
        var tip = ImportedTip(name: name, span: span)
        readMembers(body: open, close: close, into: &tip)
        file.tips.append(tip)
    }

    /// `extension Name { … }`: the tip members it declares, kept with their diagnostics until the
    /// files are merged (an extension of a type that is no tip contributes nothing).
    mutating func tipExtension(of name: String, at span: SourceSpan, body open: Int, close: Int) {
        var members = ImportedTip(name: name, span: SourceSpan(start: tokens[open].start, end: tokens[open].end))
        deferred = []
        readMembers(body: open, close: close, into: &members)
        let diagnostics = deferred ?? []
        deferred = nil
        // Rules, or a title with a message or an image, are a tip's content, whatever conforms it.
        if !members.rules.isEmpty || (members.title != nil && (members.message != nil || members.image != nil)) {
            file.tipLookalikes.append(ImportedItem(value: name, span: span))
        }
        guard members.declaresSomething || !diagnostics.isEmpty else { return }
        file.tipExtensions.append(ImportedTipExtension(members: members, diagnostics: diagnostics))
    }

    private mutating func readMembers(body open: Int, close: Int, into tip: inout ImportedTip) {
        var index = open + 1
        while index < close {
            let end = stream.statementEnd(from: index, to: close)
            if let member = member(index, end) {
                read(member, into: &tip)
            }
            index = max(end, index + 1)
        }
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
        case "id":
            let value = valueTokens(member.value)
            if let reference = stringArgument(value.startIndex..<value.endIndex), case .reference = reference {
                tip.idReference = reference
            } else {
                tip.id = constantText(member.value, calls: [], property: "id", at: span)
            }
        case "title": tip.title = constantText(member.value, calls: ["Text", "init"], property: "title", at: span)
        case "message": tip.message = constantText(member.value, calls: ["Text", "init"], property: "message", at: span)
        case "image": tip.image = systemImage(member.value, at: span)
        case "rules": tip.rules += rules(in: member.value)
        case "options": tip.options += options(in: member.value)
        case "actions": tip.actions += actions(in: member.value)
        default: break
        }
    }

    /// The value's tokens without a leading `return`.
    private func valueTokens(_ range: Range<Int>) -> ArraySlice<SwiftToken> {
        let value = tokens[range]
        return value.first?.isWord("return") == true ? value.dropFirst() : value
    }

    /// The string of `"…"`, `Text("…")` or `.init("…")` (optionally after `return`, and followed
    /// by modifiers such as `.font(…)`, which are reported), or a diagnostic.
    private mutating func constantText(_ range: Range<Int>, calls: Set<String>, property: String, at span: SourceSpan) -> String? {
        var value = Array(valueTokens(range))
        if value.count >= 5, value[0].isSymbol("."), value[1].isWord("init") { value.removeFirst() }
        // `Text("…", bundle: .module)`, `Text("…", tableName: …)`: the text is the key, the
        // bundle or table where the app localizes it.
        if value.count >= 6, calls.contains(value[0].text), value[1].isSymbol("("), value[2].kind == .string, value[3].isSymbol(","),
           let close = value.firstIndex(where: { $0.isSymbol(")") }),
           value[4..<close].contains(where: { $0.isWord("bundle") || $0.isWord("tableName") || $0.isWord("comment") }) {
            value = Array(value[0...2]) + Array(value[close...])
        }
        let call = value.count >= 4 && calls.contains(value[0].text) && value[1].isSymbol("(") && value[3].isSymbol(")")
        let literal = value.count == 1 ? value.first : call ? value[2] : nil
        if let literal, literal.kind == .string, let string = literal.stringValue {
            if call && value.count > 4 { reportStyling(Array(value[4...]), of: property, at: span) }
            if value.count == 1 || call { return string }
        }
        report(.importText, "the tip's \(property) is not a constant string", at: span,
               help: "write it as \(property == "id" ? "\"…\"" : "Text(\"…\")") in Swift, or set \(property): \"…\" in the .tiprules file")
        return nil
    }

    /// `Image(systemName: "…")` (with modifiers, which are reported), or a diagnostic.
    private mutating func systemImage(_ range: Range<Int>, at span: SourceSpan) -> String? {
        var value = Array(valueTokens(range))
        // `.init(systemName: "…")`, the type taken from `var image: Image?`.
        if value.count >= 6, value[0].isSymbol("."), value[1].isWord("init") { value[1].text = "Image"; value.removeFirst() }
        if value.count >= 6, value[0].isWord("Image"), value[2].isWord("systemName"), value[4].kind == .string, value[5].isSymbol(")"),
           let name = value[4].stringValue {
            if value.count > 6 { reportStyling(Array(value[6...]), of: "image", at: span) }
            return name
        }
        report(.importText, "the tip's image is not an SF Symbol with a constant name", at: span,
               help: "a .tiprules image is an SF Symbol name: Image(systemName: \"…\")")
        return nil
    }

    /// TR0817 for modifiers after a tip's text or image (`.font(.title)`, `.resizable()`).
    private mutating func reportStyling(_ modifiers: [SwiftToken], of property: String, at span: SourceSpan) {
        guard let first = modifiers.first, let last = modifiers.last else { return }
        let written = file.source.text(of: SourceSpan(start: first.start, end: last.end))
        report(.importStyling, "the styling '\(written)' of the tip's \(property) is not carried over; the \(property) is", at: span,
               help: "a .tiprules tip carries its content; style it where the app shows the tip (a TipViewStyle, or modifiers on the TipView)")
    }

    /// Every `#Rule` in the `rules` property, in order.
    private mutating func rules(in range: Range<Int>) -> [ImportedRule] {
        var rules: [ImportedRule] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .pound && token.text == "#Rule" {
                if let rule = rule(at: index) { rules.append(rule) }
            } else if token.isWord("if") || token.isWord("switch") || token.isWord("for"),
                      let open = stream.first(from: index + 1, to: range.upperBound, where: { $0.isSymbol("{") }) {
                // A rule under a condition applies only sometimes; a .tiprules rule always does.
                let end = conditionalEnd(from: open, to: range.upperBound)
                for nested in index..<end where tokens[nested].kind == .pound && tokens[nested].text == "#Rule" {
                    report(.importRule, "this #Rule is inside '\(token.text)'; a .tiprules rule always applies, so it is not carried over",
                           at: SourceSpan(start: tokens[nested].start, end: tokens[nested].end),
                           help: "say the condition in the rule itself (a parameter the app sets), or keep the tip in Swift")
                }
                index = end
                continue
            }
            index += 1
        }
        return rules
    }

    /// The end of an `if … { } else if … { } else { }` (or `switch`, `for`) whose first block opens at `open`.
    private func conditionalEnd(from open: Int, to end: Int) -> Int {
        var index = stream.skipGroup(at: open, end: end)
        while index < end, tokens[index].isWord("else") {
            guard let next = stream.first(from: index + 1, to: end, where: { $0.isSymbol("{") }) else { return end }
            index = stream.skipGroup(at: next, end: end)
        }
        return index
    }

    /// The entries of a builder or an array literal (`[…]`), after an optional `return`.
    func entries(in range: Range<Int>) -> [Range<Int>] {
        var entries = range
        if !entries.isEmpty, tokens[entries.lowerBound].isWord("return") { entries = entries.lowerBound + 1..<entries.upperBound }
        if !entries.isEmpty, tokens[entries.lowerBound].isSymbol("["), let close = stream.closing[entries.lowerBound],
           close < entries.upperBound {
            entries = entries.lowerBound + 1..<close
        }
        return split(entries, atLineStarts: true).filter { !$0.isEmpty }
    }

    /// The option entries: `Tips.Name(…)`, `Name(…)` or the beta `.name(…)`, as written.
    private mutating func options(in range: Range<Int>) -> [String] {
        var options: [String] = []
        for entry in entries(in: range) {
            let names = tokens[entry].prefix { !$0.isSymbol("(") }
            let written = names.map(\.text).joined()
            let known = TipOption.allCases.filter(\.isTipKit).map(\.name)
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
