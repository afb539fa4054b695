import Foundation
import Testing
import TipRulesTestSupport
import TipRulesChannelCore

/// `tiprulec publish` processes stopped midway: killed with SIGKILL at random instants, or
/// failing between writing the manifest and putting its signature file in place. Meanwhile a
/// device finds the release before or the one being published, whole, or refuses the channel
/// (keeping its rules); running the same publish again finishes it. 40 kills by default;
/// `TIPRULES_PUBLISH_KILLS=400` for the long form.
@Suite(.nginxInstalled)
struct PublishKillTests {
    static var kills: Int { Int(ProcessInfo.processInfo.environment["TIPRULES_PUBLISH_KILLS"] ?? "") ?? 40 }
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    private func publishArguments(_ release: Int) throws -> [String] {
        ["publish", try work.rules(release: release), "--channel", work.channel, "--key", work.key, "--release", String(release)]
    }

    /// What a device trusting the team's key finds in the folder: the release it accepts, or nil.
    private func accepted() -> Int? {
        let verified = work.tiprulec(["channel", "verify", work.channel, "--key", work.publicKey, "--format", "json"])
        guard verified.status == 0, let data = verified.standardOutput.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["release"] as? Int
    }

    @Test func aPublishKilledAtRandomInstantsIsFinishedByRunningItAgain() throws {
        try work.publish([try work.rules(release: 1)], release: 1)
        // How long a whole publish takes, to spread the kills over it.
        let started = Date()
        let whole = PublishRaceTests.finish(try PublishRaceTests.start(try publishArguments(2)))
        try #require(whole.status == 0, "\(whole.error)")
        let span = UInt32(max(Date().timeIntervalSince(started), 0.01) * 1.2 * 1_000_000)
        var halfWritten = 0
        var generator = SystemRandomNumberGenerator()
        for release in 3..<(3 + Self.kills) {
            let arguments = try publishArguments(release)
            let process = try PublishRaceTests.start(arguments)
            usleep(UInt32.random(in: 0...span, using: &generator))
            kill(process.0.processIdentifier, SIGKILL)
            _ = PublishRaceTests.finish(process)
            // Nothing but a whole, signed release is ever taken: the one before, or this one.
            let found = accepted()
            #expect(found == nil || found == release - 1 || found == release, "after the kill: release \(found ?? 0)")
            if found == nil { halfWritten += 1 }
            let again = PublishRaceTests.finish(try PublishRaceTests.start(arguments))
            #expect(again.status == 0, "release \(release) run again: \(again.error)")
            #expect(accepted() == release)
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: work.channel)) ?? [])
                + ((try? FileManager.default.contentsOfDirectory(atPath: work.channel + "/artifacts")) ?? [])
            #expect(!left.contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".pending") }, "left behind: \(left)")
        }
        print("publish killed \(Self.kills) times; \(halfWritten) left the channel between its manifest and its signature")
    }

    @Test func aPublishStoppedBeforeItsSignatureIsInPlaceIsFinishedAndNoDeviceTakesItMeanwhile() throws {
        // The signature file's name taken by a folder: the publish writes the manifest, then
        // cannot put its signature file in place, as if killed at that instant.
        try FileManager.default.createDirectory(atPath: work.channel + "/manifest.json.sig", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: work.channel + "/manifest.json.sig/blocker"))
        let stopped = PublishRaceTests.finish(try PublishRaceTests.start(try publishArguments(4)))
        #expect(stopped.status == 2, "\(stopped.error)")
        #expect(FileManager.default.fileExists(atPath: work.channel + "/manifest.json"))
        try FileManager.default.removeItem(atPath: work.channel + "/manifest.json.sig")

        // A device meanwhile keeps its rules.
        let store = try work.openStore()
        let updater = try work.updater(url: work.url)
        let meanwhile = work.update(updater, store)
        guard case .failure(.httpStatus(_, status: 404)) = meanwhile else { Issue.record("\(meanwhile)"); return }
        #expect(try work.folderRules().release == 1)

        let again = PublishRaceTests.finish(try PublishRaceTests.start(try publishArguments(4)))
        #expect(again.status == 0, "\(again.error)")
        #expect(again.error.contains("finished the interrupted publish of release 4"), "\(again.error)")
        guard case .success(.ready) = work.update(updater, store) else { Issue.record("release 4 was not taken"); return }
        #expect(try work.folderRules().release == 4)
        #expect(!FileManager.default.fileExists(atPath: work.channel + "/" + "manifest.json.sig.pending"))
    }
}
