import Foundation
import TipRulesCommands
import Testing

/// Replays every input that ever made a fuzz target (or a hand-made attack) crash, hang or
/// blow up, through the same entry points as the fuzzers (`FuzzEntryPoints`): each must return,
/// within a generous time bound. New findings go into `FuzzRegressions/TARGET/` (docs/fuzzing.md).
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    private func replay(_ target: String, _ entry: ([UInt8]) -> Void) throws {
        let folder = Self.directory.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty, "no inputs in \(folder.path)")
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let start = Date()
            entry(bytes)
            #expect(Date().timeIntervalSince(start) < 20, "\(target)/\(name) took too long")
        }
    }

    @Test func sourceInputs() throws { try replay("source", FuzzEntryPoints.source) }
    @Test func bytecodeInputs() throws { try replay("bytecode", FuzzEntryPoints.bytecode) }
    @Test func fixtureInputs() throws { try replay("fixture", FuzzEntryPoints.fixture) }
    @Test func languageServerInputs() throws { try replay("lsp", FuzzEntryPoints.languageServer) }
    @Test func importInputs() throws { try replay("import", FuzzEntryPoints.swiftImport) }
    @Test func stateInputs() throws { try replay("state", FuzzEntryPoints.state) }
    @Test func rowsInputs() throws { try replay("rows") { #expect(FuzzEntryPoints.rows($0), "read by shape and the usual way alike") } }
    @Test func changeSetInputs() throws { try replay("changes", FuzzEntryPoints.changeSet) }
    @Test func channelInputs() throws { try replay("channel", FuzzEntryPoints.channel) }
}
