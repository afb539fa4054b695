import Foundation
import Testing
import TipRulesTestSupport

/// The freeze window: a host answering `304` keeps a device on its release until the manifest
/// expires, so `publish` expires it after a day by default, `publish --heartbeat` re-signs it
/// cheaply with a fresh expiry, and `channel verify` warns about a longer one. The device is the
/// example host (`tiprules-demo`) updating from nginx, with its clock set by `--now`.
@Suite(.nginxInstalled)
struct ChannelFreezeTests {
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    private func launch(at now: Double) throws -> ChildHost {
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes(try work.rules(release: 1))).write(to: URL(fileURLWithPath: bundled))
        let host = try ChildHost(ChannelWorkspace.demo, ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard",
                                             "--channel", work.url, "--trusted-key", work.publicKey, "--now", String(Int(now))])
        _ = host.answer()
        return host
    }

    @Test func aFrozenChannelIsStaleAfterADayAndAHeartbeatKeepsItFresh() throws {
        let start = work.now
        try work.publish([try work.rules(release: 5)], release: 5)
        let first = try launch(at: start)
        #expect(first.ask("update").hasPrefix("ok updated to channel release 5"))
        first.kill()
        // Without a heartbeat, the host answers 304 past the default expiry of one day.
        let expiry = try #require(ChannelWorkspace.rfc3339(start + 86_400))
        let frozen = try launch(at: start + 86_400 + 600)
        #expect(frozen.ask("update") == "refused: release 5's manifest expired at \(expiry) (the channel is stale or frozen)")
        frozen.kill()
        // A heartbeat two hours in: the same release, a fresh expiry; the device is up to date.
        work.now = start + 7_200
        let beat = work.tiprulec(["publish", "--heartbeat", "--channel", work.channel, "--key", work.key])
        #expect(beat.status == 0, "\(beat.standardError)")
        #expect(beat.standardOutput.hasPrefix("re-signed release 5 of com.example.backyard (heartbeat), expires \(try #require(ChannelWorkspace.rfc3339(start + 7_200 + 86_400)))"),
                "\(beat.standardOutput)")
        let fresh = try launch(at: start + 86_400 + 600)
        #expect(fresh.ask("update") == "ok up to date with release 5")
        fresh.kill()
        #expect(try work.folderRules().release == 5)
    }

    @Test func aHeartbeatChangesNothingButTheExpiryAndBuildsOnlyOnWhatItVerified() throws {
        try work.publish([try work.rules(release: 5)], release: 5, ["--pause", "Favorite"])
        let before = try JSONSerialization.jsonObject(with: try work.channelFiles().manifest) as? [String: Any]
        work.now += 60
        #expect(work.tiprulec(["publish", "--heartbeat", "--channel", work.channel, "--key", work.key, "--expires", "2d"]).status == 0)
        let after = try JSONSerialization.jsonObject(with: try work.channelFiles().manifest) as? [String: Any]
        for field in ["app", "release", "artifacts", "paused"] {
            #expect((before?[field] as? NSObject) == (after?[field] as? NSObject), "\(field)")
        }
        #expect(work.tiprulec(["publish", "--heartbeat", "--channel", work.channel, "--key", work.key, "--release", "6"]).status == 2)
        #expect(work.tiprulec(["publish", try work.rules(release: 6), "--heartbeat", "--channel", work.channel, "--key", work.key]).status == 2)
        // An edited manifest is never re-signed.
        try work.replaceInFile(work.channel + "/manifest.json") { $0 = Array(String(decoding: $0, as: UTF8.self)
            .replacingOccurrences(of: "\"release\": 5", with: "\"release\": 9").utf8) }
        let edited = work.tiprulec(["publish", "--heartbeat", "--channel", work.channel, "--key", work.key, "--expires", "3d"])
        #expect(edited.status == 2)
        #expect(edited.standardError.contains("not by a trusted key"), "\(edited.standardError)")
    }

    @Test func channelVerifyWarnsOnAnExpiryLongerThanADay() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let daily = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey])
        #expect(daily.status == 0)
        #expect(!daily.standardOutput.contains("warning"), "\(daily.standardOutput)")
        try work.publish([try work.rules(release: 6)], release: 6, ["--expires", "14d"])
        let long = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey])
        #expect(long.status == 0)
        #expect(long.standardOutput.contains("  warning: the manifest expires in 14 days: a host answering 304"), "\(long.standardOutput)")
        #expect(long.standardOutput.contains("publish --heartbeat"), "\(long.standardOutput)")
        let json = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey, "--format", "json"])
        #expect(json.standardOutput.contains("\"warnings\""), "\(json.standardOutput)")
        #expect(json.standardOutput.contains("\"the manifest expires in 14 days: "), "\(json.standardOutput)")
    }
}
