import Foundation
import Testing
@testable import TipRulesCompiler
import TipRulesTestSupport

/// Keeps `grammar/tiprules.ebnf` and the hand-written lexer and parser in step:
/// every terminal of the grammar's syntax is one token, and every operator the
/// parser knows is in the grammar.
@Suite struct GrammarTests {
    private func syntaxTerminals() throws -> [String] {
        let grammar = try String(contentsOfFile: repositoryRoot.path + "/grammar/tiprules.ebnf", encoding: .utf8)
        let parts = grammar.components(separatedBy: "Part 2: syntax")
        #expect(parts.count == 2, "the grammar has a 'Part 2: syntax' section")
        let syntax = parts.last ?? ""
        var terminals = Set<String>()
        var inComment = false
        var previous: Character = " "
        var current: String?
        for character in syntax {
            if current == nil && previous == "(" && character == "*" { inComment = true }
            if inComment {
                if previous == "*" && character == ")" { inComment = false }
                previous = character
                continue
            }
            if character == "\"" {
                if let text = current { terminals.insert(text); current = nil } else { current = "" }
            } else if current != nil {
                current?.append(character)
            }
            previous = character
        }
        return terminals.sorted()
    }

    @Test func everyTerminalIsOneToken() throws {
        let terminals = try syntaxTerminals()
        #expect(terminals.count > 30)
        for terminal in terminals {
            // `?.` chains only when it touches what comes before it, so it follows an operand.
            let prefix = terminal == "?." ? "x" : ""
            let (tokens, problems) = Lexer.tokenize(SourceFile(name: "grammar", text: prefix + terminal))
            #expect(problems.count == 0, "'\(terminal)' does not lex cleanly")
            #expect(tokens.count == (prefix.isEmpty ? 2 : 3), "'\(terminal)' is not a single token: \(tokens.map(\.kind))")
        }
    }

    @Test func everyOperatorIsInTheGrammar() throws {
        let terminals = Set(try syntaxTerminals())
        for op in BinaryOperator.allCases {
            #expect(terminals.contains(op.rawValue), "operator '\(op.rawValue)' is missing from the grammar")
        }
        for keyword in Parser.declarationKeywords {
            #expect(terminals.contains(keyword), "declaration keyword '\(keyword)' is missing from the grammar")
        }
    }
}
