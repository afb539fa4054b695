import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/completion`: what may be written at the cursor. Keywords, declared
/// names, members after `.`, fields after `\.`, parameters after `$`, option names in
/// `options { … }` and the other built-in names of each block.
///
/// The text being typed rarely parses, so a placeholder name is put at the cursor
/// (`$0.donations.` becomes `$0.donations.PLACEHOLDER`) and the file parsed again: the
/// construct that holds the placeholder says what is expected there. Where no construct
/// holds it (a line that is not valid yet), the braces around the cursor tell which
/// block it is in.
enum Completion {
    static let placeholder = "__tiprulec_completion__"

    /// One thing to offer.
    private struct Candidate {
        let label: String
        let kind: CompletionItemKind
        let detail: String?
        let documentation: String?
        var insertText: String
        /// Whether `insertText` is an LSP snippet.
        var isSnippet = false

        init(_ entry: ReferenceEntry, insertText: String? = nil) {
            label = entry.name
            kind = entry.kind
            detail = entry.signature
            documentation = entry.documentation
            self.insertText = insertText ?? entry.name
        }

        init(label: String, kind: CompletionItemKind, detail: String?, documentation: String?) {
            self.label = label
            self.kind = kind
            self.detail = detail
            self.documentation = documentation
            insertText = label
        }

        init(_ snippet: DeclarationSnippets.Snippet) {
            label = snippet.label
            kind = .snippet
            detail = snippet.keyword
            documentation = "```tiprules\n" + snippet.body.replacing("\\$", with: "$") + "\n```"
            insertText = snippet.body
            isSnippet = true
        }
    }

    /// The block or parenthesis around the cursor, when no construct holds it.
    private enum Block {
        case file, tip, options, actions, configure, widget, relevance, group, ruleInputs, limit, expression
    }

    /// The `CompletionItem`s for `offset` in `document`; with `snippets`, declaration snippets too.
    static func items(at offset: Int, in document: OpenDocument, encoding: PositionEncoding,
                      snippets: Bool = false) -> [JSONValue] {
        let bytes = document.text.bytes
        let cursor = min(max(offset, 0), bytes.count)
        // Right after `\`, complete `\.field` by inserting the dot too.
        let afterBackslash = cursor > 0 && bytes[cursor - 1] == UInt8(ascii: "\\")
        let insertion = Array(((afterBackslash ? "." : "") + placeholder).utf8)
        let placeholderStart = cursor + (afterBackslash ? 1 : 0)
        let source = SourceFile(name: document.uri, bytes: Array(bytes[..<cursor]) + insertion + Array(bytes[cursor...]))
        let tokens = Lexer.tokenize(source).tokens
        guard let tokenIndex = tokens.firstIndex(where: { $0.span.start <= placeholderStart && placeholderStart < $0.span.end }),
              [.identifier, .dollarIdentifier, .hashIdentifier].contains(tokens[tokenIndex].kind) else { return [] }
        let token = tokens[tokenIndex]
        let (context, located) = locate(placeholderStart, in: source, closing: unclosedParentheses(before: tokenIndex, in: tokens))
        var candidates: [Candidate]
        if token.kind == .hashIdentifier {
            candidates = block(before: tokenIndex, in: tokens) == .tip ? LanguageReference.blockKeywords.filter { $0.name == "#Rule" }.map { Candidate($0) } : []
            if snippets && !candidates.isEmpty { candidates += DeclarationSnippets.tip.filter { $0.keyword == "#Rule" }.map(Candidate.init) }
        } else if let located {
            candidates = located
        } else {
            let around = block(before: tokenIndex, in: tokens)
            candidates = context.candidates(in: around)
            if snippets && around == .file { candidates += DeclarationSnippets.file.map(Candidate.init) }
            if snippets && around == .tip { candidates += DeclarationSnippets.tip.map(Candidate.init) }
        }
        if afterBackslash {
            for index in candidates.indices { candidates[index].insertText = "." + candidates[index].insertText }
        }
        // Editors that ignore the edit's range (Neovim's omnifunc) replace the word before the
        // cursor, letters, digits and `_`: the edit replaces that word, and the `$`, `#` or `\`
        // typed before it stays, so the new text leaves it out.
        let tokenStart = min(token.span.start, cursor)
        let wordStart = Self.wordStart(before: cursor, notBefore: tokenStart, in: bytes)
        let typedPrefix = String(decoding: bytes[tokenStart..<wordStart], as: UTF8.self)
        let wordRange = document.text.range(of: SourceSpan(start: wordStart, end: cursor), encoding: encoding)
        let tokenRange = document.text.range(of: SourceSpan(start: tokenStart, end: cursor), encoding: encoding)
        var seen = Set<String>()
        return candidates.filter { !$0.label.contains(placeholder) && seen.insert($0.label).inserted }.map { candidate in
            var item: JSONObject = ["label": .string(candidate.label), "kind": .integer(candidate.kind.rawValue)]
            if let detail = candidate.detail { item["detail"] = .string(detail) }
            if let documentation = candidate.documentation {
                item["documentation"] = .object(["kind": "markdown", "value": .string(documentation)])
            }
            if candidate.insertText.hasPrefix(typedPrefix) {
                let newText = String(candidate.insertText.dropFirst(typedPrefix.count))
                item["textEdit"] = .object(["range": wordRange, "newText": .string(newText)])
                if newText != candidate.label { item["filterText"] = .string(newText) }
            } else {
                item["textEdit"] = .object(["range": tokenRange, "newText": .string(candidate.insertText)])
            }
            if candidate.isSnippet { item["insertTextFormat"] = 2 }
            return .object(item)
        }
    }

    /// Where the letters, digits and `_` just before `cursor` start (not before `limit`).
    private static func wordStart(before cursor: Int, notBefore limit: Int, in bytes: [UInt8]) -> Int {
        var start = cursor
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
        while start > limit, isWordByte(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The candidates of the construct holding the placeholder, parsed as written or, when that
    /// offers none, with `closing` parentheses after it: `sum(of: \.` is completed as
    /// `sum(of: \.…)`. Nil when no construct holds it; the context is the source as written.
    private static func locate(_ placeholderStart: Int, in source: SourceFile, closing: Int) -> (Context, [Candidate]?) {
        let written = Context(analysis: DocumentAnalysis(Compilation(source: source, focus: placeholderStart)))
        var found = written.candidates(at: placeholderStart + 1)
        if closing > 0, found?.isEmpty ?? true {
            let end = placeholderStart + placeholder.utf8.count
            let closed = SourceFile(name: source.name, bytes: Array(source.bytes[..<end])
                + Array(repeating: UInt8(ascii: ")"), count: closing) + Array(source.bytes[end...]))
            let context = Context(analysis: DocumentAnalysis(Compilation(source: closed, focus: placeholderStart)))
            if let candidates = context.candidates(at: placeholderStart + 1), !candidates.isEmpty { found = candidates }
        }
        return (written, found)
    }

    /// How many `(` the tokens before `tokens[end]` leave open inside the innermost open block.
    private static func unclosedParentheses(before end: Int, in tokens: [Token]) -> Int {
        var open: [TokenKind] = []
        for token in tokens[..<end] {
            switch token.kind {
            case .leftBrace, .leftParen: open.append(token.kind)
            case .rightBrace, .rightParen: _ = open.popLast()
            default: break
            }
        }
        return open.reversed().prefix { $0 == .leftParen }.count
    }

    /// The innermost block or parenthesis the tokens before `tokens[end]` leave open.
    private static func block(before end: Int, in tokens: [Token]) -> Block {
        var open: [Block] = []
        for index in 0..<end {
            switch tokens[index].kind {
            case .leftBrace: open.append(block(openedAt: index, in: tokens))
            case .leftParen: open.append(parenthesis(openedAt: index, in: tokens))
            case .rightBrace, .rightParen: _ = open.popLast()
            default: break
            }
        }
        return open.last ?? .file
    }

    /// What the `(` at `tokens[index]` opens: a rule's inputs, an event's `limit`, or an expression.
    private static func parenthesis(openedAt index: Int, in tokens: [Token]) -> Block {
        guard index >= 1 else { return .expression }
        let previous = tokens[index - 1]
        if previous.kind == .hashIdentifier && previous.text == "Rule" { return .ruleInputs }
        if previous.kind == .identifier && previous.text == "limit" { return .limit }
        return .expression
    }

    /// What the `{` at `tokens[index]` opens, from the words before it.
    private static func block(openedAt index: Int, in tokens: [Token]) -> Block {
        func word(_ at: Int) -> String? {
            at >= 0 && tokens[at].kind == .identifier ? tokens[at].text : nil
        }
        switch word(index - 1) {
        case "options": return .options
        case "actions": return .actions
        case "configure": return .configure
        case "relevance": return .relevance
        default: break
        }
        if word(index - 1) != nil {
            switch word(index - 2) {
            case "tip": return .tip
            case "widget": return .widget
            case "group": return .group
            default: return .expression
            }
        }
        // `group NAME(.kind) {`: the kind is a few tokens long, so look back only a little for its `(`.
        guard index >= 1, tokens[index - 1].kind == .rightParen,
              let open = tokens[max(0, index - 8)..<index].lastIndex(where: { $0.kind == .leftParen }) else { return .expression }
        return word(open - 2) == "group" && word(open - 1) != nil ? .group : .expression
    }

    /// Candidates from a file's declarations and the language reference.
    private struct Context {
        let analysis: DocumentAnalysis

        private var symbols: SymbolIndex { analysis.symbols }
        private var describer: Describer { Describer(analysis) }

        /// The candidates of the construct at `offset`, if one holds it.
        func candidates(at offset: Int) -> [Candidate]? {
            SyntaxLocator.locate(offset, in: analysis.compilation.syntax, model: analysis.model).map(candidates(for:))
        }

        func candidates(for location: SyntaxLocation) -> [Candidate] {
            switch location.construct {
            case .typeName: return LanguageReference.types.map { Candidate($0) }
            case .groupMember: return tips()
            case .entryName(_, let entries): return entries.map { Candidate($0) }
            case .expression(let expression): return candidates(for: expression, in: location.scope)
            case .keyword, .declarationName, .fieldName, .localName: return []
            }
        }

        func candidates(in block: Block) -> [Candidate] {
            switch block {
            case .file: return LanguageReference.declarationKeywords.map { Candidate($0, insertText: $0.name + " ") }
            case .tip:
                return LanguageReference.tipProperties.map { Candidate($0, insertText: $0.name + ": ") }
                    + LanguageReference.blockKeywords.filter { ["#Rule", "options", "actions", "holdout"].contains($0.name) }.map { Candidate($0) }
            case .options: return LanguageReference.options.map { Candidate($0) }
            case .actions: return LanguageReference.actions.map { Candidate($0) }
            case .configure: return LanguageReference.configuration.map { Candidate($0) }
            case .widget: return LanguageReference.blockKeywords.filter { $0.name == "relevance" }.map { Candidate($0) }
            case .relevance:
                return LanguageReference.relevanceEntries.map { Candidate($0, insertText: $0.name + ": ") }
                    + LanguageReference.blockKeywords.filter { $0.name == "let" }.map { Candidate($0, insertText: "let ") }
            case .group: return tips()
            case .ruleInputs: return ruleInputs()
            case .limit: return LanguageReference.limitArguments.map { Candidate($0, insertText: $0.name + ": ") }
            case .expression: return names(in: ExpressionScope())
            }
        }

        private func candidates(for expression: ExpressionSyntax, in scope: ExpressionScope) -> [Candidate] {
            switch expression.kind {
            case .member(let base, let name, _, _):
                switch base.typeName(symbols: symbols, locals: scope.locals) {
                case "Self"?: return name.hasPrefix("$") ? ruleInputs().filter { $0.label.hasPrefix("$") } : ruleInputs()
                case "Duration"?: return LanguageReference.implicitMembers.filter { $0.result == .duration }.map { Candidate($0) }
                case "Date"?: return LanguageReference.implicitMembers.filter { $0.name == "now" }.map { Candidate($0) }
                default: break
                }
                guard let type = analysis.model.expression(at: base.span)?.type?.unwrapped else { return [] }
                if case .donation(let event) = type { return fields(of: event) }
                return LanguageReference.members(of: type).map { Candidate($0) }
            case .identifier, .projectedParameter:
                if scope.isGoal { return ruleInputs().filter { !$0.label.hasPrefix("$") } }
                return scope.isRuleInputList
                    ? ruleInputs() + LanguageReference.expressionKeywords.filter { $0.name == "Self" }.map { Candidate($0) }
                    : names(in: scope)
            case .implicitMember:
                return scope.implicitMembers.entries.map { Candidate($0) }
            case .keyPath:
                return scope.keyPathEvent.map { fields(of: $0, types: scope.keyPathTypes) } ?? []
            default:
                return []
            }
        }

        /// What a rule's input may be: `$parameter` or `event`.
        private func ruleInputs() -> [Candidate] {
            symbols.declarations.compactMap { declaration in
                switch declaration {
                case .parameter: return candidate(declaration, label: "$" + declaration.name.text)
                case .event: return candidate(declaration, label: declaration.name.text)
                default: return nil
                }
            }
        }

        /// Names an expression may use: the rule's inputs or, outside rules, parameters,
        /// events and `let`s; then keywords.
        private func names(in scope: ExpressionScope) -> [Candidate] {
            var names: [Candidate]
            if !scope.closureEvents.isEmpty {
                names = scope.closureEvents.suffix(1).map { event in
                    Candidate(label: "$0", kind: .variable, detail: nil,
                              documentation: describer.referent(.closureArgument(event: event), at: .point(0), in: scope))
                }
            } else if let inputs = scope.ruleInputs {
                names = inputs.indices.map { index in
                    let input: RuleInput?
                    switch inputs[index].referent {
                    case .parameter(let parameter)?: input = .parameter(parameter)
                    case .event(let event)?: input = .event(event)
                    default: input = nil
                    }
                    return Candidate(label: "$\(index)", kind: .variable, detail: nil,
                                     documentation: input.flatMap { describer.referent(.ruleInput(index: index, $0), at: .point(0), in: scope) })
                }
            } else {
                names = scope.locals.reversed().map { local in
                    Candidate(label: local.name.text, kind: .variable, detail: nil, documentation: describer.local(local))
                } + declarations {
                    switch $0 {
                    case .parameter, .event: return true
                    default: return false
                    }
                }
            }
            return names + LanguageReference.expressionKeywords.map { Candidate($0) }
                + LanguageReference.functions.filter { $0.name != "component" }.map { Candidate($0) }
        }

        /// `date` and the declared fields of an event's donations; with `types`, those of these types.
        private func fields(of event: Int, types: [ValueType]? = nil) -> [Candidate] {
            let declared = symbols.event(event)?.fields.map(\.name.text) ?? []
            let names = ([LanguageReference.donationDate.name] + declared).filter { name in
                types.map { types in symbols.fieldType(event: event, field: name).map(types.contains) ?? false } ?? true
            }
            return names.map { name in
                Candidate(label: name, kind: .field, detail: symbols.fieldType(event: event, field: name).map(symbols.spell),
                          documentation: describer.field(event: event, name: name))
            }
        }

        private func tips() -> [Candidate] {
            declarations {
                if case .tip = $0 { return true }
                return false
            }
        }

        private func declarations(where include: (SymbolIndex.Declaration) -> Bool) -> [Candidate] {
            symbols.declarations.filter(include).map { candidate($0, label: $0.name.text) }
        }

        private func candidate(_ declaration: SymbolIndex.Declaration, label: String) -> Candidate {
            let kind: CompletionItemKind
            switch declaration {
            case .parameter: kind = .variable
            case .event: kind = .event
            case .tip: kind = .class
            case .group: kind = .module
            case .widget: kind = .struct
            }
            return Candidate(label: label, kind: kind, detail: describer.signature(of: declaration),
                             documentation: describer.declaration(declaration))
        }
    }
}
