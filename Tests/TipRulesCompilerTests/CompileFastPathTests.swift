import Testing
import TipRulesRuntime
@testable import TipRulesCompiler

/// The compiler's fast paths give what the general paths give: plain integers lexed
/// without building their text, ASCII strings copied byte by byte, and closure source text in
/// explain summaries collapsed byte by byte.
@Suite struct CompileFastPathTests {
    private func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        Lexer.tokenize(SourceFile(name: "t", text: text))
    }

    @Test(arguments: [
        ("0", 0), ("007", 7), ("42", 42), ("9223372036854775807", Int.max), ("1_000", 1_000), ("0x1F", 31),
    ])
    func integersKeepTheirValue(literal: String, value: Int) throws {
        let (tokens, diagnostics) = lex(literal)
        #expect(diagnostics.isEmpty)
        let token = try #require(tokens.first)
        #expect(token.kind == .integerLiteral)
        #expect(token.integerValue == value)
        #expect(token.span == SourceSpan(start: 0, end: literal.utf8.count))
    }

    @Test func anIntegerPastIntMaxIsStillReported() {
        let (tokens, diagnostics) = lex("9223372036854775808")
        #expect(tokens.first?.integerValue == 0)
        #expect(diagnostics.map(\.code) == [.integerLiteralOverflow])
        #expect(diagnostics.first?.message == "integer literal '9223372036854775808' overflows when stored into 'Int'")
    }

    @Test func theMostNegativeIntIsWrittenWithAMinus() {
        let (tokens, diagnostics) = lex("-9223372036854775808")
        #expect(diagnostics.isEmpty)
        #expect(tokens.map(\.kind) == [.minus, .integerLiteral, .endOfFile])
        #expect(tokens[1].integerValue == Int.min)
    }

    @Test(arguments: [("3.5", 3.5), ("1e3", 1_000), ("2.5e-3", 0.0025)])
    func numbersWithAFractionOrExponentAreFloats(literal: String, value: Double) {
        let tokens = lex(literal).tokens
        #expect(tokens.first?.kind == .floatLiteral)
        #expect(tokens.first?.floatValue == value)
    }

    @Test func digitsFollowedByLettersAreMalformed() {
        let (tokens, diagnostics) = lex("12abc 5")
        #expect(diagnostics.map(\.code) == [.malformedNumber])
        #expect(tokens.map(\.kind) == [.integerLiteral, .integerLiteral, .endOfFile])
        #expect(tokens[1].integerValue == 5)
    }

    @Test func stringsKeepEveryByteAndEscape() {
        let tokens = lex(#""a b\t“c” é\u{1F426}""#).tokens
        #expect(tokens.first?.text == "a b\t“c” é\u{1F426}")
    }

    /// A filter's summary shows the closure as written, its white space collapsed, whether the
    /// source is ASCII (collapsed byte by byte) or not, and whatever its line breaks.
    @Test(arguments: [
        ("$0.amount > 2  &&\n            $0.placeID < 3", "$0.amount > 2 && $0.placeID < 3"),
        ("$0.amount > 2  &&\r\n            $0.placeID < 3", "$0.amount > 2 &&\r\n $0.placeID < 3"),
        ("$0.name  ==   \"café\"", "$0.name == \"café\""),
    ])
    func closureTextIsCollapsed(closure: String, shown: String) throws {
        let source = """
        event visited(amount: Int, placeID: Int, name: String)
        tip Visits {
            title: "Visits"
            #Rule(Self.visited) { $0.donations.filter {   \(closure)   }.count >= 1 }
        }
        """
        let compilation = Compilation(name: "t.tiprules", bytes: Array(source.utf8))
        let checked = try #require(compilation.optimizedProgram)
        let program = try generateProgram(checked)
        #expect(program.tips[0].rules[0].code.summary == "visited donations, filtered by { \(shown) }: count >= 1")
    }
}
