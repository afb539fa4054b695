import TipRulesCompiler
@testable import TipRulesRuntime
import XCTest

/// `transient parameter`: compiled to a flag in the bytecode (format version 2), shown by the
/// disassembler, reset by `TipEngine.appLaunched()`.
final class TransientParameterTests: XCTestCase {
    private static let source = """
    transient parameter zzqq: Bool = false
    parameter isPro: Bool = false
    tip Intro {
        title: "Intro"
        #Rule(Self.$zzqq) { $0 }
    }
    """

    func testTheFlagSurvivesARoundTrip() throws {
        let program = try compile(Self.source)
        XCTAssertEqual(program.parameters.map(\.isTransient), [true, false])
        let loaded = try Program(bytes: program.encoded())
        XCTAssertEqual(loaded.parameters.map(\.isTransient), [true, false])
        XCTAssertEqual(loaded.encoded(), program.encoded())
    }

    func testTheDisassemblerShowsTransientParameters() throws {
        let text = disassemble(try compile(Self.source))
        XCTAssertTrue(text.contains("  0  transient zzqq: Bool = false"), text)
        XCTAssertTrue(text.contains("  1  isPro: Bool = false"), text)
    }

    func testVersionOneFilesStillRead() throws {
        var bytes = try compile("tip Hello { title: \"h\" }").encoded()
        bytes[4] = 1
        XCTAssertEqual(try Program(bytes: bytes).tips.map(\.name), ["Hello"])
    }

    func testUnknownParameterFlagsAreRejected() throws {
        var bytes = try compile(Self.source).encoded()
        let name = Array("zzqq".utf8)
        let start = try XCTUnwrap((0...(bytes.count - name.count)).first { Array(bytes[$0..<$0 + name.count]) == name })
        // Name, kind, tagged default (kind, value), line, then the flags byte.
        let flags = start + name.count + 4
        XCTAssertEqual(bytes[flags], 1)
        bytes[flags] = 6
        let description = errorDescription { try Program(bytes: resealed(bytes)) }
        XCTAssertTrue(description?.contains("unknown parameter flags 6") == true, description ?? "no error")
    }

    func testAnAppLaunchResetsOnlyTransientParameters() throws {
        var engine = TipEngine(program: try compile(Self.source))
        XCTAssertEqual(engine.appLaunched(), [])
        try engine.setParameter("zzqq", .bool(true))
        try engine.setParameter("isPro", .bool(true))
        XCTAssertEqual(engine.tipsToDisplay(at: 0), ["Intro"])
        XCTAssertEqual(engine.appLaunched(),
                       [ParameterReset(parameter: "zzqq", oldValue: .bool(true), defaultValue: .bool(false))])
        XCTAssertEqual(engine.store.parameter(0), .bool(false))
        XCTAssertEqual(engine.store.parameter(1), .bool(true))
        XCTAssertEqual(engine.tipsToDisplay(at: 0), [])
    }

    func testARulesUpdateCarriesTheCurrentValueOfATransientParameter() throws {
        var engine = TipEngine(program: try compile(Self.source))
        try engine.setParameter("zzqq", .bool(true))
        XCTAssertEqual(engine.update(to: try compile(Self.source)), [])
        XCTAssertEqual(engine.store.parameter(0), .bool(true))
    }
}
