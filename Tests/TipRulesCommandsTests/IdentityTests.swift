import Foundation
import TipRulesCompiler
import TipRulesRuntime
import TipRulesCommands
import Testing
import TipRulesState
import TipRulesTestSupport

/// TipKit's identities: a parameter a type owns (`parameter VPNTip.isTipPresented`), an event's
/// id (`event dismissed(id: "…")`) and a tip's id key what is kept, in the bytecode, fixtures
/// and state folders; a program without them means what it meant before.
@Suite struct IdentityTests: CommandTesting {
    let scratch = TemporaryFolder()

    static let program = """
        parameter isLoggedIn: Bool = false
        parameter VPNTip.isTipPresented: Bool = false
        parameter ShareTip.isTipPresented: Bool = false
        event VPNTip.dismissed(id: "longPressTipDismissed")
        event opened(id: "app-opened", screen: String)

        tip VPNTip {
            title: "Connect through the VPN"
            #Rule(Self.$isTipPresented) { $0 }
        }

        tip ShareTip {
            id: "share-tip"
            title: "Share a backyard"
            #Rule(Self.$isTipPresented, VPNTip.dismissed) { $0 && $1.donations.count > 0 }
            #Rule(opened, $isLoggedIn) { $0.donations.count >= 2 || $1 }
        }
        """

    @Test func theBytecodeNamesEachDeclarationByItsIdentityInTheOldestVersion() throws {
        let program = try compile(Self.program)
        #expect(program.parameters.map(\.name) == ["isLoggedIn", "VPNTip.isTipPresented", "ShareTip.isTipPresented"])
        #expect(program.events.map(\.name) == ["longPressTipDismissed", "app-opened"])
        #expect(program.tips.map(\.id) == ["VPNTip", "share-tip"])
        // Identities travel in the names every runtime reads: nothing needs a newer format.
        #expect(program.requiredFormatVersion == 1)
        let reloaded = try Program(bytes: program.encoded())
        #expect(reloaded.events.map(\.name) == program.events.map(\.name))
    }

    @Test func eachTipReadsItsOwnParameterThroughSelf() throws {
        let fixture = try write("store.json", """
            { "now": "2026-11-21T09:00:00Z",
              "parameters": { "ShareTip.isTipPresented": true },
              "donations": { "longPressTipDismissed": [ { "date": "2026-11-20T10:00:00Z" } ],
                             "app-opened": [ { "date": 1, "screen": "a" }, { "date": 2, "screen": "b" } ] } }
            """)
        let source = try write("identities.tiprules", Self.program)
        let result = run(["eval", source, "--fixture", fixture, "--format", "json"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        // VPNTip's own isTipPresented is still false; ShareTip's is true and VPNTip's event was donated.
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let tips = try #require(document?["tips"] as? [[String: Any]])
        #expect(tips.map { "\($0["id"] ?? "") \($0["status"] ?? "")" } == ["VPNTip pending", "share-tip available"])
    }

    @Test func aFixtureNamesAnEventByItsIdNotItsName() throws {
        let source = try write("identities.tiprules", Self.program)
        let fixture = try write("store.json", #"{ "donations": { "dismissed": [] } }"#)
        let result = run(["eval", source, "--fixture", fixture])
        #expect(result.status == 2)
        #expect(result.standardError.contains("donations.dismissed: no such event"))
        let owned = try write("owned.json", #"{ "parameters": { "isTipPresented": true } }"#)
        #expect(run(["eval", source, "--fixture", owned]).standardError.contains("parameters.isTipPresented: no such parameter"))
    }

    @Test func reachRowsNameEventsByIdAndParametersByOwner() throws {
        let source = try write("identities.tiprules", Self.program)
        let rows = try write("rows.ndjson", """
            {"user": 1, "event": "longPressTipDismissed", "date": "2026-11-20T10:00:00Z"}
            {"user": 1, "parameter": "ShareTip.isTipPresented", "value": true}
            {"user": 2, "parameter": "VPNTip.isTipPresented", "value": true}

            """)
        let result = run(["reach", source, rows, "--now", "2026-11-21T09:00:00Z", "--format", "csv"])
        #expect(result.status == 0, Comment(rawValue: result.standardError))
        // User 2 sees VPNTip (its own parameter); share-tip's first rule holds for user 1 alone
        // (its own parameter, and the event VPNTip owns), so it is false for one user.
        #expect(result.standardOutput.contains("VPNTip,,,2,1,,,"))
        #expect(result.standardOutput.contains("share-tip,0,15,2,,1,0,0"))
        let named = try write("named.ndjson", #"{"user": 1, "event": "dismissed", "date": 1}"# + "\n")
        let byName = run(["reach", source, named, "--now", "2026-11-21T09:00:00Z"])
        #expect(byName.status == 2)
        #expect(byName.standardError.contains("no such event 'dismissed'"))
    }

    @Test func aDeclarationWithoutOwnerOrIdIsKeptUnderItsName() throws {
        let program = try compile("""
            parameter isLoggedIn: Bool = false
            event appOpened
            tip WelcomeTip { title: "Welcome"; #Rule($isLoggedIn, appOpened) { $0 && $1.donations.count > 1 } }
            """)
        #expect(program.parameters.map(\.name) == ["isLoggedIn"])
        #expect(program.events.map(\.name) == ["appOpened"])
    }

    @Test func savedStateKeepsTipsByIdAndStillReadsStateSavedByName() throws {
        let program = try compile(Self.program)
        var store = EventStore(program: program)
        store.setTipState(1, TipState(displayCount: 3))
        let bytes = StateEncoder.encode(store)
        #expect(String(decoding: bytes, as: UTF8.self).contains("share-tip"))
        #expect(try StateDecoder.decode(bytes, for: program).store.tipState(1).displayCount == 3)
        // State saved when tips were kept by name: the same tips, each id its name.
        let byName = try compile(Self.program.replacingOccurrences(of: "id: \"share-tip\"\n", with: ""))
        var old = EventStore(program: byName)
        old.setTipState(1, TipState(displayCount: 2))
        let decoded = try StateDecoder.decode(StateEncoder.encode(old), for: program)
        #expect(decoded.store.tipState(1).displayCount == 2)
        #expect(decoded.problems.isEmpty)
    }
}
