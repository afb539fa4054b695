import Testing
import TipRulesCompiler
@testable import TipRulesRuntime
import TipRulesState
import TipRulesTestSupport

/// A tip's `holdout(P, of: ID, group: G)`: the arms, the held-out status, groups, the bytecode's
/// format version, and the exposures the engine records.
struct HoldoutTests {
    private static let now = date("2026-11-21T09:00:00Z")

    private static let source = """
    configure { displayFrequency(.daily) }
    parameter userID: String = ""
    event opened
    tip ProFiltersTip {
        id: "pro-filters"
        title: "Pro filters"
        holdout(10, of: userID)
        #Rule(Self.opened) { $0.donations.count >= 1 }
    }
    tip SavedSearchTip {
        title: "Saved search"
        #Rule(Self.opened) { $0.donations.count >= 1 }
    }
    group Filters(.ordered) { ProFiltersTip, SavedSearchTip }
    """

    /// The first ids `u-1`, `u-2` … in the holdout arm and in treatment of group "pro-filters".
    private static let heldOutID = (1...1000).map { "u-\($0)" }.first { RolloutBucket.bucket(of: $0, group: Holdout.salt + "pro-filters") <= 10 } ?? ""
    private static let treatedID = (1...1000).map { "u-\($0)" }.first { RolloutBucket.bucket(of: $0, group: Holdout.salt + "pro-filters") > 10 } ?? ""

    private func engine(userID: String) throws -> TipEngine {
        var engine = TipEngine(program: try Program(bytes: try compile(Self.source).encoded()))
        try engine.setParameter("userID", .string(userID))
        try engine.donate(event: "opened", fields: [:], at: Self.now - 60)
        return engine
    }

    @Test func formatVersionFourOnlyWithAHoldout() throws {
        let program = try compile(Self.source)
        #expect(program.formatVersion == 4)
        #expect(program.tips[0].holdout?.percent == 10)
        #expect(program.tips[0].holdout?.group == "pro-filters")
        #expect(program.formatRequirements.map(\.construct) == [.holdout, .instruction(.bucket)])
        #expect(try Program(bytes: program.encoded()).tips[0].holdout == program.tips[0].holdout)
        let without = try compile(Self.source.replacing("holdout(10, of: userID)", with: ""))
        #expect(without.formatVersion == 1)
        #expect(throws: FormatVersionError.self) { try program.encoded(formatVersion: 3) }
        #expect(disassemble(program).contains("holdout 10 %, group \"pro-filters\", line 7: bucket"))
    }

    @Test func theHoldoutArmIsPendingHeldOutAndTakesNoPlaceInItsGroup() throws {
        var held = try engine(userID: Self.heldOutID)
        let result = held.evaluate(at: Self.now, explaining: true)
        let bucket = RolloutBucket.bucket(of: Self.heldOutID, group: Holdout.salt + "pro-filters")
        #expect(result.tip("pro-filters")?.status == .pending)
        #expect(result.tip("pro-filters")?.pendingReason == .heldOut)
        #expect(result.tip("pro-filters")?.displayExplanation == "pending: held out of \"pro-filters\" (holdout bucket \(bucket) <= 10)")
        #expect(result.tip("pro-filters")?.rules.allSatisfy(\.result) == true)
        // An ordered group skips the held-out member: what would have shown instead shows.
        #expect(result.groups[0].currentTip == "SavedSearchTip")
        #expect(held.tipsToDisplay(at: Self.now) == ["SavedSearchTip"])

        var treated = try engine(userID: Self.treatedID)
        #expect(treated.evaluate(at: Self.now).tip("pro-filters")?.status == .available)
        #expect(treated.tipsToDisplay(at: Self.now) == ["pro-filters"])

        var nobody = try engine(userID: "")
        #expect(nobody.evaluate(at: Self.now).tip("pro-filters")?.status == .available)
        #expect(nobody.tipsToDisplay(at: Self.now) == ["pro-filters"])
        #expect(nobody.store.exposures.isEmpty)
    }

    @Test func decideAgreesWithEvaluate() throws {
        for id in [Self.heldOutID, Self.treatedID, ""] {
            var engine = try engine(userID: id)
            var evaluator = Evaluator(program: engine.program)
            var decisions = Decisions()
            evaluator.decide(engine.store, now: Self.now, into: &decisions)
            let result = engine.evaluate(at: Self.now)
            #expect(decisions.tips.map(\.pendingReason) == result.tips.map(\.pendingReason))
            #expect(decisions.currentTips.map { $0.map { engine.program.tips[$0].id } } == result.groups.map(\.currentTip))
            #expect(evaluator.holdoutAssignment(ofTip: 0, store: engine.store, now: Self.now)?.arm
                    == (id.isEmpty ? nil : id == Self.heldOutID ? .holdout : .treatment))
        }
    }

    @Test func aHeldOutTipsExposureIsRecordedOnceWhenASessionWouldHavePresentedIt() throws {
        var engine = try engine(userID: Self.heldOutID)
        // Not yet: its rule is false before the donation is visible.
        #expect(engine.presentation(at: Self.now - 120).exposures.isEmpty)
        _ = engine.tipsToDisplay(at: Self.now)
        let exposure = Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout, date: Self.now)
        #expect(engine.store.exposures == [exposure])
        try engine.recordDisplay(tip: "SavedSearchTip", at: Self.now)
        _ = engine.tipsToDisplay(at: Self.now + 86_400)
        #expect(engine.store.exposures == [exposure])
        #expect(engine.evaluate(at: Self.now + 86_400).tip("pro-filters")?.pendingReason == .heldOut)
    }

    @Test func aTreatedTipsExposureIsTheSessionThatShowsIt() throws {
        var engine = try engine(userID: Self.treatedID)
        let exposure = Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .treatment, date: Self.now)
        #expect(engine.presentation(at: Self.now).exposures == [exposure])
        #expect(engine.store.exposures.isEmpty)
        #expect(engine.tipsToDisplay(at: Self.now) == ["pro-filters"])
        try engine.recordDisplay(tip: "pro-filters", at: Self.now + 5)
        try engine.recordDisplay(tip: "pro-filters", at: Self.now + 10)
        #expect(engine.store.exposures == [exposure])
    }

    @Test func aDisplayNoDecisionPrecededRecordsTheTreatedExposure() throws {
        var engine = try engine(userID: Self.treatedID)
        try engine.recordDisplay(tip: "pro-filters", at: Self.now)
        try engine.recordDisplay(tip: "pro-filters", at: Self.now + 10)
        #expect(engine.store.exposures == [Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .treatment, date: Self.now)])
    }

    @Test func changingTheIDMovesTheUnitBetweenArms() throws {
        var engine = try engine(userID: Self.treatedID)
        _ = engine.statusChanges(at: Self.now)
        try engine.setParameter("userID", .string(Self.heldOutID))
        let changes = engine.statusChanges(at: Self.now)
        #expect(changes.map(\.tip).contains("pro-filters"))
        #expect(engine.evaluate(at: Self.now).tip("pro-filters")?.pendingReason == .heldOut)
        try engine.setParameter("userID", .string(""))
        #expect(engine.statusChanges(at: Self.now).first { $0.tip == "pro-filters" }?.newStatus == .available)
    }

    @Test func savedStateKeepsExposuresAndInvalidationDatesInVersionTwo() throws {
        var engine = try engine(userID: Self.heldOutID)
        let plain = engine.savedState()
        #expect(plain[4] == 1)
        _ = engine.tipsToDisplay(at: Self.now)
        engine.advance(to: Self.now + 5)
        try engine.close(tip: "SavedSearchTip")
        let bytes = engine.savedState()
        #expect(bytes[4] == 2)
        let restored = try StateDecoder.decode(bytes, for: engine.program).store
        #expect(restored.exposures == engine.store.exposures)
        #expect(restored.tipState(1).invalidationDate == Self.now + 5)
        #expect(restored.tipState(1).invalidation == .tipClosed)
    }

    @Test func anExposureIsAnOperationRecord() throws {
        let exposure = Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout, date: Self.now)
        let journal = OperationRecord.journalHeader + OperationRecord.encode(.expose(exposure))
        #expect(try OperationRecord.read(journal).operations == [.expose(exposure)])
        var engine = try engine(userID: Self.heldOutID)
        try TipOperation.expose(exposure).apply(to: &engine)
        try TipOperation.expose(Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout, date: Self.now + 9))
            .apply(to: &engine)
        #expect(engine.store.exposures == [exposure])
        var bad = exposure
        bad.percent = 60
        #expect(try OperationRecord.read(OperationRecord.journalHeader + OperationRecord.encode(.expose(bad))).damage != nil)
    }

    @Test func theEarliestExposureOfATipAndGroupWinsWhenHistoriesMergeWithTheArmTheIDGives() throws {
        let engine = try engine(userID: Self.heldOutID)
        let (program, store) = (engine.program, engine.store)
        let phone = InstallID(high: 1, low: 1), tablet = InstallID(high: 2, low: 2)
        let change = SyncedChange.exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout)
        let late = StampedOperation(install: phone, sequence: 1, date: Self.now + 60, change: change)
        let early = StampedOperation(install: tablet, sequence: 1, date: Self.now, change: change)
        #expect(HistoryMerge.exposure([late, early], program: program, store: store)?.date == Self.now)
        #expect(HistoryMerge.exposure([early, late], program: program, store: store)
                == Exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .holdout, date: Self.now))
        // A peer's arm is not believed: the held-out person stays held out.
        var forged = early
        forged.change = .exposure(tip: "pro-filters", group: "pro-filters", percent: 10, arm: .treatment)
        #expect(HistoryMerge.exposure([forged], program: program, store: store)?.arm == .holdout)
        // A share or a tip the rules do not hold is kept out.
        forged.change = .exposure(tip: "pro-filters", group: "pro-filters", percent: 20, arm: .holdout)
        #expect(HistoryMerge.exposure([forged], program: program, store: store) == nil)
        #expect(HistoryMerge.unfitExposure(.exposure(tip: "nope", group: "nope", percent: 10, arm: .holdout), program: program) != nil)
        let changeSet = ChangeSet(app: nil, operations: [early])
        #expect(try ChangeSet(decoding: changeSet.encoded()).operations == [early])
    }

    @Test func aShareOutsideOneToFiftyIsRefusedByTheVerifier() throws {
        var contents = try compile(Self.source).contents
        contents.tips[0].holdout?.percent = 60
        #expect(throws: BytecodeError.self) { try Program(contents: contents) }
    }
}
