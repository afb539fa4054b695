import XCTest
@testable import TipRulesCompiler

final class LexerTests: XCTestCase {
    private func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        Lexer.tokenize(SourceFile(name: "t", text: text))
    }

    func testLiterals() {
        let tokens = lex("42 1_000 0x1F 3.5 1e3 2.5e-3 \"a\\n\\u{1F426}\" true").tokens
        XCTAssertEqual(tokens.map(\.kind), [.integerLiteral, .integerLiteral, .integerLiteral, .floatLiteral, .floatLiteral,
                                            .floatLiteral, .stringLiteral, .identifier, .endOfFile])
        XCTAssertEqual(tokens[0].integerValue, 42)
        XCTAssertEqual(tokens[1].integerValue, 1000)
        XCTAssertEqual(tokens[2].integerValue, 31)
        XCTAssertEqual(tokens[3].floatValue, 3.5)
        XCTAssertEqual(tokens[4].floatValue, 1000)
        XCTAssertEqual(tokens[5].floatValue, 0.0025)
        XCTAssertEqual(tokens[6].text, "a\n\u{1F426}")
    }

    func testOperatorsAndOptionalChaining() {
        let kinds = lex("a?.b ?? c ? d : e && f || !g != h <= i").tokens.map(\.kind)
        XCTAssertEqual(kinds, [.identifier, .optionalChainDot, .identifier, .questionQuestion, .identifier, .question,
                               .identifier, .colon, .identifier, .ampersandAmpersand, .identifier, .pipePipe, .bang,
                               .identifier, .bangEqual, .identifier, .lessEqual, .identifier, .endOfFile])
    }

    func testDollarAndHashTokens() {
        let tokens = lex("#Rule(Self.$isLoggedIn) { $0 }").tokens
        XCTAssertEqual(tokens.map(\.kind), [.hashIdentifier, .leftParen, .identifier, .dot, .dollarIdentifier, .rightParen,
                                            .leftBrace, .dollarIndex, .rightBrace, .endOfFile])
        XCTAssertEqual(tokens[4].text, "isLoggedIn")
        XCTAssertEqual(tokens[7].integerValue, 0)
    }

    func testNestedCommentsAndLineStarts() {
        let tokens = lex("a /* x /* y */ z */ b\n// c\nd").tokens
        XCTAssertEqual(tokens.map(\.text).prefix(3), ["a", "b", "d"])
        XCTAssertFalse(tokens[1].startsLine)
        XCTAssertTrue(tokens[2].startsLine)
    }

    func testProblemsAreDiagnostics() {
        XCTAssertEqual(lex("\"abc").diagnostics.map(\.code), [.unterminatedString])
        XCTAssertEqual(lex("/* open").diagnostics.map(\.code), [.unterminatedComment])
        XCTAssertEqual(lex("\"\\q\"").diagnostics.map(\.code), [.invalidEscape])
        XCTAssertEqual(lex("\"\\(x)\"").diagnostics.map(\.code), [.stringInterpolation])
        XCTAssertEqual(lex("99999999999999999999").diagnostics.map(\.code), [.integerLiteralOverflow])
        XCTAssertEqual(lex("12abc").diagnostics.map(\.code), [.malformedNumber])
        XCTAssertEqual(lex("@").diagnostics.map(\.code), [.unexpectedCharacter])
        let invalid = Lexer.tokenize(SourceFile(name: "t", bytes: [0x61, 0xFF, 0x62]))
        XCTAssertEqual(invalid.diagnostics.map(\.code), [.invalidUTF8])
        XCTAssertEqual(invalid.diagnostics.first?.span, SourceSpan(start: 1, end: 2))
    }

    func testByteOrderMarkIsSkipped() {
        let result = Lexer.tokenize(SourceFile(name: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("tip".utf8)))
        XCTAssertEqual(result.diagnostics.count, 0)
        XCTAssertEqual(result.tokens.first?.text, "tip")
    }

    func testUnicodeIdentifiersAndColumns() {
        let source = SourceFile(name: "t", text: "é😀 = \"ü\" x")
        let tokens = Lexer.tokenize(source).tokens
        XCTAssertEqual(tokens.first?.text, "é😀")
        let x = tokens[3]
        XCTAssertEqual(source.location(of: x.span.start), SourceLocation(line: 1, column: 10))
    }
}
