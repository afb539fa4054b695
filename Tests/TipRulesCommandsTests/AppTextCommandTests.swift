import Foundation
import Testing
import TipRulesJSON
import TipRulesTestSupport

/// `eval` and `disasm` say which of a tip's texts the app makes, with the key and default value
/// its call names: an empty title is never one the program lost.
@Suite struct AppTextCommandTests: CommandTesting {
    let scratch = TemporaryFolder(prefix: "tiprulec-apptext")

    static let program = """
    tip SidebarTip {
        title: swift("Text(NSLocalizedString(\\"tips.sidebar\\", value: \\"Sidebar\\", comment: \\"\\"))", key: "tips.sidebar", defaultValue: "Sidebar")
        image: swift("Image(\\"hero\\")", key: "hero")
    }
    tip PopoverTip { title: supplied }
    tip PlainTip { title: "Plain" }
    """

    @Test func evalAndDisasmListTheTextsTheAppMakes() throws {
        let program = try write("texts.tiprules", Self.program)
        let fixture = try write("fixture.json", "{\"now\": \"2026-01-01T00:00:00Z\"}")
        let json = run(["eval", program, "--fixture", fixture, "--format", "json"])
        #expect(json.status == 0, Comment(rawValue: json.standardError))
        let tips = try #require(try JSONParser().parse(json.standardOutput)["tips"]?.arrayValue)
        #expect(tips[0]["appTexts"]?["title"]?["key"]?.stringValue == "tips.sidebar")
        #expect(tips[0]["appTexts"]?["title"]?["defaultValue"]?.stringValue == "Sidebar")
        #expect(tips[0]["appTexts"]?["image"]?["key"]?.stringValue == "hero")
        #expect(tips[0]["appTexts"]?["message"] == nil)
        #expect(tips[1]["appTexts"]?["title"]?["key"] == .null)
        #expect(tips[2]["appTexts"] == nil)
        let text = run(["eval", program, "--fixture", fixture])
        #expect(text.standardOutput.contains("  title: from the app (key \"tips.sidebar\", default \"Sidebar\")\n  image: from the app (key \"hero\")\n"),
                Comment(rawValue: text.standardOutput))
        let compiled = folder.appendingPathComponent("texts.tipc").path
        #expect(run(["compile", program, "-o", compiled]).status == 0)
        let listing = run(["disasm", compiled]).standardOutput
        #expect(listing.contains("format version 5 (the program needs version 5 for a text the app makes"), Comment(rawValue: listing))
        #expect(listing.contains("tip PopoverTip  id \"PopoverTip\"  ; line 5\n  options: none\n  title: from the app\n"), Comment(rawValue: listing))
    }
}
