import Foundation
import Testing
import TipRulesTestSupport
import TipRulesStorage

/// `tiprules-demo` updating from a channel served by nginx, then updated as an app is (other
/// bundled rules) or relaunched: while the channel's release is unexpired it governs, whatever
/// release the bundled rules carry.
@Suite(.enabled(if: TestServer.nginx != nil, "nginx is not installed (.ci/run installs it)"))
struct ChannelAppUpdateTests {
    static var demo: URL { builtProduct("tiprules-demo") }
    let work: ChannelWorkspace
    let server: TestServer
    let url: String

    init() throws {
        (work, server, url) = try ChannelWorkspace.servedByNginx()
    }

    /// Launches the example host bundling the compiled `source` and returns it with its first line.
    private func launch(bundling source: String) throws -> (host: ChildHost, opened: String) {
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes(source)).write(to: URL(fileURLWithPath: bundled))
        let host = try ChildHost(Self.demo, ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard",
                                             "--channel", url, "--trusted-key", work.publicKey])
        return (host, host.answer())
    }

    @Test func anAppUpdateDoesNotUndoARollback() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        // One tip set throughout, so that no update drops a tip (and prints a line about it).
        let first = try launch(bundling: try work.rules(release: 1))
        #expect(first.host.ask("update") == "ok updated to channel release 5: rules release 5; words changed Welcome")
        #expect(first.host.answer() == "words Welcome: title \"Welcome to release 5\" (was \"Welcome to release 1\")")
        // Release 6 rolls back to release 3's program.
        try work.publish([try work.rules(release: 3)], release: 6)
        #expect(first.host.ask("update") == "ok updated to channel release 6: rules release 3; words changed Welcome")
        #expect(first.host.answer() == "words Welcome: title \"Welcome to release 3\" (was \"Welcome to release 5\")")
        first.host.kill()
        // An app update bundles rules of release 5: the channel's release 6 still governs.
        let updated = try launch(bundling: try work.rules(release: 5))
        #expect(updated.opened.hasSuffix("rules release 3"), "\(updated.opened)")
        let answer = updated.host.ask("update")
        #expect(answer == "ok not modified" || answer == "ok up to date with release 6", "\(answer)")
        updated.host.kill()
        #expect(try work.folderRules().release == 3)
    }

    @Test func aRelaunchKeepsTheChannelsProgramThatCarriesNoRelease() throws {
        let unnumbered = work.root + "/unnumbered.tiprules"
        try ChannelWorkspace.source(app: "com.example.backyard", release: 1, title: "Channel")
            .replacingOccurrences(of: " release(1)", with: "").write(toFile: unnumbered, atomically: true, encoding: .utf8)
        try work.publish([unnumbered], release: 4)
        let bundled = try work.rules(release: 2, title: "Bundled")
        let first = try launch(bundling: bundled)
        #expect(first.host.ask("update") == "ok updated to channel release 4: the rules name no release; added Channel; removed Bundled")
        first.host.kill()
        let relaunched = try launch(bundling: bundled)
        #expect(relaunched.opened.hasSuffix("the rules name no release"), "\(relaunched.opened)")
        relaunched.host.kill()
        #expect(try work.folderRules().tips.contains("Channel"))
    }
}
