import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore

/// A channel published by `tiprulec publish`, served by nginx on the loopback interface, fetched
/// and applied by the storage library's updater; after each case, the folder's rules and the
/// updater's record as a relaunch finds them.
@Suite(.nginxInstalled)
struct ChannelFieldTests {
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    @Test func aGoodReleaseIsAppliedThenA304ChangesNothing() async throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let store = try work.openStore()
        let updater = try work.updater(url: work.url)
        // As an app does it: the fetch awaited (on a thread of its own), then activated.
        guard case .ready(let download) = try await updater.fetch(inForce: store.programBytes, now: work.now) else {
            Issue.record("the release was not offered"); return
        }
        try updater.activate(download, in: store)
        #expect(download.release == 5)
        #expect(try work.folderRules().release == 5)
        #expect(try work.folderRules().tips.contains("Welcome"))
        #expect(try updater.highestSeenRelease() == 5)
        let again = work.update(updater, store)
        #expect(again == .success(.notModified))
        #expect(try work.folderRules().release == 5)
    }

    @Test func channelVerifyChecksAChannelByItsURL() throws {
        try work.publish([try work.rules(release: 5)], release: 5, ["--stage", "100"])
        let accepted = work.tiprulec(["channel", "verify", work.url, "--key", work.publicKey, "--app", "com.example.backyard"])
        #expect(accepted.status == 0, "\(accepted.standardOutput)")
        #expect(accepted.standardOutput.contains("release 5 of com.example.backyard"))
        let other = work.root + "/other"
        #expect(work.tiprulec(["keygen", "-o", other]).status == 0)
        let refused = work.tiprulec(["channel", "verify", work.url, "--key", other + ".pub", "--format", "json"])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("\"accepted\": false"))
    }

    @Test func aTamperedArtifactIsRefusedAndTheRulesStay() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        for name in try FileManager.default.contentsOfDirectory(atPath: work.channel + "/artifacts") {
            try work.replaceInFile(work.channel + "/artifacts/" + name) { $0[$0.count - 1] ^= 1 }
        }
        let store = try work.openStore()
        let result = work.update(try work.updater(url: work.url), store)
        guard case .failure(.artifactMismatch) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 1)
    }

    @Test func aTamperedManifestIsRefused() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        try work.replaceInFile(work.channel + "/manifest.json") { bytes in
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"release\": 5", with: "\"release\": 9")
            bytes = Array(text.utf8)
        }
        let store = try work.openStore()
        let result = work.update(try work.updater(url: work.url), store)
        guard case .failure(.untrustedSignature) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 1)
        // Nothing of the tampered manifest counts: the highest release seen is the bundled rules'.
        #expect(try work.updater(url: work.url).highestSeenRelease() == 1)
    }

    @Test func aManifestSignedByAnUntrustedKeyIsRefused() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let other = work.root + "/other"
        #expect(work.tiprulec(["keygen", "-o", other]).status == 0)
        let store = try work.openStore()
        let result = work.update(try work.updater(url: work.url, keys: [other + ".pub"]), store)
        guard case .failure(.untrustedSignature) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 1)
    }

    @Test func aSecondTrustedKeyAllowsRotation() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let other = work.root + "/other"
        #expect(work.tiprulec(["keygen", "-o", other]).status == 0)
        let store = try work.openStore()
        let result = work.update(try work.updater(url: work.url, keys: [other + ".pub", work.publicKey]), store)
        guard case .success(.ready) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 5)
    }

    @Test func aReplayedOlderManifestIsRefusedAlsoAfterARollback() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        let old = (try Data(contentsOf: URL(fileURLWithPath: work.channel + "/manifest.json")),
                   try Data(contentsOf: URL(fileURLWithPath: work.channel + "/manifest.json.sig")))
        let store = try work.openStore()
        let updater = try work.updater(url: work.url)
        _ = work.update(updater, store)
        try work.publish([try work.rules(release: 6)], release: 6)
        _ = work.update(updater, store)
        #expect(try work.folderRules().release == 6)
        // The rules in force go back (an app update's bundled rules, a restored backup) …
        try store.update(toRules: try work.bundledBytes(), policy: RulesUpdatePolicy(allowsRollback: true))
        // … and the old manifest is served again: refused, as release 6 was seen.
        try old.0.write(to: URL(fileURLWithPath: work.channel + "/manifest.json"))
        try old.1.write(to: URL(fileURLWithPath: work.channel + "/manifest.json.sig"))
        let result = work.update(updater, store)
        #expect(result == .failure(.replayedRelease(offered: 5, highestSeen: 6)))
        #expect(try work.folderRules().release == 1)
    }

    @Test func anExpiredManifestIsRefused() throws {
        try work.publish([try work.rules(release: 5)], release: 5, ["--expires", "90s"])
        let store = try work.openStore()
        let result = work.update(try work.updater(url: work.url), store, at: work.now + 91)
        guard case .failure(.expired(release: 5, _)) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 1)
    }

    @Test func anotherAppsManifestIsRefused() throws {
        try work.publish([try work.rules(release: 5, app: "com.example.other")], release: 5)
        let store = try work.openStore()
        let result = work.update(try work.updater(url: work.url), store)
        #expect(result == .failure(.otherApp(expected: "com.example.backyard", found: "com.example.other")))
        #expect(try work.folderRules().release == 1)
    }

    @Test func aReleaseOnlyNewerRuntimesReadLoadsTheFallbackOrNothing() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        // An app build whose runtime reads format versions 1 and 2 bundles rules of those.
        let bundled = work.root + "/bundled-v1.tiprules"
        try "tip Bundled { title: \"bundled\" }\n".write(toFile: bundled, atomically: true, encoding: .utf8)
        let store = try work.openStore(bundling: bundled)
        let olderRuntime = try work.updater(url: work.url, newestReadable: 2)
        #expect(work.update(olderRuntime, store) == .failure(.nothingToLoad(release: 5, newestReadable: 2)))
        #expect(try work.folderRules().tips == ["Bundled"])
        try work.publish([try work.rules(release: 6), try work.fallbackRules()], release: 6)
        guard case .success(.ready) = work.update(olderRuntime, store) else { Issue.record("no fallback"); return }
        #expect(try work.folderRules().tips == ["Fallback"])
    }

    @Test func aStagedReleaseReachesOnlyItsShareAndWideningKeepsIt() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        try work.publish([try work.rules(release: 6, title: "Staged")], release: 6, ["--stage", "30"])
        let group = "com.example.backyard:6"
        let inside = try #require((0..<500).map { "install-\($0)" }.first { RolloutBucket.bucket(of: $0, group: group) <= 30 })
        let outside = try #require((0..<500).map { "install-\($0)" }.first { RolloutBucket.bucket(of: $0, group: group) > 60 })
        let store = try work.openStore()
        _ = work.update(try work.updater(url: work.url, installID: outside), store)
        #expect(try work.folderRules().release == 5)
        // Another install: its own folder.
        work.state = work.root + "/state-inside"
        let insideStore = try work.openStore()
        guard case .success(.ready) = work.update(try work.updater(url: work.url, installID: inside), insideStore) else {
            Issue.record("the install inside the share did not take the release"); return
        }
        #expect(try work.folderRules().release == 6)
        try work.publish([try work.rules(release: 6, title: "Staged")], release: 7, ["--stage", "60"])
        #expect(work.update(try work.updater(url: work.url, installID: inside), insideStore) == .success(.upToDate(release: 7)))
        #expect(try work.folderRules().release == 6)
    }

    @Test func aPausedTipNeverDisplays() throws {
        try work.publish([try work.rules(release: 5)], release: 5, ["--pause", "Welcome"])
        let store = try work.openStore()
        _ = work.update(try work.updater(url: work.url), store)
        #expect(try work.folderRules().release == 5)
        #expect(!store.tipsToDisplay(at: work.now).contains("Welcome"))
        try work.publish([try work.rules(release: 5)], release: 6)
        _ = work.update(try work.updater(url: work.url), store)
        #expect(store.tipsToDisplay(at: work.now).contains("Welcome"))
    }

    @Test func aHeartbeatKeepsTheReleaseFresh() throws {
        let rules = try work.rules(release: 5)
        try work.publish([rules], release: 5, ["--expires", "1h"])
        let store = try work.openStore()
        let updater = try work.updater(url: work.url)
        _ = work.update(updater, store)
        work.now += 1800
        let beat = try work.publish([rules], release: 5, ["--expires", "1h"])
        #expect(beat.standardOutput.contains("heartbeat"))
        #expect(work.update(updater, store, at: work.now + 3000) == .success(.upToDate(release: 5)))
    }
}
