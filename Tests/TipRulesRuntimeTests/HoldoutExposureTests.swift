import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesTestSupport

/// Exposures with several holdouts and through every API that decides what shows: a held-out tip
/// is exposed when it alone, in treatment, would have shown (the person's real arms for the
/// other tips), both arms are recorded at the decision, and the holdout is drawn independently of
/// every rollout.
struct HoldoutExposureTests {
    private static let now = date("2026-11-21T09:00:00Z")

    /// Two tips, each with a holdout of `holdoutA` and `holdoutB`, under a daily frequency.
    private static func source(holdoutA: String, holdoutB: String) -> String {
        """
        configure { displayFrequency(.daily) }
        parameter userID: String = ""
        event opened
        tip TipA {
            id: "a"
            title: "A"
            \(holdoutA)
            #Rule(Self.opened) { $0.donations.count >= 1 }
        }
        tip TipB {
            id: "b"
            title: "B"
            \(holdoutB)
            #Rule(Self.opened) { $0.donations.count >= 1 }
        }
        group Letters { TipA, TipB }
        """
    }

    /// The first id `u-1`, `u-2` … whose holdout bucket in each group satisfies its predicate.
    private static func id(_ groups: [(String, (Int) -> Bool)]) -> String {
        (1...10_000).map { "u-\($0)" }.first { id in
            groups.allSatisfy { group, holds in holds(RolloutBucket.bucket(of: id, group: Holdout.salt + group)) }
        } ?? ""
    }

    private func engine(_ source: String, userID: String) throws -> TipEngine {
        var engine = TipEngine(program: try compile(source))
        try engine.setParameter("userID", .string(userID))
        try engine.donate(event: "opened", fields: [:], at: Self.now - 60)
        return engine
    }

    private func exposure(_ tip: String, group: String? = nil, percent: Int, _ arm: HoldoutArm, at date: Double = now) -> Exposure {
        Exposure(tip: tip, group: group ?? tip, percent: percent, arm: arm, date: date)
    }

    // MARK: - Each held-out tip on its own

    @Test func twoHeldOutTipsUnderADailyFrequencyAreBothExposedAtTheFirstSession() throws {
        let source = Self.source(holdoutA: "holdout(50, of: userID)", holdoutB: "holdout(50, of: userID)")
        let both = Self.id([("a", { $0 <= 50 }), ("b", { $0 <= 50 })])
        var engine = try engine(source.replacing("group Letters { TipA, TipB }", with: ""), userID: both)
        #expect(engine.tipsToDisplay(at: Self.now).isEmpty)
        #expect(engine.store.exposures == [exposure("a", percent: 50, .holdout), exposure("b", percent: 50, .holdout)])
    }

    @Test func aGlobalHoldoutSharedByTwoTipsExposesBoth() throws {
        let global = "holdout(10, of: userID, group: \"global\")"
        let heldOut = Self.id([("global", { $0 <= 10 })])
        var engine = try engine(Self.source(holdoutA: global, holdoutB: global).replacing("group Letters { TipA, TipB }", with: ""),
                                userID: heldOut)
        for day in 0..<3 { #expect(engine.tipsToDisplay(at: Self.now + Double(day) * 86_400).isEmpty) }
        #expect(engine.store.exposures == [exposure("a", group: "global", percent: 10, .holdout),
                                           exposure("b", group: "global", percent: 10, .holdout)])
    }

    @Test func aHeldOutTipIsDecidedWithThePersonsRealArmsForTheOthers() throws {
        let source = Self.source(holdoutA: "holdout(50, of: userID)", holdoutB: "holdout(50, of: userID)")
            .replacing("group Letters { TipA, TipB }", with: "")
        let mixed = Self.id([("a", { $0 <= 50 }), ("b", { $0 > 50 })])
        var engine = try engine(source, userID: mixed)
        // Held out of A, in treatment of B: B shows, and A would have shown (A comes first).
        #expect(engine.tipsToDisplay(at: Self.now) == ["b"])
        #expect(engine.store.exposures == [exposure("a", percent: 50, .holdout), exposure("b", percent: 50, .treatment)])
        // Treated in A, held out of B: A shows, and the daily frequency would have held B back.
        let other = Self.id([("a", { $0 > 50 }), ("b", { $0 <= 50 })])
        var second = try self.engine(source, userID: other)
        #expect(second.tipsToDisplay(at: Self.now) == ["a"])
        #expect(second.store.exposures == [exposure("a", percent: 50, .treatment)])
    }

    @Test func aGroupWouldHavePresentedEachHeldOutMemberOnItsOwn() throws {
        let source = Self.source(holdoutA: "holdout(50, of: userID)", holdoutB: "holdout(50, of: userID)")
        let both = Self.id([("a", { $0 <= 50 }), ("b", { $0 <= 50 })])
        var engine = try engine(source, userID: both)
        #expect(try engine.currentTip(ofGroup: "Letters", at: Self.now) == nil)
        // A, alone in treatment, is the group's first member: presented. B, alone in treatment,
        // is presented too (A, held out, takes no place).
        #expect(engine.store.exposures == [exposure("a", percent: 50, .holdout), exposure("b", percent: 50, .holdout)])
    }

    // MARK: - Both arms at the decision, through every API

    private static let filters = source(holdoutA: "holdout(10, of: userID)", holdoutB: "")

    @Test func currentTipRecordsBothArms() throws {
        var held = try engine(Self.filters, userID: Self.id([("a", { $0 <= 10 })]))
        #expect(try held.currentTip(ofGroup: "Letters", at: Self.now) == "b")
        #expect(held.store.exposures == [exposure("a", percent: 10, .holdout)])
        var treated = try engine(Self.filters, userID: Self.id([("a", { $0 > 10 })]))
        #expect(try treated.currentTip(ofGroup: "Letters", at: Self.now) == "a")
        #expect(treated.store.exposures == [exposure("a", percent: 10, .treatment)])
    }

    @Test func statusRecordsBothArmsOfTheTipAskedAbout() throws {
        var held = try engine(Self.filters, userID: Self.id([("a", { $0 <= 10 })]))
        #expect(try held.status(ofTip: "b", at: Self.now).status == .available)
        #expect(held.store.exposures.isEmpty)
        #expect(try held.status(ofTip: "a", at: Self.now).pendingReason == .heldOut)
        #expect(held.store.exposures == [exposure("a", percent: 10, .holdout)])
        var treated = try engine(Self.filters, userID: Self.id([("a", { $0 > 10 })]))
        #expect(try treated.status(ofTip: "a", at: Self.now).display)
        #expect(treated.store.exposures == [exposure("a", percent: 10, .treatment)])
    }

    @Test func evaluateRecordsBothArmsAndEvaluationRecordsNothing() throws {
        for (id, arm) in [(Self.id([("a", { $0 <= 10 })]), HoldoutArm.holdout), (Self.id([("a", { $0 > 10 })]), .treatment)] {
            var engine = try engine(Self.filters, userID: id)
            #expect(engine.evaluate(at: Self.now - 120).tips.allSatisfy { !$0.display })
            #expect(engine.store.exposures.isEmpty)
            let evaluation = engine.evaluation(at: Self.now)
            #expect(evaluation.exposures == [exposure("a", percent: 10, arm)])
            #expect(engine.store.exposures.isEmpty)
            _ = engine.evaluate(at: Self.now)
            #expect(engine.store.exposures == [exposure("a", percent: 10, arm)])
        }
    }

    @Test func anEmptyIDRecordsNoExposure() throws {
        var engine = try engine(Self.filters, userID: "")
        #expect(engine.tipsToDisplay(at: Self.now) == ["a"])
        _ = engine.evaluate(at: Self.now)
        #expect(try engine.currentTip(ofGroup: "Letters", at: Self.now) == "a")
        #expect(engine.store.exposures.isEmpty)
    }

    // MARK: - The holdout's own draw

    @Test func theHoldoutBucketIsTheBucketOfItsSaltedGroup() throws {
        // The holdout bucket of "174" in group "pro-filters" is the bucket of "holdout:pro-filters:174".
        #expect(RolloutBucket.bucket(of: "174", group: "holdout:pro-filters") == 88)
        #expect(RolloutBucket.bucket(of: "174", group: "pro-filters") == 7)
        var engine = try engine(Self.filters.replacing("holdout(10, of: userID)", with: "holdout(10, of: userID, group: \"pro-filters\")"),
                                userID: "174")
        #expect(engine.evaluator.holdoutAssignment(ofTip: 0, store: engine.store, now: Self.now)
                    == HoldoutAssignment(bucket: 88, arm: .treatment))
    }

    @Test func aHoldoutAndARolloutOfOneTipAreIndependentDraws() throws {
        let source = Self.filters.replacing("#Rule(Self.opened) { $0.donations.count >= 1 }\n}\ntip TipB",
                                            with: "#Rule(Self.$userID) { rollout(20, of: $0) }\n}\ntip TipB")
        #expect(source.contains("rollout(20"))
        let program = try compile(source.replacing("group Letters { TipA, TipB }", with: ""))
        var rolledOut = 0, heldOut = 0
        for user in 1...2_000 {
            var engine = TipEngine(program: program)
            try engine.setParameter("userID", .string("u-\(user)"))
            let tip = engine.evaluate(at: Self.now).tips[0]
            if tip.display { rolledOut += 1 }
            if tip.pendingReason == .heldOut { heldOut += 1 }
        }
        // About 20 % rolled out, of whom about 10 % held out (before: every one of them held out).
        let inRollout = rolledOut + heldOut
        #expect((300...500).contains(inRollout))
        #expect((15...65).contains(heldOut))
    }
}
