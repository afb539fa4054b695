import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore
import TipRulesSigning

/// The example host updating from a channel served by nginx says what each release changed
/// (tips added, removed, paused, words changed, the program's release), shows the words of the
/// rules in force, gives a paused tip's reason; `tiprulec eval --state` sees the same rules.
@Suite(.nginxInstalled)
struct DemoChannelUpdateTests {
    @Test func eachUpdateSaysWhatItChangedAndThePausedTipSaysWhy() throws {
        let work = try ChannelWorkspace.servedByNginx()
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes()).write(to: URL(fileURLWithPath: bundled))
        let host = try ChildHost(builtProduct("tiprules-demo"),
                                 ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard", "--now", "1790000000",
                                  "--channel", work.url, "--trusted-key", work.publicKey])
        defer { host.kill() }
        #expect(host.answer() == "opened \(work.state): rules release 1; no channel release recorded; the floor is release 1")
        try work.publish([try work.rules(release: 5)], release: 5)
        #expect(host.ask("update") == "ok updated to channel release 5: rules release 5; added Welcome; removed Bundled")
        #expect(host.answer() == "not carried over: tip 'Bundled' is gone; its display state is dropped")
        let next = work.root + "/next.tiprules"
        try ChannelWorkspace.source(app: "com.example.backyard", release: 6, title: "Welcome")
            .replacingOccurrences(of: "title: \"Welcome to release 6\"", with: "title: \"Hello again\"\n    image: \"hand.wave\"")
            .write(toFile: next, atomically: true, encoding: .utf8)
        try work.publish([next], release: 6, ["--pause", "Favorite"])
        #expect(host.ask("update") == "ok updated to channel release 6: rules release 6; paused Favorite; words changed Welcome")
        #expect(host.answer() == "words Welcome: title \"Hello again\" (was \"Welcome to release 5\"), image \"hand.wave\" (was none)")
        #expect(host.ask("donate visited 1790000100 backyardID=7") == "ok donated visited")
        #expect(host.ask("status") == "Welcome: available")
        #expect(host.answer() == "Favorite: pending (paused by the channel, this release's kill switch)")
        #expect(host.answer() == "ok status")
        #expect(host.ask("why Favorite") == "tip Favorite: pending, does not display")
        let rulesLine = host.answer()
        #expect(rulesLine.hasPrefix("  rules: rules release 6; channel release 6 in force, governs until "), "\(rulesLine)")
        #expect(host.answer() == "  pending: paused by the channel, this release's kill switch")
        #expect(host.answer() == "  rule 1, line 8: true")
        #expect(host.answer() == "  rule 2, line 6: false — paused by the channel")
        #expect(host.answer() == "ok why Favorite")
        #expect(host.ask("show") == "Welcome: \"Hello again\" (image hand.wave)")
        #expect(host.answer() == "ok showing [Welcome]")

        // The folder's rules in force, as eval sees them: the pause, not the source's rules.
        let inForce = work.tiprulec(["eval", "--state", work.state, "--now", "1790000200"])
        #expect(inForce.standardOutput.contains("tip Favorite: pending, does not display\n  pending: paused by the channel"), "\(inForce.standardOutput)")
        #expect(inForce.standardOutput.hasPrefix("rules: in force in \(work.state) (release 6); channel release 6 in force, governs until "),
                "\(inForce.standardOutput)")
        let source = work.tiprulec(["eval", next, "--state", work.state, "--now", "1790000200"])
        #expect(source.standardError.contains("the rules in force (release 6) are not \(next)"), "\(source.standardError)")
        withExtendedLifetime(work) {}
    }
}
