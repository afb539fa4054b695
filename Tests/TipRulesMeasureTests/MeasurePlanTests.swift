import Foundation
@testable import TipRulesMeasure
import TipRulesToolingCore
import Testing
import TipRulesTestSupport

/// `tiprulec measure plan`: the users an experiment needs, equal to statsmodels' NormalIndPower on
/// Cohen's h (examples/measure/plan_agreement.py checks many more against statsmodels itself), in
/// text and JSON, with its usage errors.
@Suite struct MeasurePlanTests: CommandTesting {
    let scratch = TemporaryFolder()

    /// statsmodels 0.15.0: `NormalIndPower().solve_power(proportion_effectsize(0.22, 0.2), nobs1=None,
    /// alpha=0.05, power=0.8, ratio=9)` = 3615.1834798911136 (its root finder stops within 1e-5 users).
    @Test func theHoldoutSizeIsStatsmodels() throws {
        let plan = SampleSizePlan(percent: 10, rate: 0.2, effect: 0.1, power: 0.8, alpha: 0.05)
        #expect(abs(plan.effectSize - 0.049115308792222256) < 1e-15)
        let holdout = try #require(plan.exactHoldoutUsers)
        #expect(abs(holdout - 3615.1834798911136) < 1e-5)
        #expect(abs(plan.power(holdoutUsers: holdout) - 0.8) < 1e-12)
        #expect(plan.users == 36152)
        // 50 % held out, a fall of 20 % from 5 %, 90 % power at the 1 % level: 12750.391539063696.
        let other = SampleSizePlan(percent: 50, rate: 0.05, effect: -0.2, power: 0.9, alpha: 0.01)
        #expect(abs(try #require(other.exactHoldoutUsers) - 12750.391539063696) < 1e-5)
        #expect(other.users == 25501)
    }

    @Test func textAndJSON() throws {
        let text = run(["measure", "plan", "--percent", "10", "--rate", "20%", "--effect", "0.1", "--users-per-day", "1000"])
        #expect(text.status == 0, Comment(rawValue: text.standardError))
        #expect(text.standardOutput.contains("users: 36152 exposed (3615 held out, 32537 in treatment); power 0.8000"))
        #expect(text.standardOutput.contains("days: 37 at 1000 exposed users a day"))
        #expect(text.standardOutput.contains("statsmodels NormalIndPower"))
        let json = run(["measure", "plan", "--percent", "10", "--rate", "0.2", "--effect", "0.1", "--format", "json"])
        let document = try JSONParser().parse(json.standardOutput)
        let object = try #require(document.objectValue)
        #expect(object["users"]?.intValue == 36152)
        #expect(object["days"] == .null)
        #expect(object.keys.count == 16)
        #expect((object["achievedPower"]?.doubleValue ?? 0) >= 0.8)
    }

    @Test func usageErrorsExitTwoWithAMessage() {
        for (arguments, message) in [
            (["--rate", "0.2", "--effect", "0.1"], "measure plan needs --percent P"),
            (["--percent", "60", "--rate", "0.2", "--effect", "0.1"], "--percent takes a whole number from 1 to 50, not '60'"),
            (["--percent", "10", "--rate", "1.5", "--effect", "0.1"], "--rate takes a number between 0 and 1"),
            (["--percent", "10", "--rate", "0.9", "--effect", "0.2"], "a rate of 0.9 changed by 0.2 is 1.08, not a rate below 1"),
            (["--percent", "10", "--rate", "0.2", "--effect", "0"], "--effect must not be 0"),
            (["--percent", "10", "--rate", "0.2", "--effect", "1e-9"], "the effect is too small to detect"),
            (["--percent", "10", "--rate", "0.2", "--effect", "0.1", "--power", "0.01"], "--power takes a number between 0.05 and 1"),
            (["--percent", "10", "--rate", "0.2", "--effect", "0.1", "--users-per-day", "0"], "--users-per-day takes a number of users"),
            (["--percent", "10", "--rate", "0.2", "--effect", "0.1", "--format", "svg"], "unknown format 'svg'"),
            (["rows.ndjson", "--percent", "10", "--rate", "0.2", "--effect", "0.1"], "measure plan takes no file"),
        ] {
            let result = run(["measure", "plan"] + arguments)
            #expect(result.status == 2)
            #expect(result.standardError.contains(message), Comment(rawValue: result.standardError))
        }
    }
}
