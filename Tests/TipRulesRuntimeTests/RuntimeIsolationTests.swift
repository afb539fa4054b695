import Foundation
import Testing
import TipRulesTestSupport

/// The libraries an app embeds without Foundation use the standard library and, at most, one
/// another: the runtime only the calendar, the calendar and the signing nothing.
@Suite struct RuntimeIsolationTests {
    @Test(arguments: [("TipRulesRuntime", ["TipRulesCalendar"]), ("TipRulesCalendar", []), ("TipRulesSigning", [])])
    func moduleImportsOnly(module: String, allowed: [String]) throws {
        let sources = repositoryRoot.appendingPathComponent("Sources/\(module)").resolvingSymlinksInPath()
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty, "the sources of \(module) were not found at \(sources.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                let imported = words.first == "import" ? words.dropFirst().first
                    : words.first?.hasPrefix("@") == true && words.dropFirst().first == "import" ? words.dropFirst(2).first : nil
                if let imported, !allowed.contains(String(imported)) {
                    Issue.record("\(file.lastPathComponent) in \(module) imports a module: \(line)")
                }
            }
        }
    }
}
