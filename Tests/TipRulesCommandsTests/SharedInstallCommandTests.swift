import Foundation
import TipRulesRuntime
import TipRulesState
import Testing
import TipRulesTestSupport

/// Two live folders under one install id (here: an `install` file from before its `folder` line,
/// copied into another folder) that made exactly as many operations each, syncing only through a
/// third folder that holds one's operations: found on the first exchanges with `tiprulec state
/// merge`, whichever of the two gives way, and every folder ends with every operation answered.
extension StateSyncCommandTests {
    /// The twin: five operations as the phone's are (the plan, two visits, a display, a closed
    /// tip), all different, under the phone's install id, its first visit at `firstVisit`.
    func twin(of phone: String, program: String, firstVisit: String) throws -> String {
        let fixture = try write("twin.json", """
        {"now": "2026-11-20T12:00:00Z", "parameters": {"plan": "pro"},
         "donations": {"visited": [{"date": "\(firstVisit)", "id": 5}, {"date": "2026-11-19T13:00:00Z", "id": 6}]},
         "tips": {"Favorite": {"displayCount": 2, "displayDuration": 3, "invalidated": null},
                  "Share": {"displayCount": 0, "displayDuration": 0, "invalidated": "actionPerformed"}}}
        """)
        let twin = folder.appendingPathComponent("twin").path
        #expect(run(["state", "import", fixture, "--program", program, "-o", twin]).status == 0)
        // The phone's install file as a library before the `folder` line wrote it: nothing tells the copy.
        let install = try String(contentsOfFile: phone + "/install", encoding: .utf8)
        try Data((install.split(separator: "\n")[0] + "\n").utf8).write(to: URL(fileURLWithPath: twin + "/install"))
        return twin
    }

    /// The visits a folder's state holds, by id.
    func visits(_ folder: String) -> [String] {
        let export = run(["state", "export", folder]).standardOutput
        return (1...6).map(String.init).filter { export.contains("\"id\" : \($0)") || export.contains("\"id\": \($0)") }
    }

    /// The phone's first visit is at 10:00 on the 19th: a twin's later one gives way (the twin
    /// continues under a new id), an earlier one wins (the tablet moves the phone's operations,
    /// then the phone continues under that id).
    @Test(arguments: ["2026-11-19T12:00:00Z", "2026-11-19T08:00:00Z"])
    func twoFoldersUnderOneIDWithAsManyOperationsAreFoundThroughAThirdAndLoseNothing(firstVisit: String) throws {
        let (program, phone, tablet) = try installs()
        #expect(run(["state", "merge", tablet, phone]).status == 0)
        let twin = try twin(of: phone, program: program, firstVisit: firstVisit)
        let phoneVector = vector(of: phone)
        #expect(vector(of: twin) == phoneVector, "as many operations under the same id: vectors alone cannot tell")
        // Each hears from the tablet, and the tablet from each, through `state merge` alone.
        var said = ""
        for (receiver, sender) in [(twin, tablet), (tablet, twin), (phone, tablet), (tablet, phone), (twin, tablet)] {
            let merged = run(["state", "merge", receiver, sender])
            #expect(merged.status == 0, Comment(rawValue: merged.standardError))
            said += merged.standardError
        }
        #expect(said.contains("this folder continues as install"), Comment(rawValue: said))
        #expect(said.contains("which this folder held differently") == (firstVisit < "2026-11-19T10:00:00Z"), Comment(rawValue: said))
        let expected = ["1", "2", "3", "5", "6"]
        for folder in [phone, tablet, twin] {
            #expect(visits(folder) == expected, Comment(rawValue: run(["state", "export", folder]).standardOutput))
            #expect(vector(of: folder) == vector(of: tablet))
        }
        for folder in [phone, twin] {
            #expect(run(["state", "merge", folder, tablet]).standardOutput.hasPrefix("\(tablet): nothing new\n"))
            #expect(run(["state", "merge", tablet, folder]).standardOutput.hasPrefix("\(folder): nothing new\n"))
        }
        let ids = Set([phone, twin].map { (try? String(contentsOfFile: $0 + "/install", encoding: .utf8)) ?? "" })
        #expect(ids.count == 2, "the one that gave way continues under a new id")
    }
}
