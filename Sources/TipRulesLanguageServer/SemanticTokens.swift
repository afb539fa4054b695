import TipRulesCompiler
import TipRulesToolingCore

/// `textDocument/semanticTokens/full` and `/range`: every token classified for editors that
/// cannot use the TextMate grammar (Neovim, Helix). Names are classified by what the checker
/// resolved them to; keywords, literals, operators and comments by the lexer.
enum SemanticTokens {
    /// The standard token types the server uses, in legend order.
    private enum TokenType: Int, CaseIterable {
        case keyword, type, `class`, namespace, `struct`, event, variable, parameter, property, method, function
        case enumMember, macro, string, number, `operator`, comment

        var name: String { "\(self)" }
    }

    /// The standard token modifiers the server uses, as bits in legend order.
    private enum Modifier: Int, CaseIterable {
        case declaration, readonly, defaultLibrary

        var bit: Int { 1 << rawValue }
        var name: String { "\(self)" }
    }

    /// The `SemanticTokensLegend` announced in `initialize`.
    static let legend: JSONValue = .object(["tokenTypes": .array(TokenType.allCases.map { .string($0.name) }),
                                            "tokenModifiers": .array(Modifier.allCases.map { .string($0.name) })])

    private static let keywords: Set<String> = Rename.reservedWords.subtracting(["Date", "Duration", "Int", "Double", "String", "Bool", "now"])
    private static let typeNames: Set<String> = ["Date", "Duration", "Int", "Double", "String", "Bool", "Version", "Calendar"]

    /// `SemanticTokens` for `params.textDocument`, limited to `params.range` when there is one.
    static func tokens(_ params: JSONValue?, in documents: DocumentStore) throws(JSONRPCError) -> JSONValue {
        let document = try documents.document(params)
        let range = params?["range"] == nil ? nil : try document.text.byteRange(of: params?["range"], encoding: documents.encoding)
        var data: [JSONValue] = []
        var previous = LSPPosition(line: 0, character: 0)
        for (span, type, modifiers) in classified(document.analysis) {
            if let range, span.end < range.lowerBound || span.start > range.upperBound { continue }
            for segment in document.text.lineSegments(of: span) {
                let start = document.text.position(of: segment.start, encoding: documents.encoding)
                let end = document.text.position(of: segment.end, encoding: documents.encoding)
                let deltaLine = start.line - previous.line
                data += [.integer(deltaLine), .integer(deltaLine == 0 ? start.character - previous.character : start.character),
                         .integer(end.character - start.character), .integer(type.rawValue), .integer(modifiers)]
                previous = start
            }
        }
        return .object(["data": .array(data)])
    }

    /// Every classified token and comment, in source order.
    private static func classified(_ analysis: DocumentAnalysis) -> [(SourceSpan, TokenType, Int)] {
        var names: [Int: NameOccurrence] = [:]
        for name in analysis.model.names where names[name.span.start] == nil || name.isDeclaration {
            names[name.span.start] = name
        }
        let bytes = analysis.source.bytes
        var result: [(SourceSpan, TokenType, Int)] = []
        var gapStart = 0
        for token in Lexer.tokenize(analysis.source).tokens {
            result += comments(in: bytes, from: gapStart, to: token.span.start).map { ($0, .comment, 0) }
            gapStart = token.span.end
            if let name = names[token.span.start], name.span.end == token.span.end {
                let (type, modifiers) = classify(name.referent)
                result.append((token.span, type, modifiers | (name.isDeclaration ? Modifier.declaration.bit : 0)))
            } else if let type = classify(token) {
                result.append((token.span, type, 0))
            }
        }
        return result
    }

    private static func classify(_ referent: Referent) -> (TokenType, Int) {
        switch referent {
        case .parameter: return (.variable, 0)
        case .event: return (.event, 0)
        case .tip: return (.class, 0)
        case .group: return (.namespace, 0)
        case .widget: return (.struct, 0)
        case .field: return (.property, 0)
        case .local: return (.variable, Modifier.readonly.bit)
        case .ruleInput, .closureArgument: return (.parameter, Modifier.readonly.bit)
        case .builtin(let name, let base):
            let library = Modifier.defaultLibrary.bit
            switch LanguageReference.builtin(name, base: base)?.kind {
            case .method?, .function?: return (.method, library)
            case .struct?: return (.type, library)
            case .keyword?: return (.keyword, 0)
            default: return (.property, library)
            }
        }
    }

    /// Built-in names outside expressions: tip properties, relevance entries, options, actions, `limit` arguments, `displayFrequency`.
    private static let entryNames = Set((LanguageReference.tipProperties + LanguageReference.relevanceEntries + LanguageReference.options
        + LanguageReference.actions + LanguageReference.limitArguments + LanguageReference.configuration).map(\.name))
    /// Display frequencies and group kinds, written after a `.`.
    private static let enumMembers = Set((LanguageReference.displayFrequencies + LanguageReference.groupKinds).map(\.name))

    private static func classify(_ token: Token) -> TokenType? {
        switch token.kind {
        case .identifier:
            if keywords.contains(token.text) { return .keyword }
            if typeNames.contains(token.text) { return .type }
            if entryNames.contains(token.text) { return .property }
            return enumMembers.contains(token.text) ? .enumMember : nil
        case .hashIdentifier: return .macro
        case .stringLiteral: return .string
        case .integerLiteral, .floatLiteral: return .number
        case .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
             .ampersandAmpersand, .pipePipe, .questionQuestion, .bang:
            return .operator
        default: return nil
        }
    }

    /// The `//` and `/* */` comments between two tokens.
    private static func comments(in bytes: [UInt8], from start: Int, to end: Int) -> [SourceSpan] {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        var spans: [SourceSpan] = []
        var index = start
        while index + 1 < end {
            guard bytes[index] == slash, bytes[index + 1] == slash || bytes[index + 1] == star else {
                index += 1
                continue
            }
            let commentStart = index
            if bytes[index + 1] == slash {
                while index < end && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                var depth = 0
                while index < end {
                    if index + 1 < end && bytes[index] == slash && bytes[index + 1] == star {
                        depth += 1
                        index += 2
                    } else if index + 1 < end && bytes[index] == star && bytes[index + 1] == slash {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
            }
            spans.append(SourceSpan(start: commentStart, end: index))
        }
        return spans
    }
}
