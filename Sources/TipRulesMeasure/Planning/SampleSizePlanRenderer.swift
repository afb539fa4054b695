import Foundation
import TipRulesToolingCore

/// A plan's answer: the users exposed in all, how they split, the power they reach and, with a
/// rate of users a day, the days they take.
struct SampleSizePlanOutcome {
    var plan: SampleSizePlan
    var users: Int
    var usersPerDay: Double?

    /// The users expected in the holdout (P % of `users`), a fraction as statsmodels takes it.
    var holdoutUsers: Double { Double(users) * Double(plan.percent) / 100 }
    var treatmentUsers: Double { Double(users) - holdoutUsers }
    /// The power at `users` (at least the plan's: they are rounded up).
    var achievedPower: Double { plan.power(holdoutUsers: holdoutUsers) }
    /// Whole days of exposures, at `usersPerDay`.
    var days: Int? { usersPerDay.flatMap { Int(exactly: (Double(users) / $0).rounded(.up)) } }

    /// The test, as the output names it.
    static let test = "statsmodels NormalIndPower, two-sided, on Cohen's h (proportion_effectsize): nobs1 the holdout, ratio (100 - P) / P"
}

/// `measure plan`'s output: a few lines for a person (`text`) or every number (`json`).
enum SampleSizePlanRenderer {
    static func text(_ outcome: SampleSizePlanOutcome) -> String {
        let plan = outcome.plan
        var lines = [
            "to detect a change of \(MeasureNumbers.lift(plan.effect)) in a conversion rate of \(MeasureNumbers.percent(plan.rate)) "
                + "(to \(MeasureNumbers.percent(plan.targetRate))) with \(plan.percent)% held out,",
            "at \(String(format: "%g", plan.power * 100))% power and a two-sided \(String(format: "%g", plan.alpha * 100))% level:",
            "users: \(outcome.users) exposed (\(whole(outcome.holdoutUsers)) held out, \(whole(outcome.treatmentUsers)) in treatment); "
                + "power \(String(format: "%.4f", outcome.achievedPower))",
        ]
        if let perDay = outcome.usersPerDay, let days = outcome.days {
            lines.append("days: \(days) at \(String(format: "%g", perDay)) exposed users a day, then the window for the last of them to mature")
        }
        lines.append("test: \(SampleSizePlanOutcome.test); h = \(String(format: "%.6f", plan.effectSize))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ outcome: SampleSizePlanOutcome) -> String {
        let plan = outcome.plan
        let members: [(String, JSONValue)] = [
            ("percent", .integer(plan.percent)), ("rate", .number(plan.rate)), ("effect", .number(plan.effect)),
            ("targetRate", .number(plan.targetRate)), ("power", .number(plan.power)), ("alpha", .number(plan.alpha)),
            ("test", .string(SampleSizePlanOutcome.test)), ("effectSize", .number(plan.effectSize)), ("ratio", .number(plan.ratio)),
            ("exactHoldoutUsers", plan.exactHoldoutUsers.map(JSONValue.number) ?? .null),
            ("users", .integer(outcome.users)), ("holdoutUsers", .number(outcome.holdoutUsers)),
            ("treatmentUsers", .number(outcome.treatmentUsers)), ("achievedPower", .number(outcome.achievedPower)),
            ("usersPerDay", outcome.usersPerDay.map(JSONValue.number) ?? .null),
            ("days", outcome.days.map(JSONValue.integer) ?? .null),
        ]
        return JSONWriter.string(from: .object(JSONObject(members)), style: .pretty) + "\n"
    }

    /// "2835" for 2834.6: users as a person counts them.
    private static func whole(_ value: Double) -> String { String(format: "%.0f", value.rounded()) }
}
