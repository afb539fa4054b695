import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore

/// `tiprules-demo` updating from a channel served by nginx, killed with SIGKILL at random
/// instants of the update: after each kill the folder opens with the old rules or the new ones
/// (never a mix), every answered donation is there, the updater's record is whole, and the next
/// launch finishes the update. 50 kills by default; `TIPRULES_CHANNEL_KILLS=500` for the long form.
@Suite(.nginxInstalled)
struct ChannelKillTests {
    static var kills: Int { Int(ProcessInfo.processInfo.environment["TIPRULES_CHANNEL_KILLS"] ?? "") ?? 50 }

    @Test func killedAtRandomInstantsOfAnUpdate() throws {
        signal(SIGPIPE, SIG_IGN)
        let work = try ChannelWorkspace.servedByNginx()
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes()).write(to: URL(fileURLWithPath: bundled))
        let arguments = ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard",
                         "--channel", work.url, "--trusted-key", work.publicKey]
        var answered = 0
        var generator = SystemRandomNumberGenerator()
        for release in 2..<(2 + Self.kills) {
            try work.publish([try work.rules(release: release, title: release % 2 == 0 ? "Even" : "Odd")], release: release)
            let host = try ChildHost(ChannelWorkspace.demo, arguments)
            try #require(host.answer().hasPrefix("opened"))
            if host.ask("donate visited \(1_790_000_000 + release) backyardID=7").hasPrefix("ok") { answered += 1 }
            host.send("update")
            usleep(UInt32.random(in: 0...60_000, using: &generator))
            host.kill()

            let stored = try TipStore.read(folder: work.state)
            let rules = stored.engine.program
            #expect(rules.release == release || rules.release == release - 1 || (release == 2 && rules.release == 1))
            #expect(rules.tips.contains { $0.id == "Favorite" })
            let visited = try #require(rules.eventIndex(named: "visited"))
            #expect(stored.engine.store.donationCount(event: visited) == answered)

            let again = try ChildHost(ChannelWorkspace.demo, arguments)
            try #require(again.answer().hasPrefix("opened"))
            let outcome = again.ask("update")
            // "not modified" when the killed update had finished: the ETag is sent only while the
            // settled release's program is in force (checked just below).
            let finished = ["ok up to date with release \(release)", "ok not modified"]
            #expect(outcome.hasPrefix("ok updated to channel release \(release)") || finished.contains(outcome), "\(outcome)")
            again.kill()
            #expect(try TipStore.read(folder: work.state).engine.program.release == release)
        }
        withExtendedLifetime(work) {}
    }
}
