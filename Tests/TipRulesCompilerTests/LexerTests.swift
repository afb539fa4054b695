import Testing
@testable import TipRulesCompiler

@Suite struct LexerTests {
    private func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        Lexer.tokenize(SourceFile(name: "t", text: text))
    }

    @Test func literals() {
        let tokens = lex("42 1_000 0x1F 3.5 1e3 2.5e-3 \"a\\n\\u{1F426}\" true").tokens
        #expect(tokens.map(\.kind) == [.integerLiteral, .integerLiteral, .integerLiteral, .floatLiteral, .floatLiteral,
                                            .floatLiteral, .stringLiteral, .identifier, .endOfFile])
        #expect(tokens[0].integerValue == 42)
        #expect(tokens[1].integerValue == 1000)
        #expect(tokens[2].integerValue == 31)
        #expect(tokens[3].floatValue == 3.5)
        #expect(tokens[4].floatValue == 1000)
        #expect(tokens[5].floatValue == 0.0025)
        #expect(tokens[6].text == "a\n\u{1F426}")
    }

    @Test func operatorsAndOptionalChaining() {
        let kinds = lex("a?.b ?? c ? d : e && f || !g != h <= i").tokens.map(\.kind)
        #expect(kinds == [.identifier, .optionalChainDot, .identifier, .questionQuestion, .identifier, .question,
                               .identifier, .colon, .identifier, .ampersandAmpersand, .identifier, .pipePipe, .bang,
                               .identifier, .bangEqual, .identifier, .lessEqual, .identifier, .endOfFile])
    }

    @Test func dollarAndHashTokens() {
        let tokens = lex("#Rule(Self.$isLoggedIn) { $0 }").tokens
        #expect(tokens.map(\.kind) == [.hashIdentifier, .leftParen, .identifier, .dot, .dollarIdentifier, .rightParen,
                                            .leftBrace, .dollarIndex, .rightBrace, .endOfFile])
        #expect(tokens[4].text == "isLoggedIn")
        #expect(tokens[7].integerValue == 0)
    }

    @Test func nestedCommentsAndLineStarts() {
        let tokens = lex("a /* x /* y */ z */ b\n// c\nd").tokens
        #expect(tokens.map(\.text).prefix(3) == ["a", "b", "d"])
        #expect(!tokens[1].startsLine)
        #expect(tokens[2].startsLine)
    }

    @Test func problemsAreDiagnostics() {
        #expect(lex("\"abc").diagnostics.map(\.code) == [.unterminatedString])
        #expect(lex("/* open").diagnostics.map(\.code) == [.unterminatedComment])
        #expect(lex("\"\\q\"").diagnostics.map(\.code) == [.invalidEscape])
        #expect(lex("\"\\(x)\"").diagnostics.map(\.code) == [.stringInterpolation])
        #expect(lex("99999999999999999999").diagnostics.map(\.code) == [.integerLiteralOverflow])
        #expect(lex("12abc").diagnostics.map(\.code) == [.malformedNumber])
        #expect(lex("@").diagnostics.map(\.code) == [.unexpectedCharacter])
        let invalid = Lexer.tokenize(SourceFile(name: "t", bytes: [0x61, 0xFF, 0x62]))
        #expect(invalid.diagnostics.map(\.code) == [.invalidUTF8])
        #expect(invalid.diagnostics.first?.span == SourceSpan(start: 1, end: 2))
    }

    @Test func byteOrderMarkIsSkipped() {
        let result = Lexer.tokenize(SourceFile(name: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("tip".utf8)))
        #expect(result.diagnostics.count == 0)
        #expect(result.tokens.first?.text == "tip")
    }

    @Test func unicodeIdentifiersAndColumns() {
        let source = SourceFile(name: "t", text: "é😀 = \"ü\" x")
        let tokens = Lexer.tokenize(source).tokens
        #expect(tokens.first?.text == "é😀")
        let x = tokens[3]
        #expect(source.location(of: x.span.start) == SourceLocation(line: 1, column: 10))
    }
}
