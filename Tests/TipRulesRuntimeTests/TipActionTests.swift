import TipRulesCompiler
@testable import TipRulesRuntime
import Testing
import TipRulesTestSupport

/// A tip's `actions`: carried in bytecode format version 3 only when a program has them, in the
/// results, and performed through the engine.
struct TipActionTests {
    static let source = """
    tip PasskeyTip {
        title: "Sign in with a passkey"
        actions {
            Action(id: "create", title: "Create a passkey")
            Tips.Action(id: "learn-more", title: "Learn more")
        }
    }
    tip QuietTip { title: "Quiet" }
    """

    @Test func actionsSurviveTheBytecodeInOrder() throws {
        let program = try compile(Self.source)
        #expect(program.requiredFormatVersion == 3)
        let loaded = try Program(bytes: program.encoded())
        #expect(loaded.tips[0].actions == [TipAction(id: "create", title: "Create a passkey"),
                                           TipAction(id: "learn-more", title: "Learn more")])
        #expect(loaded.tips[1].actions == [])
        #expect(loaded.encoded() == program.encoded())
    }

    @Test func aProgramWithoutActionsKeepsItsOlderVersion() throws {
        let program = try compile("tip QuietTip { title: \"Quiet\" }")
        #expect(program.requiredFormatVersion == 1)
        #expect(program.encoded()[4] == 1)
    }

    @Test func aFileOlderThanVersionThreeCannotHoldActions() throws {
        let program = try compile(Self.source)
        #expect(throws: (any Error).self) { try program.encoded(formatVersion: 2) }
    }

    @Test func malformedActionSectionsAreRefused() throws {
        var bytes = try compile(Self.source).encoded()
        let id = Array("create".utf8)
        let start = try #require((0...(bytes.count - id.count)).first { Array(bytes[$0..<$0 + id.count]) == id })
        // Before the first id: its length, the action count (2) and the tip index (0).
        #expect(bytes[start - 3] == 0)
        bytes[start - 3] = 5
        let description = errorDescription { try Program(bytes: resealed(bytes)) }
        #expect(description?.contains("tip index 5 is out of order or past the 2 tips") == true, "\(description ?? "no error")")
    }

    @Test func resultsCarryEachTipsActions() throws {
        var engine = TipEngine(program: try compile(Self.source))
        let result = engine.evaluate(at: 0)
        #expect(result.tip("PasskeyTip")?.actions.map(\.id) == ["create", "learn-more"])
        #expect(result.tip("QuietTip")?.actions == [])
    }

    @Test func performingAnActionInvalidatesTheTip() throws {
        var engine = TipEngine(program: try compile(Self.source))
        try engine.performAction(tip: "PasskeyTip", action: "learn-more")
        let tip = try engine.status(ofTip: "PasskeyTip", at: 0)
        #expect(tip.status == .invalidated)
        #expect(tip.reason == .actionPerformed)
    }

    @Test func anUnknownActionIsAnError() throws {
        var engine = TipEngine(program: try compile(Self.source))
        #expect(throws: EngineError.noSuchAction(tip: "QuietTip", action: "create")) {
            try engine.performAction(tip: "QuietTip", action: "create")
        }
        #expect(try engine.status(ofTip: "QuietTip", at: 0).status == .available)
    }

    @Test func theDisassemblerListsActions() throws {
        let text = disassemble(try compile(Self.source))
        #expect(text.contains("  actions: Action(id: \"create\", title: \"Create a passkey\"), Action(id: \"learn-more\", title: \"Learn more\")"))
    }
}
