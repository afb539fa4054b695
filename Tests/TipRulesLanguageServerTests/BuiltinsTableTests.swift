import Foundation
import TipRulesCompiler
import TipRulesRuntime
import Testing
@testable import TipRulesLanguageServer
import TipRulesTestSupport

/// The built-ins table is the one list of the language's members, options, durations,
/// frequencies and group kinds: the docs and the TextMate grammar name every entry, and the
/// language server's reference is made from it.
@Suite struct BuiltinsTableTests {
    private static let root = repositoryRoot

    private func read(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: Self.root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test func everyEntryIsUniqueForItsReceiver() {
        var seen = Set<String>()
        for builtin in Builtins.all {
            #expect(seen.insert("\(builtin.receiver) \(builtin.name)").inserted, Comment(rawValue: builtin.name))
            #expect(!(builtin.signature.isEmpty || builtin.documentation.isEmpty), Comment(rawValue: builtin.name))
        }
    }

    /// A receiver's built-ins are its own table, and `all` is the tables one after another: each
    /// receiver's are what `all` holds for it, in the same order, and together they are `all`.
    @Test func eachReceiversTableIsItsPartOfAll() {
        for receiver in BuiltinReceiver.allCases {
            #expect(Builtins.members(of: receiver) == Builtins.all.filter { $0.receiver == receiver }, "\(receiver)")
            for builtin in Builtins.members(of: receiver) {
                #expect(Builtins.member(builtin.name, of: receiver) == Builtins.all.first { $0.receiver == receiver && $0.name == builtin.name })
            }
        }
        #expect(BuiltinReceiver.allCases.map { Builtins.members(of: $0).count }.reduce(0, +) == Builtins.all.count)
    }

    @Test func theLanguageGuideListsEveryEntry() throws {
        let guide = try read("docs/language.md")
        for builtin in Builtins.all {
            let implicit = [.implicit, .displayFrequency, .groupKind].contains(builtin.receiver)
            let written = implicit ? "." + builtin.name : builtin.name
            #expect(guide.range(of: "(?<![A-Za-z])\(NSRegularExpression.escapedPattern(for: written))(?![A-Za-z])", options: .regularExpression) != nil, "docs/language.md does not mention '\(written)'")
        }
    }

    @Test func theTextMateGrammarNamesEveryEntry() throws {
        let grammar = try read("grammar/tiprules.tmLanguage.json")
        for builtin in Builtins.all {
            let alternative = "(?<=[(|])\(builtin.name)(?=[|)])"
            #expect(grammar.range(of: alternative, options: .regularExpression) != nil, "grammar/tiprules.tmLanguage.json does not name '\(builtin.name)'")
        }
    }

    @Test func theLanguageServerReferenceComesFromTheTable() {
        #expect(LanguageReference.collectionMembers.map(\.name) == Builtins.members(of: .donations).map(\.name))
        #expect(LanguageReference.stringMembers.map(\.signature) == Builtins.members(of: .string).map(\.signature))
        #expect(LanguageReference.options.map(\.name) == ["MaxDisplayCount", "IgnoresDisplayFrequency", "MaxDisplayDuration", "FrequencyCap", "Priority"])
        #expect(LanguageReference.builtin("sum", base: .donations(event: 0))?.result == .aggregate(.sum))
    }

    /// Each option of `TipOption` has one entry, named as the option, and a usage in the checker's note.
    @Test func everyOptionHasOneEntry() {
        for option in TipOption.allCases {
            #expect(Builtins.members(of: .option).filter { $0.lowering == .option(option) }.map(\.name) == [option.name])
        }
        #expect(Builtins.members(of: .option).count == TipOption.allCases.count)
        #expect(Builtins.optionUsages.count == TipOption.allCases.count)
    }

    /// Each aggregate of the aggregate table has one entry, whose key path takes the field types
    /// of the table that a field can be declared with, and whose result is the table's.
    @Test func everyAggregateHasOneEntryFromTheAggregateTable() {
        for aggregate in Aggregate.allCases {
            let entries = Builtins.members(of: .donations).filter { $0.lowering == .aggregate(aggregate) }
            #expect(entries.map(\.name) == [aggregate.rawValue])
            guard let entry = entries.first, case .call(let label, .keyPath(let allowed?)?) = entry.shape else {
                Issue.record("\(aggregate.rawValue) takes no key path")
                continue
            }
            #expect(label == Aggregate.argumentLabel)
            let types = AggregateInstruction.fieldTypes(of: aggregate).map(\.description)
            #expect(allowed.map(\.description) == types.filter { $0 != "Duration" }, Comment(rawValue: aggregate.rawValue))
            for field in allowed {
                #expect(entry.result.type(event: 0, field: field) != nil, "\(aggregate.rawValue) of \(field)")
            }
        }
    }
}
