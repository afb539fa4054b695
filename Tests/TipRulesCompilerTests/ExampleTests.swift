import Foundation
import XCTest
@testable import TipRulesCompiler

/// Every program in `examples/` and in the contract parses and checks: the grammar
/// and the parser describe the same language.
final class ExampleTests: XCTestCase {
    private func programs(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".tiprules") }.sorted().map { folder + "/" + $0 }
    }

    func testEveryExampleChecksWithoutErrors() throws {
        let files = try programs(in: repositoryRoot + "/examples")
        XCTAssertGreaterThanOrEqual(files.count, 8)
        for path in files {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
            let compilation = Compilation(name: path, bytes: Array(bytes))
            XCTAssertFalse(compilation.hasErrors, "\(path): \(compilation.diagnostics.map(\.message))")
            XCTAssertNotNil(compilation.program, path)
            // travel.tiprules shows a custom display frequency on purpose, which the lint points out.
            let expected: [DiagnosticCode] = path.hasSuffix("travel.tiprules") ? [.customDisplayFrequency] : []
            if !path.hasSuffix("-beta.tiprules") {
                XCTAssertEqual(compilation.diagnostics.map(\.code), expected, "\(path): \(compilation.diagnostics.map(\.message))")
            }
        }
    }

    func testBetaSpellingsGiveFiveWarningsWithFixes() throws {
        let path = repositoryRoot + "/examples/backyard-beta.tiprules"
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let found = Compilation(name: path, bytes: Array(bytes)).diagnostics
        XCTAssertEqual(found.map(\.code), [.betaDisplayFrequency, .betaEventCount, .betaLargestSubsetBy,
                                           .betaMaxDisplayCount, .betaIgnoresDisplayFrequency])
        XCTAssertTrue(found.allSatisfy { $0.severity == .warning && !$0.fixes.isEmpty })
    }

    func testBackyardResolvesRulesToLinesAndOptions() throws {
        let path = repositoryRoot + "/examples/backyard.tiprules"
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let program = try XCTUnwrap(Compilation(name: path, bytes: Array(bytes)).program)
        XCTAssertEqual(program.displayFrequency, 86400)
        XCTAssertEqual(program.tips.map(\.name), ["FavoriteBackyardTip"])
        XCTAssertEqual(program.tips[0].rules.map(\.line), [16, 18])
        XCTAssertEqual(program.tips[0].options.maxDisplayCount, 5)
        XCTAssertEqual(program.events[0].maximumCount, 1000)
    }
}
