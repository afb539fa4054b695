import Foundation
import Testing
import TipRulesTestSupport

/// The release the rules in force carry is the floor of every update, whatever becomes of the
/// updater's record: the example host (`tiprules-demo`) updating from nginx, its record deleted
/// or damaged, is served an older, validly signed manifest (a replay) and refuses it; a damaged
/// record never keeps the folder from opening, one line says it was rebuilt, and later updates
/// work. `tiprulec eval --state` names the channel release in force.
@Suite(.nginxInstalled)
struct ChannelFloorTests {
    let work: ChannelWorkspace

    init() throws {
        work = try .servedByNginx()
    }

    private func launch() throws -> (host: ChildHost, opened: String) {
        let bundled = work.root + "/bundled.tipc"
        try Data(try work.bundledBytes(try work.rules(release: 1))).write(to: URL(fileURLWithPath: bundled))
        let host = try ChildHost(ChannelWorkspace.demo, ["--state", work.state, "--bundled", bundled, "--app", "com.example.backyard",
                                             "--channel", work.url, "--trusted-key", work.publicKey])
        return (host, host.answer())
    }

    /// Release 3 published and kept for a replay, then release 5 applied by the host; the
    /// replayed files of release 3 are what the channel serves afterwards.
    private func applyFiveKeepingThree() throws -> (manifest: Data, signatures: Data) {
        try work.publish([try work.rules(release: 3)], release: 3)
        let three = try work.channelFiles()
        try work.publish([try work.rules(release: 5)], release: 5)
        let first = try launch()
        #expect(first.host.ask("update") == "ok updated to channel release 5: rules release 5; words changed Welcome")
        first.host.kill()
        return three
    }

    @Test func aDeletedRecordNeverLetsAnOlderReleaseIn() throws {
        let three = try applyFiveKeepingThree()
        try FileManager.default.removeItem(atPath: work.state + "/channel-updater.json")
        try work.restoreChannelFiles(three)
        let relaunched = try launch()
        #expect(relaunched.opened.hasSuffix(": rules release 5; no channel release recorded; the floor is release 5"),
                "\(relaunched.opened)")
        #expect(relaunched.host.ask("update")
            == "refused: the manifest is release 3, below release 5 this install has seen or has in force (a replayed or stale manifest)")
        relaunched.host.kill()
        #expect(try work.folderRules().release == 5)
    }

    @Test func aDamagedRecordIsRebuiltFromTheRulesInForce() throws {
        let three = try applyFiveKeepingThree()
        let five = try work.channelFiles()
        try work.replaceInFile(work.state + "/channel-updater.json") { $0.removeLast($0.count / 2) }
        try work.restoreChannelFiles(three)
        let relaunched = try launch()
        #expect(relaunched.opened.hasSuffix(": rules release 5; channel release 5 in force, expiry not known until the channel is asked again"),
                "\(relaunched.opened)")
        let rebuilt = relaunched.host.answer()
        #expect(rebuilt.hasPrefix("recovered: channel-updater.json was damaged ("), "\(rebuilt)")
        #expect(rebuilt.hasSuffix("); rebuilt from the rules in force, whose release 5 is the floor"), "\(rebuilt)")
        #expect(relaunched.host.ask("update")
            == "refused: the manifest is release 3, below release 5 this install has seen or has in force (a replayed or stale manifest)")
        // The channel's own release 5 again, then a new one: updates work as before.
        try work.restoreChannelFiles(five)
        #expect(relaunched.host.ask("update") == "ok up to date with release 5")
        try work.publish([try work.rules(release: 6)], release: 6)
        #expect(relaunched.host.ask("update") == "ok updated to channel release 6: rules release 6; words changed Welcome")
        relaunched.host.kill()
        #expect(try work.folderRules().release == 6)

        let expiry = try #require(ChannelWorkspace.rfc3339(work.now + 86_400))
        let inForce = work.tiprulec(["eval", "--state", work.state, "--now", String(Int(work.now))])
        #expect(inForce.standardOutput.hasPrefix(
            "rules: in force in \(work.state) (release 6); channel release 6 in force, governs until \(expiry) (its manifest's expiry)\n"),
                "\(inForce.standardOutput)")
        let json = work.tiprulec(["eval", "--state", work.state, "--now", String(Int(work.now)), "--format", "json"])
        #expect(json.standardOutput.contains("\"governs\": true"), "\(json.standardOutput)")
        #expect(json.standardOutput.contains("\"expires\": \"\(expiry)\""), "\(json.standardOutput)")
        // At a later instant, the same record: expired.
        let late = work.tiprulec(["eval", "--state", work.state, "--now", String(Int(work.now) + 86_401)])
        #expect(late.standardOutput.contains("channel release 6 in force, its manifest expired at \(expiry)"), "\(late.standardOutput)")
    }
}
