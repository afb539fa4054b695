import Foundation
import TipRulesTooling
import XCTest

/// Replays every input that ever made a fuzz target (or a hand-made attack) crash, hang or
/// blow up, through the same entry points as the fuzzers (`FuzzEntryPoints`): each must return,
/// within a generous time bound. New findings go into `FuzzRegressions/TARGET/` (docs/fuzzing.md).
final class FuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    private func replay(_ target: String, _ entry: ([UInt8]) -> Void) throws {
        let folder = Self.directory.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertFalse(names.isEmpty, "no inputs in \(folder.path)")
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let start = Date()
            entry(bytes)
            XCTAssertLessThan(Date().timeIntervalSince(start), 20, "\(target)/\(name) took too long")
        }
    }

    func testSourceInputs() throws { try replay("source", FuzzEntryPoints.source) }
    func testBytecodeInputs() throws { try replay("bytecode", FuzzEntryPoints.bytecode) }
    func testFixtureInputs() throws { try replay("fixture", FuzzEntryPoints.fixture) }
    func testLanguageServerInputs() throws { try replay("lsp", FuzzEntryPoints.languageServer) }
    func testImportInputs() throws { try replay("import", FuzzEntryPoints.swiftImport) }
    func testStateInputs() throws { try replay("state", FuzzEntryPoints.state) }
    func testRowsInputs() throws { try replay("rows", FuzzEntryPoints.rows) }
}
