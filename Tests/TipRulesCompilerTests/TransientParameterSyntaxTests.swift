import TipRulesCompiler
import Testing

/// `transient parameter NAME: TYPE = DEFAULT` and what `transient` before anything else says.
@Suite struct TransientParameterSyntaxTests {
    @Test func transientMarksTheParameter() throws {
        let program = try #require(checkedProgram("""
        transient parameter seenIntro: Bool = false
        parameter isPro: Bool = false
        """))
        #expect(program.parameters.map(\.name) == ["seenIntro", "isPro"])
        #expect(program.parameters.map(\.isTransient) == [true, false])
    }

    @Test func transientIsStillAUsableName() {
        #expect(codes(of: """
        parameter transient: Bool = false
        tip T {
            title: "t"
            #Rule(Self.$transient) { $0 }
        }
        """) == [])
    }

    @Test func transientBeforeAnythingElseIsReportedWithAFixIt() throws {
        let found = diagnostics(of: "transient event opened\nparameter a: Int = 1\n")
        #expect(found.map(\.code) == [.transientWithoutParameter])
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message == "'transient' applies only to a parameter, found 'event'")
        #expect(diagnostic.fixes.map(\.message) == ["remove 'transient'"])
    }

    @Test func theTransientParameterKeepsTheParameterDiagnostics() {
        #expect(codes(of: "transient parameter n: Int\n") == [.nonConstantDefault])
    }
}
