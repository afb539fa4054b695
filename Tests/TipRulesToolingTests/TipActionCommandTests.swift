import Foundation
import TipRulesTooling
import XCTest

/// A tip's actions in the commands: `eval` prints them (text and JSON, only for tips that have
/// some), `emit-swift` writes them and `import` reads them back.
final class TipActionCommandTests: CommandTestCase {
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

    func testEvalPrintsTheActionsOfTipsThatHaveThem() throws {
        let program = try write("actions.tiprules", Self.source)
        let fixture = try write("store.json", "{}")
        let text = run(["eval", program, "--fixture", fixture])
        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertTrue(text.standardOutput.contains("tip PasskeyTip: available, displays\n  available\n"
            + "  actions: create (\"Create a passkey\"), learn-more (\"Learn \\\"more\\\"\")\n"), text.standardOutput)
        XCTAssertFalse(text.standardOutput.contains("tip QuietTip: available, displays\n  available\n  actions"))
        let json = run(["eval", program, "--fixture", fixture, "--format", "json"])
        let document = try JSONParser().parse(json.standardOutput)
        let tips = document["tips"]?.arrayValue ?? []
        XCTAssertEqual(tips.first?["actions"]?.arrayValue?.map { $0["id"]?.stringValue }, ["create", "learn-more"])
        XCTAssertEqual(tips.first?["actions"]?.arrayValue?.last?["title"]?.stringValue, "Learn \"more\"")
        XCTAssertNil(tips.last?["actions"], "a tip without actions has no actions key")
    }

    func testEmitSwiftWritesActionsAndImportReadsThemBack() throws {
        let program = try write("actions.tiprules", Self.source)
        let swift = run(["emit-swift", program])
        XCTAssertEqual(swift.status, 0, swift.standardError)
        XCTAssertTrue(swift.standardOutput.contains("""
                var actions: [Action] {
                    Action(id: "create", title: "Create a passkey")
                    Action(id: "learn-more", title: "Learn \\"more\\"")
                }
            """), swift.standardOutput)
        let imported = run(["import", "-"], stdin: swift.standardOutput)
        XCTAssertEqual(imported.status, 0, imported.standardError)
        XCTAssertTrue(imported.standardOutput.contains("""
                actions {
                    Action(id: "create", title: "Create a passkey")
                    Action(id: "learn-more", title: "Learn \\"more\\"")
                }
            """), imported.standardOutput)
    }
}
