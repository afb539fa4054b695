@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// A tip's words (title, message, image) in the results, from the program in force: a rules
/// update that changes them shows the new words at once.
struct TipWordsTests {
    static func source(title: String) -> String {
        """
        tip FavoriteTip {
            title: "\(title)"
            message: "Your favorites appear first."
            image: "star"
        }
        tip QuietTip { title: "Quiet" }
        """
    }

    @Test func resultsCarryTheTitleMessageAndImage() throws {
        var engine = TipEngine(program: try compile(Self.source(title: "Save as a Favorite")))
        let result = engine.evaluate(at: 0)
        let favorite = try #require(result.tip("FavoriteTip"))
        #expect(favorite.title == "Save as a Favorite")
        #expect(favorite.message == "Your favorites appear first.")
        #expect(favorite.image == "star")
        let quiet = try #require(result.tip("QuietTip"))
        #expect(quiet.title == "Quiet" && quiet.message == nil && quiet.image == nil)
    }

    @Test func aRulesUpdateChangesTheWordsAtOnce() throws {
        var engine = TipEngine(program: try compile(Self.source(title: "Save as a Favorite")))
        #expect(engine.evaluate(at: 0).tip("FavoriteTip")?.title == "Save as a Favorite")
        _ = engine.update(to: try Program(bytes: compile(Self.source(title: "Keep it close")).encoded()))
        #expect(engine.evaluate(at: 0).tip("FavoriteTip")?.title == "Keep it close")
        #expect(try engine.status(ofTip: "FavoriteTip", at: 0).title == "Keep it close")
    }

    /// A text the app makes is never a silent empty title: the result lists it with the key
    /// and default value the app's call names, and its title is what `Text` shows without a
    /// translation; after a trip through the bytecode too.
    @Test func textsTheAppMakesSayWhatTheProgramKnows() throws {
        let source = """
        tip SidebarTip {
            title: swift("Text(NSLocalizedString(\\"tips.sidebar\\", value: \\"Sidebar\\", comment: \\"\\"))", key: "tips.sidebar", defaultValue: "Sidebar")
            message: swift("Text(L10n.Tips.sidebarMessage)")
            image: swift("Image(\\"hero\\")", key: "hero")
        }
        tip KeyTip { title: swift("Text(L10n.t(\\"tips.key\\"))", key: "tips.key") }
        tip GeneratedTip { title: swift("Text(L10n.Tips.generated)") }
        tip PopoverTip { title: supplied }
        tip MessageOnlyTip {
            title: ""
            message: "Only this shows."
        }
        """
        let program = try Program(bytes: try compile(source).encoded())
        #expect(program.formatVersion == 5)
        var engine = TipEngine(program: program)
        let result = engine.evaluate(at: 0)
        let sidebar = try #require(result.tip("SidebarTip"))
        #expect(sidebar.title == "Sidebar" && sidebar.message == nil && sidebar.image == nil)
        #expect(sidebar.appTexts == [.title: AppText(key: "tips.sidebar", defaultValue: "Sidebar"), .message: AppText(), .image: AppText(key: "hero")])
        #expect(result.tip("KeyTip")?.title == "tips.key")
        #expect(result.tip("KeyTip")?.appTexts[.title] == AppText(key: "tips.key"))
        #expect(result.tip("GeneratedTip")?.title == "" && result.tip("GeneratedTip")?.appTexts[.title] == AppText())
        #expect(result.tip("PopoverTip")?.title == "" && result.tip("PopoverTip")?.appTexts == [.title: AppText()])
        let messageOnly = try #require(result.tip("MessageOnlyTip"))
        #expect(messageOnly.title == "" && messageOnly.appTexts.isEmpty && messageOnly.message == "Only this shows.")
    }
}
