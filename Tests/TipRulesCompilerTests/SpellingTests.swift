import Testing
@testable import TipRulesCompiler

/// "Did you mean …?" suggestions: close enough to be a typo, never a different word.
struct SpellingTests {
    @Test(arguments: [
        ("isLogedIn", ["isLoggedIn", "plan"], "isLoggedIn"),
        ("titel", ["title", "message", "image", "id"], "title"),
        ("paramter", ["parameter", "event", "tip"], "parameter"),
        ("backyardId", ["backyardID", "date"], "backyardID"),
        ("amont", ["amount", "category"], "amount"),
        ("Count", ["count"], "count"),
        ("cont", ["count"], "count"),
    ])
    func suggestsTheClosestName(name: String, candidates: [String], expected: String) {
        #expect(Spelling.closest(to: name, in: candidates) == expected)
    }

    @Test(arguments: [
        ("uppercased", ["count", "isEmpty", "lowercased"]),
        ("x", ["donations"]),
        ("completelyDifferent", ["isLoggedIn"]),
        ("title", ["title"]),
        // One letter of a short word replaced: another word, not a typo.
        ("map", ["max", "min", "sum"]),
        ("sun", ["sum"]),
        ("last", ["list"]),
    ])
    func suggestsNothingWhenNothingIsClose(name: String, candidates: [String]) {
        #expect(Spelling.closest(to: name, in: candidates) == nil)
    }

    @Test func transpositionIsOneEdit() {
        let distance = Spelling.editDistance(Array("titel".unicodeScalars), Array("title".unicodeScalars))
        #expect(distance == 2)
        #expect(Spelling.editDistance(Array("ID".unicodeScalars), Array("Id".unicodeScalars)) == 1)
    }
}
