import Foundation
import TipRulesToolingCore

/// `tiprulec measure plan`: the users (and days) an experiment needs before it is run
/// (docs/measure.md, "Planning").
enum MeasurePlanCommand {
    static let usage = """
    usage: tiprulec measure plan --percent P --rate R --effect E [--power 0.8] [--alpha 0.05]
                                 [--users-per-day N] [--format text|json]

    How many users must be exposed to detect a relative change E (0.1 or 10%: the treatment
    converts at R × (1 + E)) of a conversion rate R (0.2 or 20%) with P % of them held out
    (1 to 50), with the given power (default 0.8) at the two-sided level alpha (default 0.05)?
    With --users-per-day (the users exposed each day), also how many days that takes. The test
    is statsmodels' NormalIndPower on Cohen's h, the holdout its first sample.
    Exit status: 0 planned, 2 usage (a value out of range, an effect too small to detect).
    """

    static func run(_ arguments: [String]) throws(CommandResultError) -> CommandResult {
        let parsed = try ParsedArguments.parse(arguments, valueOptions: ["--percent", "--rate", "--effect", "--power", "--alpha",
                                                                         "--users-per-day", "--format"],
                                               flags: []).orFailure(usage: usage)
        guard parsed.positionals.isEmpty else { return .failure("measure plan takes no file, only options\n" + usage) }
        let format = try parsed.format(allowed: ["text", "json"]).orFailure()
        guard let percent = try parsed.wholeNumber("--percent", in: 1...50).orFailure() else {
            return .failure("measure plan needs --percent P, the share held out (1 to 50)\n" + usage)
        }
        guard let rate = try fraction(parsed, "--rate", in: 0, 1) else {
            return .failure("measure plan needs --rate R, the conversion rate without the tip (e.g. 0.2)\n" + usage)
        }
        guard let effect = try fraction(parsed, "--effect", in: -1, .infinity) else {
            return .failure("measure plan needs --effect E, the relative change to detect (e.g. 0.1 for +10%)\n" + usage)
        }
        let alpha = try fraction(parsed, "--alpha", in: 0, 1) ?? 0.05
        let power = try fraction(parsed, "--power", in: alpha, 1) ?? 0.8
        guard effect != 0 else { return .failure("--effect must not be 0: no number of users detects no change") }
        let plan = SampleSizePlan(percent: percent, rate: rate, effect: effect, power: power, alpha: alpha)
        guard plan.targetRate < 1 else {
            return .failure("--effect: a rate of \(number(rate)) changed by \(number(effect)) is \(number(plan.targetRate)), not a rate below 1")
        }
        var perDay: Double?
        if let text = parsed.options["--users-per-day"] {
            guard let value = Double(text), value.isFinite, value >= 1 else {
                return .failure("--users-per-day takes a number of users of at least 1, not '\(text)'")
            }
            perDay = value
        }
        guard let users = plan.users else {
            return .failure("--effect: detecting \(number(effect)) needs more than 10^15 users; the effect is too small to detect")
        }
        let outcome = SampleSizePlanOutcome(plan: plan, users: users, usersPerDay: perDay)
        return CommandResult(standardOutput: format == "json" ? SampleSizePlanRenderer.json(outcome) : SampleSizePlanRenderer.text(outcome))
    }

    /// The value of `option` as a number strictly between `low` and `high` ("0.2" or "20%"); nil
    /// when not given.
    private static func fraction(_ parsed: ParsedArguments, _ option: String, in low: Double, _ high: Double) throws(CommandResultError) -> Double? {
        guard let text = parsed.options[option] else { return nil }
        let value = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        guard let value, value.isFinite, value > low, value < high else {
            let range = high.isInfinite ? "above \(number(low))" : "between \(number(low)) and \(number(high))"
            throw CommandResultError(.failure("\(option) takes a number \(range) (e.g. 0.2 or 20%), not '\(text)'"))
        }
        return value
    }

    /// "0.05", "1", "1e-09": a value as the messages write it.
    private static func number(_ value: Double) -> String { String(format: "%g", value) }
}
