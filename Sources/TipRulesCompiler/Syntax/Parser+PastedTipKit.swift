import TipRulesRuntime

/// TipKit Swift pasted into a `.tiprules` file: `struct X: Tip { … }`, `@Parameter static var`,
/// `static let e = Tips.Event(id:)`, `A()` in a group, `return` and `{ p in … }` in a rule,
/// type-qualified rule inputs. Each gets one diagnostic saying what to write instead (with a
/// fix-it when the edit is certain), and is then parsed as what it means, so the rest of the
/// file, pasted `#Rule`s included, is still checked.
extension Parser {
    /// Swift words that may precede `var`/`let` in a pasted member.
    static let swiftModifiers: Set<String> = ["static", "private", "fileprivate", "public", "internal", "nonisolated", "final"]

    /// The declarations a pasted TipKit construct at the current token means, or nil when there is none.
    /// `nested`: inside a pasted tip struct, where the declaration also has to move out of the tip,
    /// an edit the parser cannot spell out, so no fix-it is offered.
    mutating func parsePastedTipKit(nested: Bool = false) -> [DeclarationSyntax]? {
        if !nested, checkWord("struct"), let open = pastedTipStructBrace() { return parsePastedTipStruct(open: open) }
        if let parameter = parsePastedParameter(nested: nested) { return [.parameter(parameter)] }
        if let event = parsePastedEvent(nested: nested) { return [.event(event)] }
        return nil
    }

    /// The tokens without the invalid ones (already diagnosed); a token after a dropped one that
    /// began a line begins it instead, so a pasted `@Parameter` line still starts a declaration.
    static func droppingInvalid(_ tokens: [Token]) -> [Token] {
        guard tokens.contains(where: { $0.kind == .invalid }) else { return tokens }
        var kept: [Token] = []
        kept.reserveCapacity(tokens.count)
        var lineStartDropped = false
        for var token in tokens {
            if token.kind == .invalid {
                lineStartDropped = lineStartDropped || token.startsLine
                continue
            }
            if lineStartDropped { token.startsLine = true }
            lineStartDropped = false
            kept.append(token)
        }
        return kept
    }

    // MARK: struct X: Tip

    /// The index of the `{` of `struct NAME: …, Tip, … {` at the current token.
    private func pastedTipStructBrace() -> Int? {
        guard peek().kind == .identifier, peek(2).kind == .colon else { return nil }
        var offset = 3
        var conformsToTip = false
        while offset < 24 {
            let token = peek(offset)
            if token.kind == .leftBrace { return conformsToTip ? index + offset : nil }
            guard token.kind == .identifier || token.kind == .comma || token.kind == .dot else { return nil }
            if token.kind == .identifier && token.text == "Tip" { conformsToTip = true }
            offset += 1
        }
        return nil
    }

    private mutating func parsePastedTipStruct(open: Int) -> [DeclarationSyntax] {
        let keyword = advance()
        let name = NameSyntax(current.text, span: advance().span)
        let header = keyword.span.union(tokens[open - 1].span)
        report(.pastedTipStruct, "a TipKit 'struct \(name.text): Tip' is written 'tip \(name.text) { … }' here", at: header,
               notes: [DiagnosticNote("its members are read as tip entries: 'title: \"…\"', '#Rule(…) { … }', 'options { … }'")],
               fixes: [.replace(header, with: "tip \(name.text)", "replace with 'tip \(name.text)'")])
        index = open + 1
        var tip = TipSyntax(name: name, properties: [], rules: [], options: [], span: keyword.span)
        var lifted: [DeclarationSyntax] = []
        while !atEnd && !check(.rightBrace) && !atDeclarationStart {
            let before = index
            if consume(.semicolon) != nil { continue }
            if let declarations = parsePastedTipKit(nested: true) {
                lifted += declarations
            } else if current.kind == .hashIdentifier && current.text == "Rule", let rule = parseRule() {
                tip.rules.append(rule)
            } else {
                parsePastedMember(into: &tip)
            }
            if index == before { recoverToNextLine() }
        }
        let close = consume(.rightBrace)
        tip.span = keyword.span.union(close?.span ?? name.span)
        return lifted + [.tip(tip)]
    }

    /// `var title: Text { Text("…") }`, `var rules: [Rule] { … }`, `var options: [any TipOption] { … }`, or anything else.
    private mutating func parsePastedMember(into tip: inout TipSyntax) {
        var offset = 0
        while peek(offset).kind == .identifier && Self.swiftModifiers.contains(peek(offset).text) { offset += 1 }
        let keyword = peek(offset)
        let name = peek(offset + 1)
        guard keyword.kind == .identifier, keyword.text == "var" || keyword.text == "let", name.kind == .identifier else {
            recoverToNextLine()
            return
        }
        let start = current.span
        index += offset + 2
        var typeEnd = name.span
        while !atEnd && !check(.leftBrace) && !check(.equal) && !(current.startsLine) && !check(.rightBrace) {
            typeEnd = advance().span
        }
        let declaration = start.union(typeEnd)
        let braced = check(.leftBrace)
        guard braced || check(.equal) else {
            report(.pastedTipMember, "'\(name.text)' has no value a tip can use; remove it", at: declaration)
            return
        }
        switch name.text {
        case "rules" where braced:
            let open = advance()
            while !atEnd && !check(.rightBrace) && !atDeclarationStart {
                let before = index
                if current.kind == .hashIdentifier && current.text == "Rule", let rule = parseRule() { tip.rules.append(rule) }
                if index == before { skipTokenOrGroup() }
            }
            let close = consume(.rightBrace)
            report(.pastedTipMember, "write the tip's '#Rule's directly in the tip, without 'var rules: [Rule] { … }'", at: declaration,
                   fixes: close.map { close in [FixIt("remove 'var rules: [Rule] {' and its '}'", edits: [
                       TextEdit(span: start.union(open.span), newText: ""), TextEdit(span: close.span, newText: ""),
                   ])] } ?? [])
        case "options" where braced:
            report(.pastedTipMember, "a tip's options are written 'options { … }'", at: declaration,
                   fixes: [.replace(declaration, with: "options", "replace with 'options'")])
            var entries: [CallEntrySyntax] = []
            _ = parseBlock("the options") { parser in
                if parser.checkWord("return") { parser.advance() }
                if let entry = parser.parseCallEntry("an option such as 'Tips.MaxDisplayCount(3)'") { entries.append(entry) }
            }
            tip.options.append(OptionsSyntax(keywordSpan: name.span, entries: entries))
        case "title", "message", "image", "id":
            parsePastedProperty(NameSyntax(name.text, span: name.span), declaration: declaration, braced: braced, into: &tip)
        default:
            report(.pastedTipMember, "'\(name.text)' is not a tip property; remove it", at: declaration,
                   notes: [DiagnosticNote("a tip has 'id', 'title', 'message', 'image', '#Rule's and 'options'")])
            if braced { skipTokenOrGroup() } else { recoverToNextLine() }
        }
    }

    /// `var title: Text { Text("…") }` (or `= Text("…")`, `= "…"`, `Image(systemName: "…")`) as `title: "…"`.
    private mutating func parsePastedProperty(_ name: NameSyntax, declaration: SourceSpan, braced: Bool,
                                               into tip: inout TipSyntax) {
        let valueStart = index
        if braced { skipTokenOrGroup() } else { advance(); recoverToNextLine() }
        let valueTokens = tokens[(valueStart + (braced ? 1 : 1))..<max(valueStart + 1, index - (braced ? 1 : 0))]
        let meaningful = valueTokens.filter { !($0.kind == .identifier && ["return", "Text", "Image", "init", "systemName"].contains($0.text)) }
            .filter { ![.leftParen, .rightParen, .colon, .dot].contains($0.kind) }
        let whole = declaration.union(tokens[max(index - 1, 0)].span)
        guard meaningful.count == 1, let literal = meaningful.first, literal.kind == .stringLiteral else {
            report(.pastedTipMember, "write the tip's \(name.text) as '\(name.text): \"…\"'", at: declaration)
            return
        }
        let text = "\(name.text): \(ValueFormatting.quoted(literal.text))"
        report(.pastedTipMember, "write the tip's \(name.text) as '\(text)'", at: declaration,
               fixes: [.replace(whole, with: text, "replace with '\(text)'")])
        tip.properties.append(LabeledSyntax(name: name, value: ExpressionSyntax(.stringLiteral(literal.text), span: literal.span)))
    }

    // MARK: @Parameter, Tips.Event

    /// `@Parameter[(.transient)] [static] var name: Type = value` as `parameter name: Type = value`.
    private mutating func parsePastedParameter(nested: Bool) -> ParameterSyntax? {
        guard checkWord("Parameter") else { return nil }
        var offset = 1
        var transient = false
        if peek().kind == .leftParen {
            while offset < 8 && peek(offset).kind != .rightParen {
                transient = transient || peek(offset).text == "transient"
                offset += 1
            }
            offset += 1
        }
        while peek(offset).kind == .identifier && Self.swiftModifiers.contains(peek(offset).text) { offset += 1 }
        guard peek(offset).kind == .identifier, peek(offset).text == "var", peek(offset + 1).kind == .identifier else { return nil }
        // The lexer reported the '@' as a stray character; this diagnostic says what it is.
        let at = current.span.start - 1
        let stray = SourceSpan(start: at, end: current.span.start)
        diagnostics.removeAll { $0.code == .unexpectedCharacter && $0.span == stray }
        let prefix = SourceSpan(start: at, end: peek(offset).span.end)
        let keyword = transient ? "transient parameter" : "parameter"
        index += offset
        guard var parameter = parseParameter() else { return nil }
        report(.pastedParameter, "a TipKit '@Parameter' is written '\(keyword) \(parameter.name.text): …' here", at: prefix,
               notes: nested ? [Self.moveOutOfTip] : [],
               fixes: nested ? [] : [.replace(prefix, with: keyword, "replace with '\(keyword)'")])
        parameter.span = prefix.union(parameter.span)
        return parameter
    }

    /// `[static] let name = Tips.Event(id: "name")` (or `Tips.Event<Info>(…)`) as `event name`.
    private mutating func parsePastedEvent(nested: Bool) -> EventSyntax? {
        var offset = 0
        while peek(offset).kind == .identifier && Self.swiftModifiers.contains(peek(offset).text) { offset += 1 }
        guard peek(offset).kind == .identifier, peek(offset).text == "let" || peek(offset).text == "var",
              peek(offset + 1).kind == .identifier, peek(offset + 2).kind == .equal,
              peek(offset + 3).text == "Tips", peek(offset + 4).kind == .dot, peek(offset + 5).text == "Event" else { return nil }
        let name = NameSyntax(peek(offset + 1).text, span: peek(offset + 1).span)
        let start = current.span
        index += offset + 6
        let generic = check(.less)
        if generic { recover { $0.kind == .leftParen || $0.startsLine } }
        var end = tokens[index - 1].span
        // `(id: "…")`: the id donations are kept under, carried unless it is the name.
        var id: ExpressionSyntax?
        if check(.leftParen), peek().kind == .identifier, peek().text == "id", peek(2).kind == .colon,
           peek(3).kind == .stringLiteral, peek(3).text != name.text {
            id = ExpressionSyntax(.stringLiteral(peek(3).text), span: peek(3).span)
        }
        if check(.leftParen) {
            skipTokenOrGroup()
            end = tokens[index - 1].span
        }
        let whole = start.union(end)
        let idEntry = id.flatMap { syntax -> String? in
            guard case .stringLiteral(let value) = syntax.kind else { return nil }
            return "id: " + ValueFormatting.quoted(value)
        }
        let replacement = "event \(name.text)" + (idEntry.map { "(\($0))" } ?? "")
        let written = generic ? "event \(name.text)(" + (idEntry.map { $0 + ", " } ?? "") + "field: Type, …)" : replacement
        report(.pastedEvent, "a TipKit 'Tips.Event' is written '\(written)' here", at: whole,
               notes: (generic ? [DiagnosticNote("declare the fields of its DonationInfo struct in the parentheses")] : [])
                   + (nested ? [Self.moveOutOfTip] : []),
               fixes: generic || nested ? [] : [.replace(whole, with: replacement, "replace with '\(replacement)'")])
        return EventSyntax(owner: nil, name: name, id: id, fields: [], limit: nil, limitSpan: nil, span: whole)
    }

    /// The most tokens of a rule body whose named closure parameters are rewritten.
    static let maximumClosureBodyTokens = 4096

    private static let moveOutOfTip = DiagnosticNote("declare it before the tip: parameters and events are top-level declarations")

    // MARK: Inside groups and rules

    /// `A()` as a group member: reported, and the `()` skipped.
    mutating func skipPastedInitializerCall(after member: NameSyntax) {
        guard check(.leftParen), peek().kind == .rightParen else { return }
        let call = current.span.union(peek().span)
        report(.pastedGroupMemberCall, "a group names its tips: write '\(member.text)', not '\(member.text)()'", at: call,
               fixes: [.replace(call, with: "", "remove '()'")])
        advance()
        advance()
    }

    /// `return` at the start of a rule's body: reported and skipped.
    mutating func skipPastedReturn() {
        guard checkWord("return") else { return }
        let keyword = advance()
        report(.pastedReturn, "a rule's body is an expression; remove 'return'", at: keyword.span,
               fixes: [.replace(SourceSpan(start: keyword.span.start, end: current.span.start), with: "", "remove 'return'")])
    }

    /// `{ a, b in … }` at the start of a rule's body: reported, and the names read as `$0`, `$1`, … .
    mutating func rewritePastedClosureParameters() {
        var offset = 0
        var names: [String: Int] = [:]
        while peek(offset).kind == .identifier && peek(offset).text != "in" && offset < 16 {
            names[peek(offset).text] = names[peek(offset).text] ?? names.count
            guard peek(offset + 1).kind == .comma || (peek(offset + 1).kind == .identifier && peek(offset + 1).text == "in") else { return }
            offset += peek(offset + 1).kind == .comma ? 2 : 1
        }
        guard !names.isEmpty, peek(offset).kind == .identifier, peek(offset).text == "in" else { return }
        let header = current.span.union(peek(offset).span)
        let bodyStart = index + offset + 1
        var bodyEnd = bodyStart
        var depth = 0
        // Bounded, so a file of unclosed rules costs linear time; a longer body is not rewritten.
        let limit = min(tokens.count - 1, bodyStart + Self.maximumClosureBodyTokens)
        while bodyEnd < limit {
            let kind = tokens[bodyEnd].kind
            if kind == .leftBrace || kind == .leftParen || kind == .leftBracket { depth += 1 }
            if kind == .rightBrace || kind == .rightParen || kind == .rightBracket {
                if depth == 0 { break }
                depth -= 1
            }
            bodyEnd += 1
        }
        guard bodyEnd < limit, tokens[bodyEnd].kind == .rightBrace else { return }
        var edits = [TextEdit(span: SourceSpan(start: header.start, end: tokens[bodyStart].span.start), newText: "")]
        for position in bodyStart..<bodyEnd {
            let token = tokens[position]
            guard token.kind == .identifier, let number = names[token.text], tokens[position - 1].kind != .dot else { continue }
            edits.append(TextEdit(span: token.span, newText: "$\(number)"))
            tokens[position] = Token(kind: .dollarIndex, span: token.span, text: "$\(number)", integerValue: number,
                                     startsLine: token.startsLine, hasLeadingSpace: token.hasLeadingSpace)
        }
        let listed = names.sorted { $0.value < $1.value }.map { "'\($0.key)' as $\($0.value)" }.joined(separator: ", ")
        report(.pastedClosureParameters, "a rule's inputs are '$0', '$1', …; write \(listed)", at: header,
               fixes: [FixIt("remove '… in' and write $0, $1, …", edits: edits)])
        index = bodyStart
    }
}
