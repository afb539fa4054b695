import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// A downloaded rules update (`TipEngine.update(toBytes:policy:)`): verified, checked for the
/// app and release, then carried over; on any failure the rules in force stay.
@Suite struct RulesUpdateTests {
    static func rules(app: String?, release: Int?, title: String = "Welcome") throws -> Program {
        var configure = ""
        if let app { configure += "app(\"\(app)\")\n" }
        if let release { configure += "release(\(release))\n" }
        return try compile("""
        \(configure.isEmpty ? "" : "configure {\n\(configure)}")
        event opened
        tip Welcome {
            title: "\(title)"
            #Rule(Self.opened) { $0.donations.count >= 1 }
        }
        """)
    }

    static func engine(app: String? = "com.example.birds", release: Int? = 5) throws -> TipEngine {
        var engine = TipEngine(program: try rules(app: app, release: release))
        try engine.donate(event: "opened", at: 1_000)
        return engine
    }

    @Test func aNewerReleaseForTheSameAppIsLoadedAndCarriesTheStateOver() throws {
        var engine = try Self.engine()
        let update = try Self.rules(app: "com.example.birds", release: 6, title: "Hello")
        let (program, problems) = try engine.update(toBytes: update.encoded())
        #expect(problems.isEmpty)
        #expect(program.release == 6 && engine.program.release == 6)
        #expect(engine.program.tips[0].title == "Hello")
        #expect(engine.store.donationCount(event: 0) == 1)
    }

    @Test(arguments: [
        ("com.example.other", 6, RulesUpdateError.otherApp(expected: "com.example.birds", found: "com.example.other")),
        (nil, 6, RulesUpdateError.otherApp(expected: "com.example.birds", found: nil)),
        ("com.example.birds", 4, RulesUpdateError.olderRelease(inForce: 5, offered: 4)),
        ("com.example.birds", nil, RulesUpdateError.olderRelease(inForce: 5, offered: nil)),
    ] as [(String?, Int?, RulesUpdateError)])
    func aStaleOrForeignUpdateIsRefusedAndTheRulesInForceStay(app: String?, release: Int?, expected: RulesUpdateError) throws {
        var engine = try Self.engine()
        let before = engine.program
        let offered = try Self.rules(app: app, release: release).encoded()
        #expect(throws: expected) { try engine.update(toBytes: offered) }
        #expect(engine.program === before)
        #expect(engine.store.donationCount(event: 0) == 1)
    }

    @Test func theSameReleaseIsAcceptedAgain() throws {
        var engine = try Self.engine()
        try engine.update(toBytes: try Self.rules(app: "com.example.birds", release: 5).encoded())
        #expect(engine.program.release == 5)
    }

    @Test func aRollbackIsAcceptedOnlyWhenAskedFor() throws {
        var engine = try Self.engine()
        let older = try Self.rules(app: "com.example.birds", release: 3).encoded()
        try engine.update(toBytes: older, policy: RulesUpdatePolicy(allowsRollback: true))
        #expect(engine.program.release == 3)
    }

    @Test func theAppsOwnIdentifierIsRequiredWhenTheRulesInForceNameNone() throws {
        var engine = try Self.engine(app: nil, release: nil)
        let foreign = try Self.rules(app: "com.example.other", release: 1).encoded()
        let policy = RulesUpdatePolicy(app: "com.example.birds")
        #expect(throws: RulesUpdateError.otherApp(expected: "com.example.birds", found: "com.example.other")) {
            try engine.update(toBytes: foreign, policy: policy)
        }
        try engine.update(toBytes: try Self.rules(app: "com.example.birds", release: 1).encoded(), policy: policy)
        #expect(engine.program.app == "com.example.birds")
    }

    @Test func unreadableBytesAreRefusedWithTheReadersError() throws {
        var engine = try Self.engine()
        let good = try Self.rules(app: "com.example.birds", release: 6).encoded()
        var newer = good
        newer[4] = UInt8(BytecodeFormat.newestVersion + 1)
        #expect(throws: RulesUpdateError.unreadable(.unsupportedVersion(BytecodeFormat.newestVersion + 1))) {
            try engine.update(toBytes: newer)
        }
        #expect(throws: RulesUpdateError.unreadable(.truncated(at: 8, while: "header"))) {
            try engine.update(toBytes: Array(good[0..<10]))
        }
        #expect(engine.program.release == 5)
    }

    @Test func errorsSayWhy() {
        #expect(RulesUpdateError.olderRelease(inForce: 5, offered: 4).description
            == "the rules update is release 4, older than release 5 in force (a stale download or a replay); ask for a rollback to go back")
        #expect(RulesUpdateError.otherApp(expected: "a.b", found: nil).description
            == "the rules update is for no named app, not for 'a.b'")
    }
}
