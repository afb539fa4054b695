import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// `transient parameter`: compiled to a flag in the bytecode (format version 2), shown by the
/// disassembler, reset by `TipEngine.appLaunched()`.
@Suite struct TransientParameterTests {
    private static let source = """
    transient parameter zzqq: Bool = false
    parameter isPro: Bool = false
    tip Intro {
        title: "Intro"
        #Rule(Self.$zzqq) { $0 }
    }
    """

    @Test func theFlagSurvivesARoundTrip() throws {
        let program = try compile(Self.source)
        #expect(program.parameters.map(\.isTransient) == [true, false])
        let loaded = try Program(bytes: program.encoded())
        #expect(loaded.parameters.map(\.isTransient) == [true, false])
        #expect(loaded.encoded() == program.encoded())
    }

    @Test func theDisassemblerShowsTransientParameters() throws {
        let text = disassemble(try compile(Self.source))
        #expect(text.contains("  0  transient zzqq: Bool = false"), Comment(rawValue: text))
        #expect(text.contains("  1  isPro: Bool = false"), Comment(rawValue: text))
    }

    @Test func versionOneFilesStillRead() throws {
        var bytes = try compile("tip Hello { title: \"h\" }").encoded()
        bytes[4] = 1
        #expect(try Program(bytes: bytes).tips.map(\.name) == ["Hello"])
    }

    @Test func unknownParameterFlagsAreRejected() throws {
        var bytes = try compile(Self.source).encoded()
        let name = Array("zzqq".utf8)
        let start = try #require((0...(bytes.count - name.count)).first { Array(bytes[$0..<$0 + name.count]) == name })
        // Name, kind, tagged default (kind, value), line, then the flags byte.
        let flags = start + name.count + 4
        #expect(bytes[flags] == 1)
        bytes[flags] = 6
        let description = errorDescription { try Program(bytes: resealed(bytes)) }
        #expect(description?.contains("unknown parameter flags 6") == true, Comment(rawValue: description ?? "no error"))
    }

    @Test func anAppLaunchResetsOnlyTransientParameters() throws {
        var engine = TipEngine(program: try compile(Self.source))
        #expect(engine.appLaunched() == [])
        try engine.setParameter("zzqq", .bool(true))
        try engine.setParameter("isPro", .bool(true))
        #expect(engine.tipsToDisplay(at: 0) == ["Intro"])
        #expect(engine.appLaunched() == [ParameterReset(parameter: "zzqq", oldValue: .bool(true), defaultValue: .bool(false))])
        #expect(engine.store.parameter(0) == .bool(false))
        #expect(engine.store.parameter(1) == .bool(true))
        #expect(engine.tipsToDisplay(at: 0) == [])
    }

    @Test func aRulesUpdateCarriesTheCurrentValueOfATransientParameter() throws {
        var engine = TipEngine(program: try compile(Self.source))
        try engine.setParameter("zzqq", .bool(true))
        #expect(engine.update(to: try compile(Self.source)) == [])
        #expect(engine.store.parameter(0) == .bool(true))
    }
}
