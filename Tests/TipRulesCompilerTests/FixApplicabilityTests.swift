import Testing
import TipRulesCompiler

/// A fix-it never changes what a program means silently: a fractional literal beside an `Int`
/// is TR0202 with the `Double(…)` conversion (machine-applicable), and a fix that guesses or
/// changes a value is marked `maybeIncorrect`.
@Suite struct FixApplicabilityTests {
    private static let workout = """
    event workout(minutes: Int)
    widget Effort {
        relevance {
            let recent = workout.donations.donatedWithin(.hours(3))
            score: recent.isEmpty ? 0 : recent.count * 1.5
            duration: .hours(1)
        }
    }
    """

    /// The source with a diagnostic's only fix applied.
    private func applying(_ fix: FixIt, to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in fix.edits.sorted(by: { $0.span.start > $1.span.start }) {
            bytes.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFractionalLiteralBesideAnIntConvertsTheIntNotTheLiteral() throws {
        let found = diagnostics(of: Self.workout)
        #expect(found.map(\.code) == [.mixedNumericTypes])
        let fix = try #require(found.first?.fixes.first)
        #expect(fix.message == "convert with 'Double(…)'")
        #expect(fix.applicability == .machineApplicable)
        let fixed = applying(fix, to: Self.workout)
        #expect(fixed.contains("recent.isEmpty ? 0 : Double(recent.count) * 1.5"))
        #expect(diagnostics(of: fixed).isEmpty)
    }

    @Test func aFractionalLiteralInAComparisonWithAnIntIsMixedNumbersToo() {
        let source = """
        event opened
        tip T {
            title: "t"
            #Rule(Self.opened) { $0.donations.count >= 2.5 }
        }
        """
        let found = diagnostics(of: source)
        #expect(found.map(\.code) == [.mixedNumericTypes])
        #expect(found.first?.fixes.map(\.applicability) == [.machineApplicable])
    }

    @Test func truncatingALiteralWhereAnIntIsExpectedIsNotSafe() {
        let source = """
        tip T {
            title: "t"
            options { Tips.MaxDisplayCount(1.5) }
        }
        """
        let found = diagnostics(of: source)
        #expect(found.map(\.code) == [.typeMismatch])
        #expect(found.first?.fixes.map(\.applicability) == [.maybeIncorrect])
    }

    @Test func aGuessedSpellingIsNotSafeAndARenamedOneIs() {
        let guessed = diagnostics(of: """
        parameter isLoggedIn: Bool = false
        tip T {
            title: "t"
            #Rule(Self.$isLogedIn) { $0 }
        }
        """)
        #expect(guessed.flatMap(\.fixes).map(\.applicability) == [.maybeIncorrect])
        let renamed = Compilation(source: SourceFile(name: "t.tiprules", text: """
        configure { DisplayFrequency(.daily) }
        tip T { title: "t" }
        """)).diagnostics
        #expect(renamed.flatMap(\.fixes).map(\.applicability) == [.machineApplicable])
    }
}
