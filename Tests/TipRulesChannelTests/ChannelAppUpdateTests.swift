import Foundation
import Testing
import TipRulesTestSupport
import TipRulesStorage

/// `tiprules-demo` updating from a channel served by nginx, then updated as an app is (other
/// bundled rules) or relaunched: while the channel's release is unexpired it governs, whatever
/// release the bundled rules carry, and the host says which release governs, until when, and
/// why newer bundled rules were set aside; the host's clock (`--now`) decides at launch too.
@Suite(.nginxInstalled)
struct ChannelAppUpdateTests {
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    /// Launches the example host bundling the compiled `source` (with its clock at `now`, when
    /// given) and returns it with its first line.
    private func launch(bundling source: String, now: Double? = nil) throws -> (host: ChildHost, opened: String) {
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes(source)).write(to: URL(fileURLWithPath: bundled))
        let host = try ChildHost(ChannelWorkspace.demo, ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard",
                                             "--channel", work.url, "--trusted-key", work.publicKey] + (now.map { ["--now", String(Int($0))] } ?? []))
        return (host, host.answer())
    }

    @Test func anAppUpdateDoesNotUndoARollbackAndTheHostSaysWhy() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        // One tip set throughout, so that no update drops a tip (and prints a line about it).
        let first = try launch(bundling: try work.rules(release: 1))
        #expect(first.opened.hasSuffix(": rules release 1; no channel release recorded; the floor is release 1"), "\(first.opened)")
        #expect(first.host.ask("update") == "ok updated to channel release 5: rules release 5; words changed Welcome")
        #expect(first.host.answer() == "words Welcome: title \"Welcome to release 5\" (was \"Welcome to release 1\")")
        // Release 6 rolls back to release 3's program, which now carries the channel's release.
        try work.publish([try work.rules(release: 3)], release: 6)
        #expect(first.host.ask("update") == "ok updated to channel release 6: rules release 6; words changed Welcome")
        #expect(first.host.answer() == "words Welcome: title \"Welcome to release 3\" (was \"Welcome to release 5\")")
        first.host.kill()
        // An app update bundles rules of release 7: the channel's release 6 governs until its
        // manifest expires, and the host says so at launch and in `why`.
        let expiry = try #require(ChannelWorkspace.rfc3339(work.now + 86_400))
        let updated = try launch(bundling: try work.rules(release: 7))
        #expect(updated.opened.hasSuffix(": rules release 6; channel release 6 in force, governs until \(expiry) (its manifest's expiry); "
            + "bundled rules release 7 set aside: channel release 6 governs"), "\(updated.opened)")
        #expect(updated.host.ask("why Welcome") == "tip Welcome: available, displays")
        #expect(updated.host.answer() == "  rules: rules release 6; channel release 6 in force, governs until \(expiry) (its manifest's expiry); "
            + "bundled rules release 7 set aside: channel release 6 governs")
        updated.host.kill()
        #expect(try work.folderRules().release == 6)
        // Launched with its clock past the expiry: the same clock decides at launch as at updates.
        let late = try launch(bundling: try work.rules(release: 7), now: work.now + 86_400 + 60)
        #expect(late.opened.contains(": rules release 7; channel release 6 settled, but its program is not in force"), "\(late.opened)")
        #expect(late.opened.hasSuffix("its manifest expired at \(expiry): newer bundled rules may replace it"), "\(late.opened)")
        late.host.kill()
        #expect(try work.folderRules().release == 7)
    }

    @Test func aProgramWithoutItsOwnReleaseCarriesTheChannels() throws {
        let unnumbered = work.root + "/unnumbered.tiprules"
        try ChannelWorkspace.source(app: "com.example.backyard", release: 1, title: "Channel")
            .replacingOccurrences(of: " release(1)", with: "").write(toFile: unnumbered, atomically: true, encoding: .utf8)
        try work.publish([unnumbered], release: 4)
        let bundled = try work.rules(release: 2, title: "Bundled")
        let first = try launch(bundling: bundled)
        #expect(first.host.ask("update") == "ok updated to channel release 4: rules release 4; added Channel; removed Bundled")
        first.host.kill()
        let relaunched = try launch(bundling: bundled)
        #expect(relaunched.opened.contains(": rules release 4; channel release 4 in force, governs until"), "\(relaunched.opened)")
        relaunched.host.kill()
        #expect(try work.folderRules().tips.contains("Channel"))
    }
}
