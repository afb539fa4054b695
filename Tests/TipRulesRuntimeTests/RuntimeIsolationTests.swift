import Foundation
import Testing
import TipRulesTestSupport

/// The runtime library is standard library only, so an app can embed it without Foundation.
@Suite struct RuntimeIsolationTests {
    @Test func runtimeImportsNothing() throws {
        let sources = repositoryRoot
            .appendingPathComponent("Sources/TipRulesRuntime").resolvingSymlinksInPath()
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 10, "the runtime sources were not found at \(sources.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.first == "import" || (words.first?.hasPrefix("@") == true && words.dropFirst().first == "import") {
                    Issue.record("\(file.lastPathComponent) imports a module: \(line)")
                }
            }
        }
    }
}
