import Foundation
import TipRulesToolingCore

/// The examples folder of the source tree this benchmark was built from, else of the current
/// folder; nil when neither holds examples/backyard.tiprules.
func examplesFolder() -> URL? {
    let sourceTree = SourceTree.root(containing: #filePath).map { [$0.appendingPathComponent("examples")] } ?? []
    let candidates = sourceTree + [URL(fileURLWithPath: "examples")]
    return candidates.first(where: {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("backyard.tiprules").path)
    })
}
