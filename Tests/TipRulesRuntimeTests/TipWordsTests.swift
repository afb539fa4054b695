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
}
