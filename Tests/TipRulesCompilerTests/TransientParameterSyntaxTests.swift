import TipRulesCompiler
import XCTest

/// `transient parameter NAME: TYPE = DEFAULT` and what `transient` before anything else says.
final class TransientParameterSyntaxTests: XCTestCase {
    func testTransientMarksTheParameter() throws {
        let program = try XCTUnwrap(checkedProgram("""
        transient parameter seenIntro: Bool = false
        parameter isPro: Bool = false
        """))
        XCTAssertEqual(program.parameters.map(\.name), ["seenIntro", "isPro"])
        XCTAssertEqual(program.parameters.map(\.isTransient), [true, false])
    }

    func testTransientIsStillAUsableName() {
        XCTAssertEqual(codes(of: """
        parameter transient: Bool = false
        tip T {
            title: "t"
            #Rule(Self.$transient) { $0 }
        }
        """), [])
    }

    func testTransientBeforeAnythingElseIsReportedWithAFixIt() throws {
        let found = diagnostics(of: "transient event opened\nparameter a: Int = 1\n")
        XCTAssertEqual(found.map(\.code), [.transientWithoutParameter])
        let diagnostic = try XCTUnwrap(found.first)
        XCTAssertEqual(diagnostic.message, "'transient' applies only to a parameter, found 'event'")
        XCTAssertEqual(diagnostic.fixes.map(\.message), ["remove 'transient'"])
    }

    func testTheTransientParameterKeepsTheParameterDiagnostics() {
        XCTAssertEqual(codes(of: "transient parameter n: Int\n"), [.nonConstantDefault])
    }
}
