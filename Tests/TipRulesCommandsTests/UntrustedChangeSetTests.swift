import Foundation
import TipRulesCommands
import TipRulesRuntime
import TipRulesState
import Testing
import TipRulesTestSupport

/// Change sets as a hostile or buggy peer would write them, merged with `tiprulec state merge`
/// into real folders (the phone and the tablet of `installs()`): no baseline erases an operation a
/// folder holds, a claim past what the sender can show is clipped (with a warning) or refused, and
/// no count near 2^63 makes a black hole.
extension StateSyncCommandTests {
    /// The installs whose operations `state changes DIR` lists, with the last number of each.
    func vector(of folder: String) -> [InstallID: Int] {
        var counts: [InstallID: Int] = [:]
        for line in run(["state", "changes", folder]).standardOutput.split(separator: "\n") where !line.hasPrefix("baseline") {
            let parts = line.split(separator: " ")
            guard parts.count > 1, let install = InstallID(parts[0]), let number = Int(parts[1].dropFirst()) else { continue }
            counts[install] = max(counts[install] ?? 0, number)
        }
        return counts
    }

    /// A change set file for the app, holding `operations` and `baseline`.
    func forged(_ name: String, _ operations: [StampedOperation], baseline: VersionVector?) throws -> String {
        try scratch.write(name, ChangeSet(app: "com.example.sync", operations: operations, baseline: baseline).encoded())
    }

    @Test func aBaselineClaimingAFoldersOwnCountErasesNothing() throws {
        let (_, phone, _) = try installs()
        let own = try #require(vector(of: phone).first)
        let before = run(["state", "export", phone]).standardOutput
        let file = try forged("own.tipsync", [], baseline: VersionVector([own.key: own.value]))
        let merged = run(["state", "merge", phone, file])
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(run(["state", "export", phone]).standardOutput == before, "the closed tip, the visits and the plan stay")
        // Past its own count: refused whole.
        let past = try forged("past.tipsync", [], baseline: VersionVector([own.key: own.value + 1]))
        let refused = run(["state", "merge", phone, past])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("is this folder's own but was never made here"), Comment(rawValue: refused.standardError))
        #expect(run(["state", "export", phone]).standardOutput == before)
    }

    @Test func aBaselineNamingAnotherInstallErasesNoneOfItsOperationsHere() throws {
        let (_, phone, tablet) = try installs()
        #expect(run(["state", "merge", phone, tablet]).status == 0)
        let before = run(["state", "export", phone]).standardOutput
        #expect(before.contains("\"id\" : 3") || before.contains("\"id\": 3"), Comment(rawValue: before))
        let counts = vector(of: phone)
        let file = try forged("all.tipsync", [], baseline: VersionVector(counts))
        #expect(run(["state", "merge", phone, file]).status == 0)
        #expect(run(["state", "export", phone]).standardOutput == before, "the tablet's visit stays")
        // Merged back, the tablet loses nothing either.
        #expect(run(["state", "merge", tablet, phone]).status == 0)
        #expect(run(["state", "merge", phone, tablet]).status == 0)
        #expect(run(["state", "export", phone]).standardOutput == before)
    }

    @Test func aClaimPastWhatTheSenderCarriesIsClippedAndItsInstallsLaterOperationsStillCount() throws {
        let (_, phone, _) = try installs()
        _ = vector(of: phone)
        let before = run(["state", "export", phone]).standardOutput
        let third = InstallID(high: 0xABC, low: 1)
        let donation = StampedOperation(install: third, sequence: 1, date: 1_795_000_000,
                                        change: .donate(event: "visited", fields: ["id": .int(7)]))
        // It claims 1,000 operations of the third install folded, and carries one.
        let file = try forged("claim.tipsync", [donation], baseline: VersionVector([third: 1_000]))
        let merged = run(["state", "merge", phone, file])
        #expect(merged.status == 0)
        #expect(merged.standardError.contains("baseline claims 1000 operations of install \(third) were folded"),
                Comment(rawValue: merged.standardError))
        #expect(merged.standardError.contains("taken as 1"))
        // The third install's operation 2 is not swallowed by the claim.
        let second = StampedOperation(install: third, sequence: 2, date: 1_795_000_100,
                                      change: .donate(event: "visited", fields: ["id": .int(8)]))
        let next = run(["state", "merge", phone, try forged("next.tipsync", [second], baseline: nil)])
        #expect(next.standardOutput.contains("1 operation merged"), Comment(rawValue: next.standardOutput))
        let after = run(["state", "export", phone]).standardOutput
        #expect(after != before)
        #expect(after.contains("8"), Comment(rawValue: after))
    }

    @Test func countsNearTwoToTheSixtyThirdAreRefusedWholeAndLeaveNoBlackHole() throws {
        let (_, phone, tablet) = try installs()
        let tabletInstall = try #require(vector(of: tablet).first?.key)
        _ = vector(of: phone)
        let before = run(["state", "export", phone]).standardOutput
        for (name, count) in [("2^62", 1 << 62), ("2^63-1", Int.max)] {
            let file = try forged("\(name).tipsync", [], baseline: VersionVector([tabletInstall: count]))
            let refused = run(["state", "merge", phone, file])
            #expect(refused.status == 2, "\(name)")
            #expect(refused.standardError.contains("over 281474976710656"), Comment(rawValue: refused.standardError))
            let numbered = try forged("\(name)-op.tipsync", [StampedOperation(install: tabletInstall, sequence: count, date: 1_795_000_000,
                                                                               change: .lastDisplayDate)], baseline: nil)
            #expect(run(["state", "merge", phone, numbered]).status == 2, "\(name): an operation numbered so")
            #expect(run(["state", "export", phone]).standardOutput == before, "\(name)")
        }
        // The tablet's operations still come through.
        let merged = run(["state", "merge", phone, tablet])
        #expect(merged.standardOutput.contains("3 operations merged"), Comment(rawValue: merged.standardOutput))
    }

    /// A restored folder whose operations under its install id the tablet holds past its own:
    /// `state merge` finds it from the tablet's operations, merges the tablet's whole history to see
    /// where the two parted, and the phone continues under a new install id with nothing lost.
    @Test func aFolderWhoseOwnLaterOperationsAnotherHoldsContinuesUnderANewID() throws {
        let (_, phone, tablet) = try installs()
        let (install, count) = try #require(vector(of: phone).first)
        let lost = StampedOperation(install: install, sequence: count + 1, date: 1_795_000_000,
                                    change: .donate(event: "visited", fields: ["id": .int(42)]))
        #expect(run(["state", "merge", tablet, try forged("lost.tipsync", [lost], baseline: nil)]).status == 0)
        #expect(run(["state", "merge", tablet, phone]).status == 0)
        let merged = run(["state", "merge", phone, tablet])
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(merged.standardError.contains("numbers operations under this folder's install id \(install): this folder continues as install"),
                Comment(rawValue: merged.standardError))
        #expect(vector(of: phone)[install] == count + 1, "the operation the tablet held stays the former install's")
        let export = run(["state", "export", phone]).standardOutput
        #expect(export.contains("42"), Comment(rawValue: export))
        #expect(!run(["state", "export", phone]).standardError.contains("install \(install)"), "the phone's install id is a new one")
    }
}
