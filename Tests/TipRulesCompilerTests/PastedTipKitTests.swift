import TipRulesCompiler
import Testing

/// TipKit Swift pasted into a `.tiprules` file: one diagnostic per form, the rest still checked,
/// and fix-its that, applied, leave a file that compiles.
@Suite struct PastedTipKitTests {
    /// Pasted at the top level, where every form has a fix-it.
    static let pasted = """
    configure {
        .displayFrequency(.daily)
    }
    @Parameter static var isPro: Bool = false
    static let appOpened = Tips.Event(id: "appOpened")
    tip UpgradeTip {
        title: "Go Pro"
        #Rule(Self.$isPro, UpgradeTip.appOpened) { isPro, opened in
            return !isPro && opened.donations.count > 3
        }
    }
    tip OtherTip {
        title: "Other"
    }
    group Onboarding(.ordered) { UpgradeTip(), OtherTip() }
    widget OpenedWidget {
        relevance {
            score: Double(SharedTipInputs.appOpened.donations.count)
            duration: .hours(1)
        }
    }
    """

    @Test func eachFormIsReportedOnceAndNothingElse() {
        #expect(codes(of: Self.pasted) == [.pastedConfigurationDot, .pastedParameter, .pastedEvent, .pastedQualifiedInput,
                                               .pastedClosureParameters, .pastedReturn, .pastedGroupMemberCall,
                                               .pastedGroupMemberCall, .pastedQualifiedInput])
    }

    @Test func applyingTheFixItsGivesACleanFile() {
        let fixed = applyingFixes(to: Self.pasted)
        #expect(diagnostics(of: fixed).map(\.message) == [], Comment(rawValue: fixed))
        #expect(fixed.contains("#Rule(Self.$isPro, Self.appOpened) {"), Comment(rawValue: fixed))
        #expect(fixed.contains("!$0 && $1.donations.count > 3"), Comment(rawValue: fixed))
    }

    @Test func aPastedTipStructIsCheckedAsATip() {
        let source = """
        parameter isLoggedIn: Bool = false
        struct FavoriteTip: Tip, Identifiable {
            var title: Text { Text("Save as a favorite") }
            var rules: [Rule] {
                #Rule(FavoriteTip.$isLoggedIn) { $0 == "yes" }
            }
            var options: [any TipOption] { Tips.MaxDisplayCount(2) }
        }
        """
        #expect(codes(of: source) == [.pastedTipStruct, .pastedTipMember, .pastedTipMember, .pastedQualifiedInput,
                                           .mismatchedOperands, .pastedTipMember])
        let fixed = applyingFixes(to: source.replacingOccurrences(of: "\"yes\"", with: "true"))
        #expect(diagnostics(of: fixed).map(\.message) == [], Comment(rawValue: fixed))
    }

    /// The source with the first fix-it of every diagnostic applied, last edit first.
    private func applyingFixes(to text: String) -> String {
        var bytes = Array(text.utf8)
        let edits = diagnostics(of: text).compactMap(\.fixes.first).flatMap(\.edits).sorted { $0.span.start > $1.span.start }
        for edit in edits {
            bytes.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
