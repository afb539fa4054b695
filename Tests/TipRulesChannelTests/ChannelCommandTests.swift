import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesCommands
import TipRulesToolingCore
import TipRulesSigning
import TipRulesChannelCore

/// `tiprulec keygen`, `publish` and `channel verify` from the command line, with keys made by
/// tiprulec and by OpenSSL.
struct ChannelCommandTests {
    static var openssl: String? {
        ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func keygenWritesAPrivateKeyOnlyItsOwnerReadsAndPrintsTheKeyID() throws {
        let work = try ChannelWorkspace()
        #expect(try Self.mode(work.key) == 0o600)
        let publicKey = try Ed25519KeyFile(pem: try String(contentsOfFile: work.publicKey, encoding: .utf8)).publicKey
        let again = work.tiprulec(["keygen", "-o", work.root + "/team"])
        #expect(again.status == 2)
        let other = work.tiprulec(["keygen", "-o", work.root + "/second"])
        #expect(other.status == 0)
        #expect(!other.standardOutput.contains(KeyID.of(publicKey: publicKey)))
        #expect(work.tiprulec(["keygen"]).status == 2)
    }

    @Test func publishThenVerifyAcceptsAndSaysWhatEachRuntimeLoads() throws {
        let work = try ChannelWorkspace()
        let published = try work.publish([try work.rules(release: 3), try work.fallbackRules()], release: 3)
        #expect(published.standardOutput.contains("key id"))
        let verified = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey, "--app", "com.example.backyard"])
        #expect(verified.status == 0, "\(verified.standardOutput)")
        #expect(verified.standardOutput.contains("format version 1: artifacts/"))
        #expect(verified.standardOutput.contains("format version 3: artifacts/"))
        let json = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.standardOutput.contains("\"accepted\": true"))
        let otherApp = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey, "--app", "com.example.other"])
        #expect(otherApp.status == 1)
        #expect(otherApp.standardOutput.contains("com.example.other"))
        #expect(work.tiprulec(["channel", "verify", work.channel]).status == 2)
        #expect(work.tiprulec(["channel", "verify", work.channel, "--key", work.root + "/missing.pub"]).status == 2)
    }

    @Test func verifyRefusesATamperedChannel() throws {
        let work = try ChannelWorkspace()
        try work.publish([try work.rules(release: 3)], release: 3)
        for name in try FileManager.default.contentsOfDirectory(atPath: work.channel + "/artifacts") {
            try work.replaceInFile(work.channel + "/artifacts/" + name) { $0[20] ^= 0x40 }
        }
        let verified = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey])
        #expect(verified.status == 1)
        #expect(verified.standardOutput.contains("SHA-512"))
    }

    @Test func releasesOnlyGoUpExceptAHeartbeat() throws {
        let work = try ChannelWorkspace()
        let rules = try work.rules(release: 3)
        try work.publish([rules], release: 3)
        let arguments = { (release: Int, extra: [String]) in
            ["publish", rules, "--channel", work.channel, "--key", work.key, "--release", String(release)] + extra
        }
        #expect(work.tiprulec(arguments(2, [])).status == 2)
        #expect(work.tiprulec(arguments(3, ["--pause", "Welcome"])).status == 2)
        work.now += 60
        let heartbeat = work.tiprulec(arguments(3, []))
        #expect(heartbeat.status == 0)
        #expect(heartbeat.standardOutput.contains("heartbeat"))
        // A rollback: the older program under a higher release.
        #expect(work.tiprulec(arguments(4, [])).status == 0)
        #expect(work.tiprulec(arguments(5, ["--expires", "3x"])).status == 2)
        #expect(work.tiprulec(arguments(5, ["--stage", "0"])).status == 2)
        #expect(work.tiprulec(arguments(5, ["--pause", "NoSuchTip"])).status == 2)
    }

    @Test func aProgramWithErrorsExitsOne() throws {
        let work = try ChannelWorkspace()
        let broken = work.root + "/broken.tiprules"
        try "tip { title: }\n".write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(work.tiprulec(["publish", broken, "--channel", work.channel, "--key", work.key, "--release", "1"]).status == 1)
    }

    @Test func aPrivateKeyOthersMayReadIsRefused() throws {
        let work = try ChannelWorkspace()
        chmod(work.key, 0o644)
        let result = work.tiprulec(["publish", try work.rules(release: 3), "--channel", work.channel, "--key", work.key, "--release", "3"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("chmod 600"))
    }

    @Test(.enabled(if: openssl != nil, "openssl is not installed"))
    func openSSLKeysSignAndOpenSSLVerifiesTiprulecSignatures() throws {
        let work = try ChannelWorkspace()
        let openssl = try #require(Self.openssl)
        let key = work.root + "/openssl.key"
        try #require(try Self.run(openssl, ["genpkey", "-algorithm", "ed25519", "-out", key]) == 0)
        chmod(key, 0o600)
        try #require(try Self.run(openssl, ["pkey", "-in", key, "-pubout", "-out", work.root + "/openssl.pub"]) == 0)
        let published = work.tiprulec(["publish", try work.rules(release: 3), "--channel", work.channel, "--key", key, "--release", "3"])
        #expect(published.status == 0, "\(published.standardError)")
        #expect(work.tiprulec(["channel", "verify", work.channel, "--key", work.root + "/openssl.pub"]).status == 0)
        // OpenSSL verifies the signature tiprulec wrote over the manifest's exact bytes.
        let signatures = try ChannelSignatures(json: Array(try Data(contentsOf: URL(fileURLWithPath: work.channel + "/manifest.json.sig"))))
        let entry = try #require(signatures.entries.first)
        let signature = try Base64.decode(entry.signature)
        try Data(signature).write(to: URL(fileURLWithPath: work.root + "/manifest.sig.bin"))
        #expect(try Self.run(openssl, ["pkeyutl", "-verify", "-pubin", "-inkey", work.root + "/openssl.pub", "-rawin",
                                       "-in", work.channel + "/manifest.json", "-sigfile", work.root + "/manifest.sig.bin"]) == 0)
        // And a key tiprulec made is one OpenSSL reads.
        #expect(try Self.run(openssl, ["pkey", "-in", work.key, "-noout"]) == 0)
    }

    @Test func everyCommandHasHelp() throws {
        let work = try ChannelWorkspace()
        for command in [["keygen"], ["publish"], ["channel", "verify"]] {
            let help = work.tiprulec(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("usage: tiprulec \(command[0])"))
        }
    }
}
