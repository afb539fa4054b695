import Foundation
import TipRulesCompiler
import XCTest
@testable import TipRulesTooling

/// The built-ins table is the one list of the language's members, options, durations,
/// frequencies and group kinds: the docs and the TextMate grammar name every entry, and the
/// language server's reference is made from it.
final class BuiltinsTableTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: Self.root.appendingPathComponent(path)), as: UTF8.self)
    }

    func testEveryEntryIsUniqueForItsReceiver() {
        var seen = Set<String>()
        for builtin in Builtins.all {
            XCTAssertTrue(seen.insert("\(builtin.receiver) \(builtin.name)").inserted, builtin.name)
            XCTAssertFalse(builtin.signature.isEmpty || builtin.documentation.isEmpty, builtin.name)
        }
    }

    func testTheLanguageGuideListsEveryEntry() throws {
        let guide = try read("docs/language.md")
        for builtin in Builtins.all {
            let implicit = [.implicit, .displayFrequency, .groupKind].contains(builtin.receiver)
            let written = implicit ? "." + builtin.name : builtin.name
            XCTAssertTrue(guide.range(of: "(?<![A-Za-z])\(NSRegularExpression.escapedPattern(for: written))(?![A-Za-z])", options: .regularExpression) != nil,
                          "docs/language.md does not mention '\(written)'")
        }
    }

    func testTheTextMateGrammarNamesEveryEntry() throws {
        let grammar = try read("grammar/tiprules.tmLanguage.json")
        for builtin in Builtins.all {
            let alternative = "(?<=[(|])\(builtin.name)(?=[|)])"
            XCTAssertTrue(grammar.range(of: alternative, options: .regularExpression) != nil,
                          "grammar/tiprules.tmLanguage.json does not name '\(builtin.name)'")
        }
    }

    func testTheLanguageServerReferenceComesFromTheTable() {
        XCTAssertEqual(LanguageReference.collectionMembers.map(\.name), Builtins.members(of: .donations).map(\.name))
        XCTAssertEqual(LanguageReference.stringMembers.map(\.signature), Builtins.members(of: .string).map(\.signature))
        XCTAssertEqual(LanguageReference.options.map(\.name),
                       ["MaxDisplayCount", "IgnoresDisplayFrequency", "MaxDisplayDuration", "FrequencyCap", "Priority"])
        XCTAssertEqual(LanguageReference.builtin("sum", base: .donations(event: 0))?.result, .keyPathField(optional: false))
    }
}
