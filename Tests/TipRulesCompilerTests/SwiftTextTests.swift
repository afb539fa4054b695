import Testing
@testable import TipRulesCompiler

/// `title: swift("…", key: "…", defaultValue: "…")`: a text or image the app's Swift makes,
/// and an empty title, which every stage accepts.
@Suite struct SwiftTextTests {
    @Test func aSwiftTextKeepsTheCodeTheKeyAndTheDefaultValue() throws {
        let program = try #require(checkedProgram("""
            tip T {
                title: swift("Text(NSLocalizedString(\\"k\\", value: \\"V\\", comment: \\"\\"))", key: "k", defaultValue: "V")
                message: swift("#if os(macOS)\\nText(\\"Click\\")\\n#else\\nText(\\"Tap\\")\\n#endif", key: "Tap")
                image: swift("Image(\\"hero\\")", key: "hero")
            }
            tip U { title: swift("Text(L10n.u)") }
            """))
        let tip = program.tips[0]
        #expect(tip.swiftTexts["title"] == SwiftText(code: "Text(NSLocalizedString(\"k\", value: \"V\", comment: \"\"))", key: "k", defaultValue: "V"))
        #expect(tip.swiftTexts["message"]?.code == "#if os(macOS)\nText(\"Click\")\n#else\nText(\"Tap\")\n#endif")
        #expect(tip.title == "V" && tip.message == "Tap" && tip.image == nil)
        #expect(tip.swiftTexts["image"] == SwiftText(code: "Image(\"hero\")", key: "hero"))
        #expect(program.tips[1].title == "" && program.tips[1].swiftTexts["title"] == SwiftText(code: "Text(L10n.u)"))
    }

    @Test func aMalformedSwiftTextIsTR0314() {
        for value in ["swift()", "swift(defaultValue: \"V\", \"Text(x)\")", "swift(\"Text(x)\", defaultValue: \"V\", key: \"k\")",
                      "swift(\"Text(x)\", comment: \"c\")", "swift(\"   \")", "swift(\"Text(x)\") { 1 }"] {
            #expect(codes(of: "tip T { title: \(value) }") == [.invalidSwiftText], "\(value)")
        }
        #expect(codes(of: "parameter p: String = \"\"\ntip T { title: swift(p) }").count == 1)
        #expect(diagnostics(of: "tip T { title: \"t\"\n message: swift(\"\") }").first?.message == "the Swift code of the tip's message is empty")
    }

    @Test func anEmptyTitleIsATitle() {
        #expect(codes(of: "tip T { title: \"\"\n message: \"Only this shows.\" }").isEmpty)
    }

    @Test func onlyTextsAreSwift() {
        #expect(!codes(of: "tip T { title: \"t\"\n id: swift(\"x\") }").isEmpty)
    }
}
