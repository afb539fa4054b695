import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore
import TipRulesSigning

/// What `publish` builds on and what it refuses to write, with the channel served by nginx and
/// applied by the updater: an edited channel folder is never signed, a program a device would
/// refuse is never published, a staged release over a staged one keeps the first one's
/// audience.
@Suite(.nginxInstalled)
struct PublishTrustTests {
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    func publishing(_ programs: [String], release: Int, _ options: [String] = []) -> (status: Int32, error: String) {
        let result = work.tiprulec(["publish"] + programs + ["--channel", work.channel, "--key", work.key,
                                                             "--release", String(release)] + options)
        return (result.status, result.standardError)
    }

    func manifest() throws -> ChannelManifest {
        try ChannelManifest(json: Array(try Data(contentsOf: URL(fileURLWithPath: work.channel + "/manifest.json"))))
    }

    /// Rules that name no app but need format version 3 (their release): what a device whose
    /// rules name the app refuses.
    func applessRules(release: Int) throws -> String {
        let path = work.root + "/appless-\(release).tiprules"
        try "configure { release(\(release)) }\ntip Welcome { title: \"no app\" }\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aProgramNamingNoAppIsRefusedWhereDevicesRulesNameOne() throws {
        let refused = publishing([try applessRules(release: 5)], release: 5, ["--app", "com.example.backyard"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("names no app"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: work.channel + "/manifest.json"))
        // A fallback for older runtimes names no app (format version 1 cannot); beside rules that
        // name it, it is published.
        try work.publish([try work.rules(release: 5), try work.fallbackRules()], release: 5)
        #expect(publishing([try applessRules(release: 6)], release: 6).status == 2, "the channel's app applies too")
        #expect(try manifest().release == 5)
    }

    @Test func channelVerifyFlagsAProgramNamingNoAppAndTheDeviceRefusesIt() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        // Release 6 as an older publish wrote it: the app-less program for every runtime.
        let compiled = work.root + "/appless.tipc"
        #expect(work.tiprulec(["compile", try applessRules(release: 6), "-o", compiled]).status == 0)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: compiled)))
        var next = try manifest()
        next.release = 6
        next.artifacts = try ReleaseSigner.place(bytes, in: work.channel, versions: [3])
        try ReleaseSigner(work: work).sign(next)
        let verified = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey])
        #expect(verified.status == 1)
        #expect(verified.standardOutput.contains("names no app: a device whose rules name 'com.example.backyard' refuses it"),
                "\(verified.standardOutput)")
        let store = try work.openStore()
        guard case .failure(.store) = work.update(try work.updater(url: work.url), store) else { Issue.record("the device took it"); return }
        #expect(try work.folderRules().release == 1)
    }

    @Test func aStagedReleaseOverAStagedOneKeepsTheFirstOnesAudience() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        try work.publish([try work.rules(release: 6, title: "Canary")], release: 6, ["--stage", "5"])
        try work.publish([try work.rules(release: 7, title: "Second")], release: 7, ["--stage", "10"])
        let staging = try #require(try manifest().staging)
        #expect(staging.previousRelease == 5)
        let outside = try #require((0..<2000).map { "install-\($0)" }.first {
            RolloutBucket.bucket(of: $0, group: "com.example.backyard:6") > 5 && RolloutBucket.bucket(of: $0, group: staging.group) > 10
        })
        let store = try work.openStore()
        guard case .success(.ready) = work.update(try work.updater(url: work.url, installID: outside), store) else {
            Issue.record("the install outside both shares took nothing"); return
        }
        #expect(try work.folderRules().release == 5, "the 5 % canary never reaches the other 95 %")
    }

    @Test func anEditedManifestIsNeverSignedAndStartingOverIsExplicit() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        var raised = try manifest()
        raised.release = 900
        try Data(raised.json).write(to: URL(fileURLWithPath: work.channel + "/manifest.json"))
        let edited = Array(try Data(contentsOf: URL(fileURLWithPath: work.channel + "/manifest.json")))
        let refused = publishing([try work.rules(release: 6)], release: 6)
        #expect(refused.status == 2)
        #expect(refused.error.contains("does not verify") && refused.error.contains("--start-over"), "\(refused.error)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: work.channel + "/manifest.json"))) == edited, "nothing written")
        let store = try work.openStore()
        guard case .failure(.untrustedSignature) = work.update(try work.updater(url: work.url), store) else {
            Issue.record("the edited manifest was taken"); return
        }
        #expect(publishing([try work.rules(release: 6)], release: 6, ["--start-over"]).status == 0)
        work.now += 1
        guard case .success(.ready) = work.update(try work.updater(url: work.url), store) else { Issue.record("release 6 not taken"); return }
        #expect(try work.folderRules().release == 6)
    }

    @Test func aManifestSignedByAnotherKeyIsRefusedUnlessNamedAsThePreviousKey() throws {
        try work.publish([try work.rules(release: 5)], release: 5)
        #expect(work.tiprulec(["keygen", "-o", work.root + "/next"]).status == 0)
        let rotated = work.tiprulec(["publish", try work.rules(release: 6), "--channel", work.channel, "--key", work.root + "/next.key",
                                     "--release", "6"])
        #expect(rotated.status == 2)
        let named = work.tiprulec(["publish", try work.rules(release: 6), "--channel", work.channel, "--key", work.root + "/next.key",
                                   "--release", "6", "--previous-key", work.publicKey])
        #expect(named.status == 0, "\(named.standardError)")
        // An attacker's manifest signed with the attacker's key: the team's next publish refuses it.
        #expect(work.tiprulec(["keygen", "-o", work.root + "/attacker"]).status == 0)
        var forged = try manifest()
        forged.release = 50
        try ReleaseSigner(work: work, key: work.root + "/attacker.key").sign(forged)
        #expect(work.tiprulec(["publish", try work.rules(release: 7), "--channel", work.channel, "--key", work.root + "/next.key",
                               "--release", "7"]).status == 2)
    }

    @Test func anEditedPreviousArtifactsOrAChangedArtifactIsRefused() throws {
        let attacker = try work.rules(release: 66, title: "Attack")
        try work.publish([try work.rules(release: 5)], release: 5)
        try work.publish([try work.rules(release: 6, title: "Staged")], release: 6, ["--stage", "10"])
        // The previous release's artifact replaced by other bytes under its name.
        let previous = try #require(try manifest().staging?.previousArtifacts.last)
        let compiled = work.root + "/attack.tipc"
        #expect(work.tiprulec(["compile", attacker, "-o", compiled]).status == 0)
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: work.channel + "/" + previous.path)))
        try Data(contentsOf: URL(fileURLWithPath: compiled)).write(to: URL(fileURLWithPath: work.channel + "/" + previous.path))
        let widened = publishing([try work.rules(release: 6, title: "Staged")], release: 7, ["--stage", "50"])
        #expect(widened.status == 2)
        #expect(widened.error.contains(previous.path), "\(widened.error)")
        // The artifact of the new release is written again when its bytes are not its name's.
        try Data(original).write(to: URL(fileURLWithPath: work.channel + "/" + previous.path))
        let current = try #require(try manifest().artifacts.last)
        try Data(contentsOf: URL(fileURLWithPath: compiled)).write(to: URL(fileURLWithPath: work.channel + "/" + current.path))
        #expect(publishing([try work.rules(release: 6, title: "Staged")], release: 8).status == 0)
        let repaired = Array(try Data(contentsOf: URL(fileURLWithPath: work.channel + "/" + current.path)))
        #expect(Hex.string(SHA512.hash(repaired)) == current.sha512)
        #expect(work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey]).status == 0)
    }
}

/// Signs a manifest as a publish would, for cases a publish refuses to write.
struct ReleaseSigner {
    let work: ChannelWorkspace
    var key: String?

    init(work: ChannelWorkspace, key: String? = nil) {
        self.work = work
        self.key = key
    }

    func sign(_ manifest: ChannelManifest) throws {
        let pem = try String(contentsOfFile: key ?? work.key, encoding: .utf8)
        let file = try Ed25519KeyFile(pem: pem)
        let seed = try #require(file.seed)
        let bytes = manifest.json
        let signature = try #require(Ed25519.signature(of: bytes, seed: seed))
        let signatures = ChannelSignatures(entries: [.init(keyID: KeyID.of(publicKey: file.publicKey), signature: Base64.encode(signature))])
        try Data(bytes).write(to: URL(fileURLWithPath: work.channel + "/manifest.json"))
        try Data(signatures.json).write(to: URL(fileURLWithPath: work.channel + "/manifest.json.sig"))
    }

    /// Writes `bytes` as an artifact and lists it for `versions`.
    static func place(_ bytes: [UInt8], in channel: String, versions: [Int]) throws -> [ChannelArtifact] {
        let hash = Hex.string(SHA512.hash(bytes))
        try Data(bytes).write(to: URL(fileURLWithPath: channel + "/" + ChannelArtifact.path(forHash: hash)))
        return versions.map { ChannelArtifact(formatVersion: $0, path: ChannelArtifact.path(forHash: hash), sha512: hash, size: bytes.count) }
    }
}
