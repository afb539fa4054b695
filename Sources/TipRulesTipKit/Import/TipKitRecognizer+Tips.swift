import TipRulesCompiler
import TipRulesRuntime

/// The members of a `Tip` struct: `id`, `title`, `message`, `image`, `rules`, `options`, `actions`,
/// in its body or in an extension of it.
extension TipKitRecognizer {
    /// Reads the tip's members at the top level of its body (`open` and `close` are its braces).
    mutating func tip(named name: String, at span: SourceSpan, body open: Int, close: Int) {
        var tip = ImportedTip(name: name, span: span)
        tip.enclosing = enclosingTypes
        readMembers(body: open, close: close, into: &tip)
        file.tips.append(tip)
    }

    /// `extension Name { … }`: the tip members it declares, kept with their diagnostics until the
    /// files are merged (an extension of a type that is no tip contributes nothing; one of a
    /// protocol that refines `Tip` gives its conforming tips their defaults).
    mutating func tipExtension(of name: String, at span: SourceSpan, body open: Int, close: Int, conformances: [String] = []) {
        var members = ImportedTip(name: name, span: SourceSpan(start: tokens[open].start, end: tokens[open].end))
        deferred = []
        readMembers(body: open, close: close, into: &members)
        let diagnostics = deferred ?? []
        deferred = nil
        // Rules, or a title with a message or an image, are a tip's content, whatever conforms it.
        if !members.rules.isEmpty || (members.title != nil && (members.message != nil || members.image != nil)) {
            file.tipLookalikes.append(ImportedItem(value: name, span: span))
        }
        guard members.declaresSomething || !diagnostics.isEmpty || !conformances.isEmpty else { return }
        file.tipExtensions.append(ImportedTipExtension(members: members, diagnostics: diagnostics, conformances: conformances,
                                                       enclosing: enclosingTypes))
    }

    private mutating func readMembers(body open: Int, close: Int, into tip: inout ImportedTip) {
        let members = memberNames(body: open, close: close)
        var index = open + 1
        while index < close {
            let end = stream.statementEnd(from: index, to: close)
            if let member = member(index, end) {
                read(member, into: &tip, members: members)
            } else if let stored = storedProperty(index, end) {
                readStored(stored, into: &tip)
            } else if let initializer = (index..<end).first(where: { tokens[$0].isWord("init") }),
                      (index..<initializer).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .attribute }),
                      stream[initializer + 1]?.isSymbol("(") == true || stream[initializer + 1]?.isSymbol("?") == true {
                let signatureEnd = stream.first(from: initializer + 1, to: end) { $0.isSymbol("{") } ?? end
                report(.importTipMember, "the initializer '\(text(initializer, signatureEnd))' of tip '\(tip.name)' is not carried over; emit-swift writes the tip with Swift's memberwise initializer",
                       at: SourceSpan(start: tokens[initializer].start, end: tokens[initializer].end),
                       help: "create the tip with its texts where the app shows it (\(tip.name)(title: Text(\"…\"))), or keep this tip in Swift")
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

    /// A stored property without a value, `var|let NAME: Type`: each instance gets its own
    /// (the app's call sites pass it to the memberwise initializer).
    private func storedProperty(_ start: Int, _ end: Int) -> (name: SwiftToken, declaration: String)? {
        guard let keyword = (start..<end).first(where: { tokens[$0].isWord("var") || tokens[$0].isWord("let") }),
              (start..<keyword).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .attribute }),
              let name = stream[keyword + 1], name.kind == .identifier, stream[keyword + 2]?.isSymbol(":") == true else { return nil }
        return (name, text(keyword, end))
    }

    /// `var title: Text` without a value: the text is supplied by whoever creates the tip;
    /// `let id: String`: every instance is a tip of its own to TipKit, which `.tiprules` cannot say.
    private mutating func readStored(_ stored: (name: SwiftToken, declaration: String), into tip: inout ImportedTip) {
        let name = stored.name
        let span = SourceSpan(start: name.start, end: name.end)
        switch name.text {
        case "title", "message", "image", "asset":
            tip.supplied.insert(name.text == "asset" ? "image" : name.text)
        case "id":
            report(.importText, "the tip '\(tip.name)' takes its id from each instance ('\(stored.declaration)'); TipKit keeps each id's state apart, a .tiprules tip has one id, so it is imported with the id '\(tip.name)' and the per-instance ids are not carried over",
                   at: span, help: "declare one tip per id (struct BuildYourProfileTip: Tip { var id: String { \"build-your-profile\" } … }), or write one .tiprules tip per id")
        default:
            report(.importTipMember, "the stored property '\(stored.declaration)' of tip '\(tip.name)' is not carried over: a .tiprules tip has no values of its own, so emit-swift's struct has no such property",
                   at: span, help: "keep the value where the app shows the tip, or keep this tip in Swift")
        }
    }

    private mutating func read(_ member: (name: SwiftToken, value: Range<Int>), into tip: inout ImportedTip, members: Set<String>) {
        let span = SourceSpan(start: member.name.start, end: member.name.end)
        switch member.name.text {
        case "id":
            let value = valueTokens(member.value)
            if let reference = stringArgument(value.startIndex..<value.endIndex), case .reference = reference {
                tip.idReference = reference
            } else {
                let pieces = constantText(member.value, property: "id", at: span) ?? []
                let literals = pieces.compactMap(\.literal)
                tip.id = pieces.isEmpty || literals.count < pieces.count ? nil : literals.joined()
            }
        case "title", "message": readText(member.name.text, member.value, at: span, into: &tip, members: members)
        case "image", "asset":
            let value = valueTokens(member.value)
            if value.count == 1, value.first?.isWord("nil") == true { return }
            if let name = systemImage(member.value, at: span) {
                tip.image = name
            } else if let app = appText(member.value, property: "image", members: members) {
                tip.swiftTexts["image"] = app
            } else {
                report(.importText, "the tip's image reads the tip's own properties, which a .tiprules tip does not have", at: span,
                       help: "a .tiprules image is an SF Symbol name, Image(systemName: \"…\"), or the app's Swift that reads no property of the tip")
            }
        case "rules": tip.rules += rules(in: member.value)
        case "options": tip.options += options(in: member.value)
        case "actions": tip.actions += actions(in: member.value)
        default: break
        }
    }

    /// A title or message: its constant text (constants looked up by the merge, the app's Swift
    /// kept for one no imported file declares), or the app's own Swift (`Text(L10n.Tips.title)`,
    /// a call naming a default value, `#if` branches), or TR0804 when it reads the tip's own
    /// properties (`Text(model.title)`).
    private mutating func readText(_ property: String, _ range: Range<Int>, at span: SourceSpan, into tip: inout ImportedTip, members: Set<String>) {
        let value = valueTokens(range)
        if value.count == 1, value.first?.isWord("nil") == true { return }
        let app = appText(range, property: property, members: members)
        if let app, app.defaultValue != nil {
            tip.swiftTexts[property] = app
        } else if textPieces(value.startIndex..<value.endIndex) != nil, let pieces = constantText(range, property: property, at: span) {
            if pieces.allSatisfy({ $0.literal != nil }) {
                tip.setText(property, pieces.compactMap(\.literal).joined())
            } else {
                tip.textReferences.append((property, pieces, span, app))
            }
        } else if let app {
            tip.swiftTexts[property] = app
        } else {
            _ = constantText(range, property: property, at: span)
        }
    }

    /// The value's tokens without a leading `return`.
    private func valueTokens(_ range: Range<Int>) -> ArraySlice<SwiftToken> {
        let value = tokens[range]
        return value.first?.isWord("return") == true ? value.dropFirst() : value
    }

    /// A tip's text as its pieces: `"…"`, `Text("…")`, `Text(verbatim: "…")`, `.init("…")`,
    /// `Text("…", bundle: .module)` (the text is the key the app localizes), or a string
    /// constant's name in any of these (`.init(titleValue)`, `Self.tipID`), joined with `+`
    /// (`Text("a ") + Text("b").italic()`). Modifiers (`.font(…)`, `.italic()`) are reported
    /// (TR0817), `nil` (no message) is nothing; anything else is reported (TR0804).
    private mutating func constantText(_ range: Range<Int>, property: String, at span: SourceSpan) -> [ImportedString]? {
        let value = valueTokens(range)
        if value.count == 1, value.first?.isWord("nil") == true { return nil }
        guard let (pieces, styling) = textPieces(value.startIndex..<value.endIndex) else {
            let reason = property == "id" ? "is not a constant string" : "reads the tip's own properties, which a .tiprules tip does not have"
            report(.importText, "the tip's \(property) \(reason)", at: span,
                   help: "write it as \(property == "id" ? "\"…\"" : "Text(\"…\")") in Swift, or set \(property): \"…\" in the .tiprules file")
            return nil
        }
        if !styling.isEmpty {
            report(.importStyling, "the styling '\(styling.joined(separator: "', '"))' of the tip's \(property) is not carried over; its text is",
                   at: span, help: "a .tiprules tip carries its content; style it where the app shows the tip (a TipViewStyle, or modifiers on the TipView)")
        }
        return pieces
    }

    /// A text's pieces, joined with `+`, and the styling written after them; nil when a piece
    /// is no constant text.
    private func textPieces(_ range: Range<Int>) -> ([ImportedString], [String])? {
        var pieces: [ImportedString] = []
        var styling: [String] = []
        for piece in split(range, separators: ["+"]) {
            guard let (string, modifiers) = textPiece(piece) else { return nil }
            pieces.append(string)
            if !modifiers.isEmpty { styling.append(text(modifiers.lowerBound, modifiers.upperBound)) }
        }
        return (pieces, styling)
    }

    /// One piece of a text and the range of the modifiers after it.
    private func textPiece(_ range: Range<Int>) -> (ImportedString, Range<Int>)? {
        guard !range.isEmpty else { return nil }
        if let string = stringArgument(range) { return (string, range.upperBound..<range.upperBound) }
        var open = range.lowerBound + 1
        if tokens[range.lowerBound].isSymbol("."), stream[open]?.isWord("init") == true { open += 1 }
        guard tokens[range.lowerBound].isWord("Text") || open == range.lowerBound + 2, open < range.upperBound,
              tokens[open].isSymbol("("), let close = stream.closing[open], close < range.upperBound else { return nil }
        let arguments = split(open + 1..<close)
        guard var first = arguments.first, !first.isEmpty else { return nil }
        if tokens[first.lowerBound].isWord("verbatim"), stream[first.lowerBound + 1]?.isSymbol(":") == true {
            first = first.lowerBound + 2..<first.upperBound
        }
        guard localizes(arguments.dropFirst()), let key = localizationKey(first), let string = stringArgument(key) else { return nil }
        let modifiers = close + 1..<range.upperBound
        guard modifiers.isEmpty || tokens[modifiers.lowerBound].isSymbol(".") else { return nil }
        return (string, modifiers)
    }

    /// Whether the arguments after a text's key only say where the app localizes it (`bundle:`,
    /// `tableName:`, `table:`, `comment:`, `defaultValue:`, `locale:`).
    private func localizes(_ arguments: ArraySlice<Range<Int>>) -> Bool {
        arguments.allSatisfy { argument in
            ["bundle", "tableName", "table", "comment", "defaultValue", "locale"].contains { !argument.isEmpty && tokens[argument.lowerBound].isWord($0) }
        }
    }

    /// The key of a text argument: the argument itself, or the key inside
    /// `String(localized: "…", bundle: …)`, `LocalizedStringKey("…")` or
    /// `LocalizedStringResource("…", …)`, which `Text` shows as the same localized text.
    private func localizationKey(_ argument: Range<Int>) -> Range<Int>? {
        let wrapper = tokens[argument.lowerBound]
        guard ["String", "LocalizedStringKey", "LocalizedStringResource"].contains(where: wrapper.isWord),
              stream[argument.lowerBound + 1]?.isSymbol("(") == true, let close = stream.closing[argument.lowerBound + 1],
              close == argument.upperBound - 1 else { return argument }
        let inner = split(argument.lowerBound + 2..<close)
        guard var key = inner.first, !key.isEmpty, localizes(inner.dropFirst()) else { return nil }
        if wrapper.isWord("String") {
            guard tokens[key.lowerBound].isWord("localized"), stream[key.lowerBound + 1]?.isSymbol(":") == true else { return nil }
            key = key.lowerBound + 2..<key.upperBound
        }
        return key
    }

    /// `Image(systemName: "…")` (with modifiers, which are reported); nil for anything else.
    private mutating func systemImage(_ range: Range<Int>, at span: SourceSpan) -> String? {
        var value = Array(valueTokens(range))
        // `.init(systemName: "…")`, the type taken from `var image: Image?`.
        if value.count >= 6, value[0].isSymbol("."), value[1].isWord("init") { value[1].text = "Image"; value.removeFirst() }
        if value.count >= 6, value[0].isWord("Image"), value[2].isWord("systemName"), value[4].kind == .string, value[5].isSymbol(")"),
           let name = value[4].stringValue {
            if value.count > 6 { reportStyling(Array(value[6...]), of: "image", at: span) }
            return name
        }
        return nil
    }

    /// TR0817 for modifiers after a tip's text or image (`.font(.title)`, `.resizable()`).
    private mutating func reportStyling(_ modifiers: [SwiftToken], of property: String, at span: SourceSpan) {
        guard let first = modifiers.first, let last = modifiers.last else { return }
        let written = file.source.text(of: SourceSpan(start: first.start, end: last.end))
        report(.importStyling, "the styling '\(written)' of the tip's \(property) is not carried over; its \(property == "image" ? "symbol" : "text") is", at: span,
               help: "a .tiprules tip carries its content; style it where the app shows the tip (a TipViewStyle, or modifiers on the TipView)")
    }

    /// Every `#Rule` in the `rules` property, in order; an entry that is no `#Rule` (a rule the
    /// app builds elsewhere, `Tips.Rule.oncePerSession`) is reported.
    private mutating func rules(in range: Range<Int>) -> [ImportedRule] {
        for entry in entries(in: range) {
            let first = tokens[entry.lowerBound]
            guard !(entry.lowerBound..<entry.upperBound).contains(where: { tokens[$0].kind == .pound && tokens[$0].text == "#Rule" }),
                  !["if", "else", "switch", "for", "case", "default", "let", "var", "return"].contains(where: first.isWord),
                  first.kind != .pound else { continue }
            report(.importRule, "the rule '\(text(entry.lowerBound, entry.upperBound))' is not a #Rule written here; it is not carried over",
                   at: SourceSpan(start: first.start, end: tokens[entry.upperBound - 1].end),
                   help: "write the rule as #Rule(…) { … } in the tip, or in the .tiprules file")
        }
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
