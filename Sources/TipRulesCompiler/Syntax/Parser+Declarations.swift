/// Top-level declarations and the blocks inside them.
extension Parser {
    mutating func parseFile() -> FileSyntax {
        var declarations: [DeclarationSyntax] = []
        while !atEnd {
            if consume(.semicolon) != nil { continue }
            guard declarations.count < Self.maximumDeclarations else {
                diagnostics.append(Diagnostic(.tooManyParts,
                                              "the file has more than \(Self.maximumDeclarations) declarations; checking stops here",
                                              at: .point(current.span.start)))
                break
            }
            if let pasted = parsePastedTipKit() {
                declarations += pasted
            } else if let declaration = parseDeclaration() {
                declarations.append(declaration)
            }
        }
        return FileSyntax(declarations: declarations)
    }

    private mutating func parseDeclaration() -> DeclarationSyntax? {
        let start = index
        let token = current
        defer {
            // Whatever happened, never stall and never stop mid-line.
            if index == start { advance() }
            if !atEnd && !atDeclarationStart && !current.startsLine {
                reportJunkAfterDeclaration()
            }
        }
        guard token.kind == .identifier else {
            reportExpectedDeclaration(token)
            return nil
        }
        switch token.text {
        case "configure": return .configure(parseConfigure())
        case "parameter": return parseParameter().map(DeclarationSyntax.parameter)
        case "transient": return parseTransientParameter().map(DeclarationSyntax.parameter)
        case "event": return parseEvent().map(DeclarationSyntax.event)
        case "tip": return parseTip().map(DeclarationSyntax.tip)
        case "group": return parseGroup().map(DeclarationSyntax.group)
        case "widget": return parseWidget().map(DeclarationSyntax.widget)
        default:
            reportExpectedDeclaration(token)
            return nil
        }
    }

    private mutating func reportJunkAfterDeclaration() {
        report(.expectedDeclaration, "expected a new line before \(describe(current))", at: current.span,
               notes: [DiagnosticNote("each declaration starts on a line of its own")])
        advance()
        while !atEnd && !current.startsLine { skipTokenOrGroup() }
    }

    private mutating func reportExpectedDeclaration(_ token: Token) {
        var fixes: [FixIt] = []
        var notes = [DiagnosticNote("a declaration starts with 'parameter', 'event', 'tip', 'group', 'widget' or 'configure'")]
        if token.kind == .identifier, let suggestion = Spelling.closest(to: token.text, in: Self.declarationKeywords.sorted()) {
            fixes.append(.replace(token.span, with: suggestion, "replace '\(token.text)' with '\(suggestion)'", applicability: .maybeIncorrect))
            notes = [DiagnosticNote("did you mean '\(suggestion)'?")]
        } else if token.kind == .hashIdentifier && token.text == "Rule" {
            notes = [DiagnosticNote("a '#Rule' belongs inside a 'tip NAME { … }' declaration")]
        }
        report(.expectedDeclaration, "expected a declaration, found \(describe(token))", at: token.span,
               notes: notes, fixes: fixes)
        advance()
        while !atEnd && !current.startsLine { skipTokenOrGroup() }
    }

    /// A name after a keyword: `tip NAME`.
    mutating func parseName(_ what: String) -> NameSyntax? {
        guard check(.identifier) else {
            expect(.identifier, what)
            return nil
        }
        if Self.reservedWords.contains(current.text) {
            report(.expectedToken, "expected \(what), found the reserved word '\(current.text)'", at: current.span,
                   notes: [DiagnosticNote("'let', 'true', 'false', 'nil' and 'Self' cannot be used as names")])
        }
        let token = advance()
        return NameSyntax(token.text, span: token.span)
    }

    /// `NAME` or `OWNER.NAME` after `parameter` or `event`: the owner is the type that declares
    /// the member in TipKit Swift (`parameter VPNTip.isPresented: Bool = false`).
    mutating func parseOwnedName(_ what: String) -> (owner: NameSyntax?, name: NameSyntax)? {
        guard let first = parseName(what) else { return nil }
        guard check(.dot), peek().kind == .identifier, !current.hasLeadingSpace else { return (nil, first) }
        advance()
        guard let member = parseName(what) else { return nil }
        return (first, member)
    }

    /// `{ … }` whose entries `parseEntry` reads; reports a missing `}` and recovers.
    mutating func parseBlock(_ what: String, entry parseEntry: (inout Parser) -> Void) -> SourceSpan? {
        guard let open = expect(.leftBrace, "'{' to open \(what)") else { return nil }
        while !atEnd && !check(.rightBrace) && !atDeclarationStart {
            if consume(.semicolon) != nil { continue }
            let before = index
            parseEntry(&self)
            if index == before { recoverToNextLine() }
        }
        guard let close = consume(.rightBrace) else {
            report(.expectedToken, "expected '}' to close \(what), found \(describe(current))", at: errorSpan,
                   notes: [DiagnosticNote("'{' opened here", at: open.span)],
                   fixes: [FixIt("insert '}'", edits: [TextEdit(span: insertionPoint, newText: "\n}")], applicability: .machineApplicable)])
            return open.span.union(insertionPoint)
        }
        return open.span.union(close.span)
    }

    // MARK: configure

    private mutating func parseConfigure() -> ConfigureSyntax {
        let keyword = advance()
        var entries: [CallEntrySyntax] = []
        _ = parseBlock("the configuration") { parser in
            if let entry = parser.parseCallEntry("a configuration entry such as 'displayFrequency(.daily)'") {
                entries.append(entry)
            }
        }
        return ConfigureSyntax(keywordSpan: keyword.span, entries: entries)
    }

    /// `Name(args)`, `Prefix.Name(args)` or `.name(args)`.
    mutating func parseCallEntry(_ what: String) -> CallEntrySyntax? {
        let start = current.span
        let leadingDot = consume(.dot) != nil
        guard check(.identifier) else {
            report(.expectedToken, "expected \(what), found \(describe(current))", at: errorSpan)
            recoverToNextLine()
            return nil
        }
        var name = NameSyntax(current.text, span: advance().span)
        var prefix: NameSyntax?
        if !leadingDot, check(.dot), peek().kind == .identifier {
            advance()
            prefix = name
            name = NameSyntax(current.text, span: advance().span)
        }
        guard check(.leftParen) else {
            report(.expectedToken, "expected '(' after '\(name.text)', found \(describe(current))", at: errorSpan,
                   notes: [DiagnosticNote("write the value in parentheses, as in '\(name.text)(…)'")])
            recoverToNextLine()
            return nil
        }
        let arguments = parseArgumentList()
        return CallEntrySyntax(name: name, prefix: prefix, leadingDot: leadingDot, arguments: arguments.arguments,
                               span: start.union(arguments.span))
    }

    // MARK: parameter

    /// `transient parameter …`; `transient` before anything else is reported with a fix-it.
    private mutating func parseTransientParameter() -> ParameterSyntax? {
        let modifier = advance()
        guard check(.identifier), current.text == "parameter" else {
            report(.transientWithoutParameter, "'transient' applies only to a parameter, found \(describe(current))",
                   at: current.span,
                   notes: [DiagnosticNote("write 'transient parameter NAME: TYPE = DEFAULT'")],
                   fixes: [.replace(SourceSpan(start: modifier.span.start, end: current.span.start), with: "",
                                   "remove 'transient'", applicability: .machineApplicable)])
            recoverToNextLine()
            return nil
        }
        guard var parameter = parseParameter() else { return nil }
        parameter.transientSpan = modifier.span
        return parameter
    }

    mutating func parseParameter() -> ParameterSyntax? {
        let keyword = advance()
        guard let (owner, name) = parseOwnedName("a parameter name") else { recoverToNextLine(); return nil }
        guard expect(.colon, "':' and a type after the parameter name",
                     notes: [DiagnosticNote("declare a parameter as 'parameter \(name.text): Bool = false'")]) != nil,
              let type = parseName("a type (Bool, Int, Double, String or Date)") else {
            recoverToNextLine()
            return nil
        }
        if check(.question) || check(.optionalChainDot) {
            report(.unknownType, "a parameter cannot be optional", at: current.span,
                   notes: [DiagnosticNote("every parameter has a value: its default until the app sets it")],
                   fixes: [.replace(current.span, with: "", "remove '?'", applicability: .machineApplicable)])
            advance()
        }
        var defaultValue: ExpressionSyntax?
        if consume(.equal) != nil {
            defaultValue = parseExpression()
        }
        let end = index > 0 ? tokens[index - 1].span : keyword.span
        return ParameterSyntax(owner: owner, name: name, type: type, defaultValue: defaultValue, span: keyword.span.union(end))
    }

    // MARK: event

    private mutating func parseEvent() -> EventSyntax? {
        let keyword = advance()
        guard let (owner, name) = parseOwnedName("an event name") else { recoverToNextLine(); return nil }
        var fields: [LabeledSyntax<NameSyntax>] = []
        var id: ExpressionSyntax?
        var donationType: ExpressionSyntax?
        if consume(.leftParen) != nil {
            while !atEnd && !check(.rightParen) && !atDeclarationStart {
                // `id: "…"` is the event's id and `donationType: "…"` its donations' Swift type
                // (strings, where a field has a type).
                if (checkWord("id") || checkWord("donationType")) && peek().kind == .colon && peek(2).kind != .identifier {
                    let label = advance()
                    advance()
                    if label.text == "id" { id = parseExpression() } else { donationType = parseExpression() }
                    if consume(.comma) == nil { break }
                    continue
                }
                guard let field = parseName("a field name") else { break }
                guard expect(.colon, "':' and a type after field '\(field.text)'") != nil,
                      let type = parseName("a field type (Bool, Int, Double, String or Date)") else { break }
                fields.append(LabeledSyntax(name: field, value: type))
                if consume(.comma) == nil { break }
            }
            if expect(.rightParen, "')' to close the event's fields") == nil {
                recover { $0.kind == .rightParen || $0.startsLine }
                _ = consume(.rightParen)
            }
        }
        var limit: [ArgumentSyntax]?
        var limitSpan: SourceSpan?
        if checkWord("limit") {
            let word = advance()
            if check(.leftParen) {
                let arguments = parseArgumentList()
                limit = arguments.arguments
                limitSpan = word.span.union(arguments.span)
            } else {
                expect(.leftParen, "'(' after 'limit'")
            }
        }
        let end = index > 0 ? tokens[index - 1].span : keyword.span
        return EventSyntax(owner: owner, name: name, id: id, donationType: donationType, fields: fields, limit: limit,
                           limitSpan: limitSpan, span: keyword.span.union(end))
    }

    // MARK: tip

    private mutating func parseTip() -> TipSyntax? {
        let keyword = advance()
        guard let name = parseName("a tip name") else { recover { $0.kind == .leftBrace }; skipTokenOrGroup(); return nil }
        var tip = TipSyntax(name: name, properties: [], rules: [], options: [], span: keyword.span)
        let body = parseBlock("tip '\(name.text)'") { parser in parser.parseTipEntry(into: &tip) }
        tip.span = keyword.span.union(body ?? name.span)
        return tip
    }

    private mutating func parseTipEntry(into tip: inout TipSyntax) {
        if current.kind == .hashIdentifier {
            if current.text != "Rule" {
                let likely = Spelling.closest(to: current.text, in: ["Rule"]) != nil
                report(.expectedToken, "unknown '#\(current.text)'; expected '#Rule'", at: current.span,
                       fixes: likely ? [.replace(current.span, with: "#Rule", "replace with '#Rule'", applicability: .machineApplicable)] : [])
                guard likely else {
                    advance()
                    recoverToNextLine()
                    return
                }
            }
            if let rule = parseRule() { tip.rules.append(rule) }
            return
        }
        if checkWord("options") && peek().kind == .leftBrace {
            tip.options.append(parseEntryBlock("the options", entry: "an option such as 'Tips.MaxDisplayCount(3)'"))
            return
        }
        if checkWord("holdout") && peek().kind == .leftParen {
            if let holdout = parseCallEntry("a holdout such as 'holdout(10, of: userID)'") { tip.holdouts.append(holdout) }
            return
        }
        if checkWord("actions") && peek().kind == .leftBrace {
            tip.actions.append(parseEntryBlock("the actions", entry: "an action such as 'Action(id: \"learn-more\", title: \"Learn more\")'"))
            return
        }
        if check(.identifier) && peek().kind == .colon {
            let name = NameSyntax(current.text, span: advance().span)
            advance()
            let value = parseExpression()
            tip.properties.append(LabeledSyntax(name: name, value: value))
            return
        }
        report(.expectedToken, "expected '#Rule', 'options { … }', 'actions { … }', 'holdout(…)' or a property such as 'title: \"…\"', found \(describe(current))",
               at: current.span)
        recoverToNextLine()
    }

    /// `KEYWORD { Name(…) … }` at the keyword.
    private mutating func parseEntryBlock(_ what: String, entry: String) -> OptionsSyntax {
        let keyword = advance()
        var entries: [CallEntrySyntax] = []
        _ = parseBlock(what) { parser in
            if let parsed = parser.parseCallEntry(entry) { entries.append(parsed) }
        }
        return OptionsSyntax(keywordSpan: keyword.span, entries: entries)
    }

    mutating func parseRule() -> RuleSyntax? {
        let keyword = advance()
        var inputs: [ExpressionSyntax] = []
        // `#Rule { … }` has no inputs: it reads only now, constants and the calendar.
        if let open = consume(.leftParen) {
            if let close = consume(.rightParen) {
                let parentheses = open.span.union(close.span)
                report(.missingRuleInput, "'#Rule()' has no inputs; a rule without inputs is written '#Rule { … }'", at: parentheses,
                       notes: [DiagnosticNote("name a parameter or an event, as in '#Rule(Self.$isLoggedIn) { $0 }', or none at all")],
                       fixes: [.replace(parentheses, with: "", "remove '()'", applicability: .machineApplicable)])
            } else {
                inputs = parseRuleInputs()
            }
        }
        guard let open = expect(.leftBrace, "'{' to open the rule's body") else {
            recoverToNextLine()
            return nil
        }
        rewritePastedClosureParameters()
        skipPastedReturn()
        let body: ExpressionSyntax
        if check(.rightBrace) {
            report(.expectedExpression, "a rule's body must be an expression of type 'Bool'", at: current.span)
            body = ExpressionSyntax(.error, span: current.span)
        } else {
            body = parseExpression()
        }
        var end = body.span
        if let close = consume(.rightBrace) {
            end = close.span
        } else {
            report(.expectedToken, "expected '}' to close the rule's body, found \(describe(current))", at: errorSpan,
                   notes: [DiagnosticNote("a rule's body is a single expression; '{' opened here", at: open.span)])
            recover { $0.kind == .hashIdentifier || $0.startsLine }
            if let close = consume(.rightBrace) { end = close.span }
        }
        return RuleSyntax(keywordSpan: keyword.span, inputs: inputs, body: body, span: keyword.span.union(end))
    }

    /// A rule's inputs after its `(`, through the `)`.
    private mutating func parseRuleInputs() -> [ExpressionSyntax] {
        var inputs: [ExpressionSyntax] = []
        trailingClosuresAllowed = false
        while !atEnd && !check(.rightParen) && !check(.leftBrace) && !atDeclarationStart {
            inputs.append(parseExpression())
            if consume(.comma) == nil { break }
        }
        trailingClosuresAllowed = true
        if expect(.rightParen, "')' after the rule's inputs") == nil {
            recover { $0.kind == .leftBrace || $0.kind == .rightParen }
            _ = consume(.rightParen)
        }
        return inputs
    }

    // MARK: group

    private mutating func parseGroup() -> GroupSyntax? {
        let keyword = advance()
        guard let name = parseName("a group name") else { recoverToNextLine(); return nil }
        var kind: ExpressionSyntax?
        if consume(.leftParen) != nil {
            kind = parseExpression()
            if expect(.rightParen, "')' after the group's kind") == nil {
                recover { $0.kind == .leftBrace || $0.kind == .rightParen }
                _ = consume(.rightParen)
            }
        }
        var members: [NameSyntax] = []
        let body = parseBlock("group '\(name.text)'") { parser in
            guard let member = parser.parseName("a tip name") else { return }
            members.append(member)
            parser.skipPastedInitializerCall(after: member)
            if parser.consume(.comma) == nil && !parser.check(.rightBrace) && !parser.current.startsLine {
                parser.expect(.comma, "',' between the group's tips")
            }
        }
        return GroupSyntax(name: name, kind: kind, members: members, span: keyword.span.union(body ?? name.span))
    }

    // MARK: widget

    private mutating func parseWidget() -> WidgetSyntax? {
        let keyword = advance()
        guard let name = parseName("a widget name") else { recover { $0.kind == .leftBrace }; skipTokenOrGroup(); return nil }
        var widget = WidgetSyntax(name: name, relevanceSpan: nil, lets: [], entries: [], span: keyword.span)
        let body = parseBlock("widget '\(name.text)'") { parser in
            if parser.checkWord("suggest") {
                widget.suggestions.append(parser.parseSuggest())
                return
            }
            guard parser.checkWord("relevance") else {
                parser.report(.expectedToken, "expected 'relevance { … }', found \(parser.describe(parser.current))",
                              at: parser.current.span,
                              notes: [DiagnosticNote("a widget declares 'relevance { score: … duration: … }'")])
                parser.recoverToNextLine()
                return
            }
            let word = parser.advance()
            widget.relevanceSpan = word.span
            _ = parser.parseBlock("the relevance") { parser in parser.parseRelevanceEntry(into: &widget) }
        }
        widget.span = keyword.span.union(body ?? name.span)
        return widget
    }

    /// `suggest { from: EXPR  to: EXPR }`; the checker checks the entries.
    private mutating func parseSuggest() -> SuggestSyntax {
        let keyword = advance()
        var suggest = SuggestSyntax(keywordSpan: keyword.span, entries: [], span: keyword.span)
        let body = parseBlock("the suggestion") { parser in
            guard parser.check(.identifier) && parser.peek().kind == .colon else {
                parser.report(.expectedToken, "expected 'from:' or 'to:', found \(parser.describe(parser.current))",
                              at: parser.current.span)
                parser.recoverToNextLine()
                return
            }
            let name = NameSyntax(parser.current.text, span: parser.advance().span)
            parser.advance()
            suggest.entries.append(LabeledSyntax(name: name, value: parser.parseExpression()))
        }
        suggest.span = keyword.span.union(body ?? keyword.span)
        return suggest
    }

    private mutating func parseRelevanceEntry(into widget: inout WidgetSyntax) {
        if checkWord("let") {
            advance()
            guard let name = parseName("a name after 'let'") else { recoverToNextLine(); return }
            guard expect(.equal, "'=' after 'let \(name.text)'") != nil else { recoverToNextLine(); return }
            widget.lets.append(LabeledSyntax(name: name, value: parseExpression()))
            return
        }
        if check(.identifier) && peek().kind == .colon {
            let name = NameSyntax(current.text, span: advance().span)
            advance()
            widget.entries.append(LabeledSyntax(name: name, value: parseExpression()))
            return
        }
        report(.expectedToken, "expected 'score:', 'duration:' or 'let', found \(describe(current))", at: current.span)
        recoverToNextLine()
    }
}
