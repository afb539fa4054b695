import Foundation
@testable import TipRulesMeasure
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// Small holdouts and rare goals: where an arm has fewer than 10 users who reached the goal (or who
/// did not), the conversion rate is compared with Newcombe–Wilson score intervals and the goal
/// count's t test is refused; per-arm intervals are Wilson's and never a point at 0 or 100 %. Each
/// interval has its own p-value, and the relative lift is the headline.
@Suite struct MeasureSmallSampleTests: CommandTesting {
    let scratch = TemporaryFolder()

    private func tally(treatment: (users: Int, converted: Int), holdout: (users: Int, converted: Int)) -> MeasureTally {
        var tally = MeasureTally()
        tally.percent = 10
        tally.treatment = MeasureTally.Arm(users: treatment.users, converted: treatment.converted, goalSum: treatment.converted,
                                           goalSumOfSquares: treatment.converted)
        tally.holdout = MeasureTally.Arm(users: holdout.users, converted: holdout.converted, goalSum: holdout.converted,
                                         goalSumOfSquares: holdout.converted)
        return tally
    }

    private func report(_ tally: MeasureTally) -> MeasureReport {
        MeasureReport(tip: "T", group: "g", goal: "goal", window: 604_800, now: 0, tally: tally)
    }

    private func expectClose(_ value: Double?, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(value.map { abs($0 - expected) <= 1e-12 * max(abs(expected), 1e-3) } == true, "\(String(describing: value)) is not \(expected)",
                sourceLocation: sourceLocation)
    }

    /// 19 of 380 treated against 0 of 20 held out: no evidence (Fisher's exact p = 0.61), not p < 0.0001.
    @Test func anArmWithoutConversionsIsNoEvidence() {
        let result = report(tally(treatment: (380, 19), holdout: (20, 0)))
        #expect(result.conversion.method == .newcombeWilson)
        // statsmodels `confint_proportions_2indep(19, 380, 0, 20, method="newcomb")`.
        expectClose(result.conversion.differenceInterval?.lowerBound, -0.11210098104826637)
        expectClose(result.conversion.differenceInterval?.upperBound, 0.07676696611111122)
        #expect((result.conversion.pValue ?? 0) > 0.3)
        #expect(result.conversion.relativeLift == nil)
        #expect(result.notes.contains("conversion: no user of the holdout reached the goal: the relative lift is undefined"))
        // statsmodels `proportion_confint(0, 20, method="wilson")`: not a point at 0.
        #expect(result.holdout.rateInterval?.lowerBound == 0)
        expectClose(result.holdout.rateInterval?.upperBound, 0.1611251580528194)
        #expect(result.goalCount.difference == nil)
        #expect(result.notes.contains { $0.hasPrefix("goalCount: 0 users of the holdout arm reached the goal, fewer than 10") }, "\(result.notes)")
        let everyone = report(tally(treatment: (30, 30), holdout: (20, 20)))
        #expect(everyone.treatment.rateInterval.map { $0.lowerBound < 1 && $0.upperBound == 1 } == true)
    }

    /// Each interval's p-value says what the interval says: p < 0.05 exactly when it leaves out 0.
    @Test func eachIntervalHasItsOwnPValue() {
        // 288/1800 against 20/200: gbstats' absolute test p = 0.0093, its relative test p = 0.0878.
        let welch = report(tally(treatment: (1800, 288), holdout: (200, 20))).conversion
        #expect(welch.method == .welch)
        expectClose(welch.pValue, 0.009305962863439987)
        expectClose(welch.relativeLiftPValue, 0.08783952998171896)
        expectClose(welch.relativeLiftInterval?.lowerBound, -0.0895482578609772)
        var random = SplitMix64(seed: 0x7061_6972_6564)
        for _ in 0..<300 {
            let holdoutUsers = 20 + Int(random.next() % 200), treatmentUsers = 100 + Int(random.next() % 2000)
            let holdout = Int(random.next() % UInt64(holdoutUsers / 4 + 1)), treatment = Int(random.next() % UInt64(treatmentUsers / 4 + 1))
            let result = report(tally(treatment: (treatmentUsers, treatment), holdout: (holdoutUsers, holdout))).conversion
            for (interval, p) in [(result.differenceInterval, result.pValue), (result.relativeLiftInterval, result.relativeLiftPValue)] {
                guard let interval, let p else { continue }
                #expect((p < 0.05) == !interval.contains(0) || abs(p - 0.05) < 1e-9, "\(interval) with p \(p)")
            }
        }
    }

    @Test func theTextHeadlineIsTheRelativeLiftWithItsOwnPValue() throws {
        let text = MeasureTextRenderer.render(report(tally(treatment: (1800, 288), holdout: (200, 20))))
        #expect(text.contains("conversion: relative lift +60.0% [-9.0%, +129.0%], p = 0.0878; difference +6.00 points [+1.49, +10.51], p = 0.0093"),
                Comment(rawValue: text))
        let chart = MeasureChart.render(report(tally(treatment: (1800, 288), holdout: (200, 20))))
        // The chart's lift label and colour follow the relative test: grey, p = 0.0878.
        #expect(chart.contains("+60.0% [-9.0%, +129.0%], p = 0.0878"), Comment(rawValue: chart))
        #expect(!chart.contains("p = 0.0093"))
    }
}
