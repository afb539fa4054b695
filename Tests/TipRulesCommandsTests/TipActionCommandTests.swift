import Foundation
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// A tip's actions in the commands: `eval` prints them (text and JSON, only for tips that have
/// some), `emit-swift` writes them and `import` reads them back.
@Suite struct TipActionCommandTests: CommandTesting {
    let scratch = TemporaryFolder()
    private static let source = """
    tip PasskeyTip {
        title: "Sign in with a passkey"
        actions {
            Action(id: "create", title: "Create a passkey")
            Action(id: "learn-more", title: "Learn \\"more\\"")
        }
    }
    tip QuietTip { title: "Quiet" }

    """

    @Test func evalPrintsTheActionsOfTipsThatHaveThem() throws {
        let program = try write("actions.tiprules", Self.source)
        let fixture = try write("store.json", "{}")
        let text = run(["eval", program, "--fixture", fixture])
        #expect(text.status == 0, Comment(rawValue: text.standardError))
        #expect(text.standardOutput.contains("tip PasskeyTip: available, displays\n  available\n"
            + "  actions: create (\"Create a passkey\"), learn-more (\"Learn \\\"more\\\"\")\n"), Comment(rawValue: text.standardOutput))
        #expect(!text.standardOutput.contains("tip QuietTip: available, displays\n  available\n  actions"))
        let json = run(["eval", program, "--fixture", fixture, "--format", "json"])
        let document = try JSONParser().parse(json.standardOutput)
        let tips = document["tips"]?.arrayValue ?? []
        #expect(tips.first?["actions"]?.arrayValue?.map { $0["id"]?.stringValue } == ["create", "learn-more"])
        #expect(tips.first?["actions"]?.arrayValue?.last?["title"]?.stringValue == "Learn \"more\"")
        #expect(tips.last?["actions"] == nil, "a tip without actions has no actions key")
    }

    @Test func emitSwiftWritesActionsAndImportReadsThemBack() throws {
        let program = try write("actions.tiprules", Self.source)
        let swift = run(["emit-swift", program])
        #expect(swift.status == 0, Comment(rawValue: swift.standardError))
        #expect(swift.standardOutput.contains("""
                var actions: [Action] {
                    Action(id: "create", title: "Create a passkey")
                    Action(id: "learn-more", title: "Learn \\"more\\"")
                }
            """), Comment(rawValue: swift.standardOutput))
        let imported = run(["import", "-"], stdin: swift.standardOutput)
        #expect(imported.status == 0, Comment(rawValue: imported.standardError))
        #expect(imported.standardOutput.contains("""
                actions {
                    Action(id: "create", title: "Create a passkey")
                    Action(id: "learn-more", title: "Learn \\"more\\"")
                }
            """), Comment(rawValue: imported.standardOutput))
    }
}
