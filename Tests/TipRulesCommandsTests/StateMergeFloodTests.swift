import Foundation
import TipRulesRuntime
import TipRulesState
import Testing
import TipRulesTestSupport

/// `tiprulec state merge` of a change set file larger than the journal's bound: merged as it is
/// read, its last display dates (and, at a clock, the donations no rule can see) folded to what
/// one device holds.
extension StateSyncCommandTests {
    @Test func aFloodOfLastDisplayDatesMergesToWhatOneDeviceHolds() throws {
        let (_, phone, _) = try installs()
        let peer = InstallID(high: 0xF100D, low: 1)
        var history = SyncHistory(install: peer)
        for index in 0..<40_000 { history.record(.lastDisplayDate, date: 1_795_000_000 + Double(index * 7 % 40_000)) }
        let bytes = history.changes(app: "com.example.sync").encoded()
        #expect(bytes.count > 256 * 1024, "past the journal's bound")
        let file = try scratch.write("flood.tipsync", bytes)
        let merged = run(["state", "merge", phone, file])
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(merged.standardOutput.hasPrefix("\(file): 40000 operations merged\n"), Comment(rawValue: merged.standardOutput))
        #expect(vector(of: phone)[peer] == 40_000)
        let kept = run(["state", "changes", phone]).standardOutput.split(separator: "\n").filter { $0.hasPrefix("\(peer) ") }
        #expect(kept.count <= 2, "the latest, and the install's last: \(kept)")
        #expect(run(["state", "merge", phone, file]).standardOutput.hasPrefix("\(file): nothing new\n"))
    }

    @Test func aFloodOfDonationsFoldsAtTheClockGivenWithNow() throws {
        let (_, phone, tablet) = try installs()
        let peer = InstallID(high: 0xF100D, low: 2)
        var history = SyncHistory(install: peer)
        // A visit a minute for a fortnight: at the clock, only the event's last 1,000 can decide anything.
        let now = 1_795_000_000.0
        for index in 0..<20_000 { history.record(.donate(event: "visited", fields: ["id": .int(index % 9)]), date: now - Double(20_000 - index) * 60) }
        let bytes = history.changes(app: "com.example.sync").encoded()
        #expect(bytes.count > 256 * 1024, "past the journal's bound")
        let file = try scratch.write("visits.tipsync", bytes)
        func peerLines(_ folder: String) -> Int {
            run(["state", "changes", folder]).standardOutput.split(separator: "\n").filter { $0.hasPrefix("\(peer) ") }.count
        }
        let atClock = run(["state", "merge", phone, file, "--now", "\(Int(now))"])
        #expect(atClock.status == 0, Comment(rawValue: atClock.standardError))
        #expect(atClock.standardOutput.hasPrefix("\(file): 20000 operations merged\n"), Comment(rawValue: atClock.standardOutput))
        #expect(vector(of: phone)[peer] == 20_000)
        #expect((1_000...1_001).contains(peerLines(phone)), "the last thousand, and the install's last")
        // Without a clock nothing is pruned: every visit stays.
        #expect(run(["state", "merge", tablet, file]).status == 0)
        #expect(peerLines(tablet) == 20_000)
        #expect(run(["state", "merge", phone, file, "--now", "soon"]).standardError.hasPrefix("error: --now: expected an RFC 3339 date"))
    }
}
