import Foundation
import Testing
import TipRulesCommands
import TipRulesTestSupport

/// A release that changes a tip's holdout under the people already in it: `publish` warns against
/// the channel's current release, `check --baseline` against a program in the field (TR0432).
@Suite struct HoldoutReleaseTests {
    /// Rules whose tip holds out `holdout`, with `id` (or none).
    private static func source(id: String?, holdout: String = "holdout(10, of: userID)") -> String {
        """
        configure { app("com.example.search") }
        parameter userID: String = ""
        event opened
        tip ProFiltersTip {
            \(id.map { "id: \"\($0)\"" } ?? "")
            title: "Pro filters"
            \(holdout)
            #Rule(Self.opened) { $0.donations.count >= 1 }
        }
        """
    }

    private func write(_ text: String, _ name: String, in work: ChannelWorkspace) throws -> String {
        let path = work.root + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func publishWarnsWhenAnIDRebucketsEveryone() throws {
        let work = try ChannelWorkspace()
        let first = try work.publish([try write(Self.source(id: nil), "v1.tiprules", in: work)], release: 1)
        #expect(!first.standardError.contains("warning"))
        let same = try work.publish([try write(Self.source(id: nil), "v1.tiprules", in: work)], release: 2)
        #expect(!same.standardError.contains("holdout"))
        let withID = try work.publish([try write(Self.source(id: "pro-filters"), "v2.tiprules", in: work)], release: 3)
        #expect(withID.standardError.contains(
            "warning: tip 'ProFiltersTip': its holdout group changes from \"ProFiltersTip\" to \"pro-filters\": every unit is bucketed again"))
        #expect(withID.standardError.contains("(release 2 holds out 10 % of group \"ProFiltersTip\")"))
        let wider = try work.publish([try write(Self.source(id: "pro-filters", holdout: "holdout(20, of: userID)"), "v3.tiprules", in: work)],
                                     release: 4)
        #expect(wider.standardError.contains(
            "its holdout share changes from 10 % to 20 %: holdout buckets 11 to 20 move to the holdout arm"))
    }

    @Test func checkWarnsAgainstItsBaseline() throws {
        let work = try ChannelWorkspace()
        let old = try write(Self.source(id: nil), "old.tiprules", in: work)
        let new = try write(Self.source(id: "pro-filters", holdout: "holdout(5, of: userID)"), "new.tiprules", in: work)
        let result = work.tiprulec(["check", new, "--baseline", old])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning[TR0432]: tip 'ProFiltersTip': its holdout group changes from \"ProFiltersTip\" to \"pro-filters\""))
        let json = work.tiprulec(["check", new, "--baseline", old, "--format", "json"]).standardOutput
        #expect(json.contains("its holdout share changes from 10 % to 5 %: holdout buckets 6 to 10 move to treatment"))
        #expect(work.tiprulec(["check", new, "--baseline", old, "--warnings-as-errors"]).status == 1)
        #expect(work.tiprulec(["check", old, "--baseline", old, "--warnings-as-errors"]).status == 0)
        // A compiled baseline, as the channel serves it.
        #expect(work.tiprulec(["compile", old, "-o", work.root + "/old.tipc"]).status == 0)
        #expect(work.tiprulec(["check", new, "--baseline", work.root + "/old.tipc", "--format", "json"]).standardOutput.contains("TR0432"))
    }
}
