import Foundation
import Testing
import TipRulesCommands
import TipRulesToolingCore
import TipRulesTestSupport

/// Every channel committed under examples/ (a folder holding `manifest.json`) verifies as a
/// device trusting the public key beside it would: its signature, its artifacts (committed
/// with it) and their bytecode.
struct ExampleChannelTests {
    static let examples = repositoryRoot.appendingPathComponent("examples")

    static func channels() -> [URL] {
        let walker = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent == "manifest.json" }
            .map { $0.deletingLastPathComponent() }
    }

    @Test func everyCommittedExampleChannelVerifies() throws {
        let channels = Self.channels()
        #expect(!channels.isEmpty)
        for channel in channels {
            let folder = channel.deletingLastPathComponent()
            let keys = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pub") }
            #expect(!keys.isEmpty, "no public key beside \(channel.path)")
            let arguments = ["channel", "verify", channel.path] + keys.flatMap { ["--key", folder.appendingPathComponent($0).path] }
            let result = TiprulecCommand.run(arguments, environment: CommandEnvironment(), currentTime: { 1_800_000_000 })
            #expect(result.status == 0, "\(channel.path): \(result.standardOutput)\(result.standardError)")
            #expect(!result.standardOutput.contains("nothing (keeps"), "\(channel.path): every runtime loads a program")
        }
    }
}
