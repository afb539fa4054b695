import Testing
@testable import TipRulesCompiler

/// Names with owners: `Self.` finds the tip's own member first, another type's is named through it.
@Suite struct OwnedMemberTests {
    private func errors(_ text: String) -> [String] {
        Compilation(source: SourceFile(name: "owned.tiprules", text: text)).diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test func selfIsTheTipsOwnMemberFirstThenTheTopLevelOne() {
        #expect(errors("""
            parameter isPro: Bool = false
            parameter A.isPro: Int = 0
            tip A { title: "A"; #Rule(Self.$isPro) { $0 > 1 } }
            tip B { title: "B"; #Rule(Self.$isPro, A.$isPro) { $0 && $1 > 1 } }
            widget W { relevance { score: A.isPro } }
            """) == [])
    }

    @Test func sameNamedMembersOfTwoTipsAreTwoDeclarations() {
        #expect(errors("""
            parameter A.shown: Bool = false
            parameter B.shown: Bool = false
            event A.dismissed(id: "a-dismissed")
            event B.dismissed(id: "b-dismissed")
            tip A { title: "A"; #Rule(Self.$shown, Self.dismissed) { $0 && $1.donations.isEmpty } }
            tip B { title: "B"; #Rule(Self.$shown, A.dismissed) { $0 && $1.donations.isEmpty } }
            """) == [])
        #expect(errors("parameter A.shown: Bool = false\nparameter A.shown: Bool = true") == ["invalid redeclaration of 'A.shown'"])
    }

    @Test func anEventsIdIsAConstantStringOfItsOwn() {
        #expect(errors("event a(id: \"x\")\nevent b(id: \"x\")") == ["event 'b' has the id 'x' of another event"])
        #expect(errors("event a(id: \"\")") == ["an event's id cannot be empty"])
        // A field may still be called `id`.
        #expect(errors("event viewed(id: Int, name: String)") == [])
    }
}
