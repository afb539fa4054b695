import Foundation
import Testing
@testable import TipRulesCompiler
import TipRulesTestSupport

/// Every program in `examples/` and in the reference scenarios outside the repository (when present) parses and checks: the grammar
/// and the parser describe the same language.
@Suite struct ExampleTests {
    private func programs(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".tiprules") }.sorted().map { folder + "/" + $0 }
    }

    @Test func everyExampleChecksWithoutErrors() throws {
        let files = try programs(in: repositoryRoot.path + "/examples")
        #expect(files.count >= 8)
        for path in files {
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let compilation = Compilation(name: path, bytes: Array(bytes))
            #expect(!compilation.hasErrors, "\(path): \(compilation.diagnostics.map(\.message))")
            #expect(compilation.program != nil, Comment(rawValue: path))
            // travel.tiprules shows a custom display frequency on purpose, which the lint points out.
            let expected: [DiagnosticCode] = path.hasSuffix("travel.tiprules") ? [.customDisplayFrequency] : []
            if !path.hasSuffix("-beta.tiprules") {
                #expect(compilation.diagnostics.map(\.code) == expected, "\(path): \(compilation.diagnostics.map(\.message))")
            }
        }
    }

    @Test func betaSpellingsGiveFiveWarningsWithFixes() throws {
        let path = repositoryRoot.path + "/examples/backyard-beta.tiprules"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let found = Compilation(name: path, bytes: Array(bytes)).diagnostics
        #expect(found.map(\.code) == [.betaDisplayFrequency, .betaEventCount, .betaLargestSubsetBy,
                                           .betaMaxDisplayCount, .betaIgnoresDisplayFrequency])
        #expect(found.allSatisfy { $0.severity == .warning && !$0.fixes.isEmpty })
    }

    @Test func backyardResolvesRulesToLinesAndOptions() throws {
        let path = repositoryRoot.path + "/examples/backyard.tiprules"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let program = try #require(Compilation(name: path, bytes: Array(bytes)).program)
        #expect(program.displayFrequency == 86400)
        #expect(program.tips.map(\.name) == ["FavoriteBackyardTip"])
        #expect(program.tips[0].rules.map(\.line) == [16, 18])
        #expect(program.tips[0].options.maxDisplayCount == 5)
        #expect(program.events[0].maximumCount == 1000)
    }
}
