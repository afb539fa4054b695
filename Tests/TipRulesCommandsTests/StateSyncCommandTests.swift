import Foundation
import TipRulesCommands
import Testing
import TipRulesTestSupport

/// `tiprulec state merge` and `state changes`: a person's installs merged by hand, and the result
/// is what `eval` of one fixture holding every operation decides.
@Suite struct StateSyncCommandTests: CommandTesting {
    let scratch = TemporaryFolder()

    static let program = """
    configure { app("com.example.sync") }
    parameter plan: String = "free"
    event visited(id: Int)
    tip Favorite {
        title: "f"
        #Rule(Self.visited) { $0.donations.count >= 3 }
        options { MaxDisplayCount(3) }
    }
    tip Share {
        title: "s"
        #Rule(Self.$plan) { $0 == "pro" }
    }
    """

    /// Two installs' folders: the phone (two visits, one display, closed Share, plan "team" at
    /// 10:00) and the tablet (one visit, two displays, plan "pro" at 11:00).
    func installs() throws -> (program: String, phone: String, tablet: String) {
        let program = try write("app.tiprules", Self.program)
        let phone = try write("phone.json", """
        {"now": "2026-11-20T10:00:00Z", "parameters": {"plan": "team"},
         "donations": {"visited": [{"date": "2026-11-19T10:00:00Z", "id": 1}, {"date": "2026-11-19T11:00:00Z", "id": 2}]},
         "tips": {"Favorite": {"displayCount": 1, "displayDuration": 5, "invalidated": null},
                  "Share": {"displayCount": 0, "displayDuration": 0, "invalidated": "tipClosed"}}}
        """)
        let tablet = try write("tablet.json", """
        {"now": "2026-11-20T11:00:00Z", "parameters": {"plan": "pro"},
         "donations": {"visited": [{"date": "2026-11-20T09:00:00Z", "id": 3}]},
         "tips": {"Favorite": {"displayCount": 1, "displayDuration": 7, "invalidated": null}}}
        """)
        let phoneFolder = folder.appendingPathComponent("phone").path
        let tabletFolder = folder.appendingPathComponent("tablet").path
        #expect(run(["state", "import", phone, "--program", program, "-o", phoneFolder]).status == 0)
        #expect(run(["state", "import", tablet, "--program", program, "-o", tabletFolder]).status == 0)
        return (program, phoneFolder, tabletFolder)
    }

    @Test func mergedFoldersDecideWhatOneFixtureOfEveryOperationDecides() throws {
        let (program, phone, tablet) = try installs()
        let merged = run(["state", "merge", phone, tablet])
        #expect(merged.status == 0, Comment(rawValue: merged.standardError))
        #expect(merged.standardOutput.hasPrefix("\(tablet): 3 operations merged\n\(phone): vector "), Comment(rawValue: merged.standardOutput))
        #expect(run(["state", "merge", tablet, phone]).status == 0)
        let union = try write("union.json", """
        {"now": "2026-11-20T11:00:00Z", "parameters": {"plan": "pro"},
         "donations": {"visited": [{"date": "2026-11-19T10:00:00Z", "id": 1}, {"date": "2026-11-19T11:00:00Z", "id": 2},
                                   {"date": "2026-11-20T09:00:00Z", "id": 3}]},
         "tips": {"Favorite": {"displayCount": 2, "displayDuration": 12, "invalidated": null},
                  "Share": {"displayCount": 0, "displayDuration": 0, "invalidated": "tipClosed"}}}
        """)
        let expected = run(["eval", program, "--fixture", union, "--format", "json"])
        for state in [phone, tablet] {
            #expect(run(["eval", program, "--state", state, "--now", "2026-11-20T11:00:00Z", "--format", "json"]) == expected)
        }
        // Merging again brings nothing and changes nothing.
        let before = run(["state", "export", phone])
        #expect(run(["state", "merge", phone, tablet]).standardOutput.hasPrefix("\(tablet): nothing new\n"))
        #expect(run(["state", "export", phone]) == before)
        #expect(before.standardError.contains("note: \(phone): install "), Comment(rawValue: before.standardError))
    }

    @Test func changeSetFilesCarryWhatAPeerLacks() throws {
        let (_, phone, tablet) = try installs()
        let file = folder.appendingPathComponent("tablet.tipsync").path
        #expect(run(["state", "changes", tablet, "-o", file]).status == 0)
        let listing = run(["state", "changes", tablet]).standardOutput
        #expect(listing.split(separator: "\n").count == 3, Comment(rawValue: listing))
        #expect(listing.contains(" #2 2026-11-20T09:00:00Z donate visited id=3\n"), Comment(rawValue: listing))
        #expect(run(["state", "merge", phone, file]).status == 0)
        // The phone's vector names the tablet's operations: asked with it, the tablet has nothing more.
        let vector = try #require(run(["state", "merge", phone, file]).standardOutput.split(separator: "\n").last?
            .split(separator: " ").last.map(String.init))
        #expect(run(["state", "changes", tablet, "--since", vector]).standardOutput == "")
        let bad = run(["state", "changes", tablet, "--since", "abc=1"])
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix("error: --since: version vector entry 1: 'abc' is not an install id"), Comment(rawValue: bad.standardError))
    }

    @Test func aCompactedFolderSendsItsFullStateToAPeerBehindItsBaseline() throws {
        let (program, phone, tablet) = try installs()
        // A merge that sets a parameter writes a snapshot, which compacts the phone's history.
        #expect(run(["state", "merge", phone, tablet]).status == 0)
        let listing = run(["state", "changes", phone]).standardOutput
        #expect(listing.hasPrefix("baseline "), Comment(rawValue: listing))
        let file = folder.appendingPathComponent("phone.tipsync").path
        #expect(run(["state", "changes", phone, "-o", file]).status == 0)
        #expect(run(["state", "merge", tablet, file]).status == 0)
        let at = ["--now", "2026-11-20T11:00:00Z", "--format", "json"]
        #expect(run(["eval", program, "--state", tablet] + at) == run(["eval", program, "--state", phone] + at))
    }

    @Test func aDamagedOrForeignChangeSetIsRefusedAndChangesNothing() throws {
        let (_, phone, tablet) = try installs()
        let file = folder.appendingPathComponent("tablet.tipsync").path
        #expect(run(["state", "changes", tablet, "-o", file]).status == 0)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count - 3] ^= 0xFF
        let damaged = folder.appendingPathComponent("damaged.tipsync").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let other = try write("other.tiprules", Self.program.replacingOccurrences(of: "com.example.sync", with: "com.example.other"))
        let otherFolder = folder.appendingPathComponent("other").path
        #expect(run(["state", "import", try write("empty.json", "{}"), "--program", other, "-o", otherFolder]).status == 0)
        let before = run(["state", "export", phone])
        for (input, message) in [(damaged, "checksum mismatch"), (otherFolder, "a change set for the app 'com.example.other'")] {
            let refused = run(["state", "merge", phone, input])
            #expect(refused.status == 2)
            #expect(refused.standardError.contains(message), Comment(rawValue: refused.standardError))
            #expect(run(["state", "export", phone]) == before)
        }
    }
}
