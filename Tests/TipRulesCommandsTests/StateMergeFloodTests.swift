import Foundation
import TipRulesRuntime
import TipRulesState
import Testing
import TipRulesTestSupport

/// `tiprulec state merge` of a change set file larger than the journal's bound: merged as it is
/// read, its last display dates folded to what one device holds.
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
}
