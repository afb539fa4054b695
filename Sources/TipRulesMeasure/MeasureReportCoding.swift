import TipRulesCalendar
import TipRulesReach
import TipRulesRuntime
import TipRulesToolingCore

/// A measure report as JSON (`--format json`), and as a partial (`--format partial`): the tally's
/// whole numbers on one line with what merging needs to be safe — the partial format's version,
/// the program's digest, the experiment and the instant — read back by `measure merge`.
enum MeasureReportCoding {
    /// The version of the partial format; partials of another version are refused.
    static let partialVersion = 3

    /// What a partial must share with the others to be merged with them.
    struct PartialHeader: Equatable {
        var version: Int
        var program: String
        var tip: String
        var group: String
        var goal: String
        var window: Double
        var now: Double
        /// How the report reads the tally: the guardrails, the correction, the sequential test.
        var options = MeasureOptions()
    }

    static func document(_ report: MeasureReport) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        func interval(_ range: ClosedRange<Double>?) -> JSONValue {
            range.map { .array([.number($0.lowerBound), .number($0.upperBound)]) } ?? .null
        }
        func arm(_ summary: MeasureReport.ArmSummary, interactions: Bool) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("users", .integer(summary.counts.users)), ("converted", .integer(summary.counts.converted)),
                ("rate", number(summary.rate)), ("rateInterval", interval(summary.rateInterval)),
                ("goalCount", .object(JSONObject([("mean", number(summary.goalMean)), ("variance", number(summary.goalVariance))]))),
            ]
            if interactions {
                members += [("shown", .integer(summary.counts.shown)), ("actionPerformed", .integer(summary.counts.actionPerformed)),
                            ("tipClosed", .integer(summary.counts.tipClosed))]
            }
            return .object(JSONObject(members))
        }
        func comparison(_ result: Comparison) -> JSONValue {
            .object(JSONObject([("method", result.method.map { .string($0.rawValue) } ?? .null),
                                ("relativeLift", number(result.relativeLift)), ("relativeLiftInterval", interval(result.relativeLiftInterval)),
                                ("relativeLiftPValue", number(result.relativeLiftPValue)),
                                ("difference", number(result.difference)), ("differenceInterval", interval(result.differenceInterval)),
                                ("pValue", number(result.pValue)), ("pValueAdjusted", number(result.pValueAdjusted)),
                                ("chanceToWin", number(result.bayesian?.chanceToWin)),
                                ("risk", result.bayesian.map { .object(JSONObject([("holdout", .number($0.holdoutRisk)),
                                                                                    ("treatment", .number($0.treatmentRisk))])) } ?? .null)]))
        }
        func goal(_ result: MeasureReport.GoalResult) -> JSONValue {
            func arm(_ summary: MeasureReport.ArmSummary) -> JSONValue {
                .object(JSONObject([("converted", .integer(summary.counts.converted)), ("rate", number(summary.rate)),
                                    ("rateInterval", interval(summary.rateInterval)),
                                    ("goalCount", .object(JSONObject([("mean", number(summary.goalMean)), ("variance", number(summary.goalVariance))])))]))
            }
            return .object(JSONObject([("goal", .string(result.goal)),
                                       ("arms", .object(JSONObject([("treatment", arm(result.treatment)), ("holdout", arm(result.holdout))]))),
                                       ("conversion", comparison(result.conversion)), ("goalCount", comparison(result.goalCount))]
                                      + (report.options.cupedPreWindow == nil ? [] : [("theta", theta(result.conversion, result.goalCount))])))
        }
        let guardrails: [(String, JSONValue)] = report.guardrails.isEmpty ? [] : [("guardrails", .array(report.guardrails.map(goal)))]
        return .object(JSONObject([
            ("tip", .string(report.tip)), ("group", .string(report.group)),
            ("percent", report.tally.percent.map(JSONValue.integer) ?? .null), ("goal", .string(report.goal)),
            ("window", .number(report.window)), ("now", .string(ValueFormatting.date(report.now))),
            ("immature", .integer(report.tally.immature)), ("crossed", .integer(report.tally.crossed)),
            ("contaminated", .integer(report.tally.contaminated)),
            ("arms", .object(JSONObject([("treatment", arm(report.treatment, interactions: true)),
                                         ("holdout", arm(report.holdout, interactions: false))]))),
            ("conversion", comparison(report.conversion)), ("goalCount", comparison(report.goalCount)),
            ("engine", .string(report.options.engine)),
            ("correction", .string(report.options.correction.rawValue)), ("sequential", sequential(report.options)),
            ("cuped", report.options.cupedPreWindow.map { .object(JSONObject([("preWindow", .integer($0)),
                                                                              ("theta", theta(report.conversion, report.goalCount))])) } ?? .null),
        ] + guardrails + [
            ("sampleRatio", .object(JSONObject([("pValue", number(report.sampleRatioPValue)), ("flagged", .bool(report.sampleRatioFlagged))]))),
            ("summary", .string(MeasureSummary.line(report))),
            ("notes", .array(report.notes.map(JSONValue.string))),
        ]))
    }

    /// The tally as a partial: the header, then every count.
    static func partial(_ tally: MeasureTally, header: PartialHeader) -> JSONValue {
        func arm(_ counts: MeasureTally.Arm) -> JSONValue {
            .object(JSONObject(zip(MeasureTally.Arm.countNames, counts.counts).map { ($0, .integer($1)) }))
        }
        return .object(JSONObject([
            ("measurePartial", .integer(header.version)), ("program", .string(header.program)), ("tip", .string(header.tip)),
            ("group", .string(header.group)), ("goal", .string(header.goal)), ("window", .number(header.window)),
            ("instant", .number(header.now)), ("percent", tally.percent.map(JSONValue.integer) ?? .null),
            ("users", .integer(tally.users)), ("rows", .integer(tally.rows)), ("skippedUsers", .integer(tally.skippedUsers)),
            ("immature", .integer(tally.immature)), ("crossed", .integer(tally.crossed)), ("contaminated", .integer(tally.contaminated)),
            ("parts", .array(tally.parts.sorted().map { .string(MeasureTally.partName($0)) })),
            ("arms", .object(JSONObject([("treatment", arm(tally.treatment)), ("holdout", arm(tally.holdout))]))),
            ("engine", .string(header.options.engine)),
            ("correction", .string(header.options.correction.rawValue)), ("sequential", sequential(header.options)),
            ("guardrails", .array(zip(header.options.guardrails, tally.guardrails).map { name, arms in
                .object(JSONObject([("goal", .string(name)), ("arms", .object(JSONObject(HoldoutArm.allCases.map { side in
                    (side.rawValue, .object(JSONObject(zip(MeasureTally.Arm.goalCountNames + MeasureTally.Arm.preCountNames,
                                                           arms[side].goalCounts + arms[side].preCounts).map { ($0, .integer($1)) })))
                })))]))
            })),
            ("cuped", header.options.cupedPreWindow.map { window in
                .object(JSONObject([("preWindow", .integer(window)), ("arms", .object(JSONObject(HoldoutArm.allCases.map { side in
                    (side.rawValue, .object(JSONObject(zip(MeasureTally.Arm.preCountNames, tally[side].preCounts).map { ($0, .integer($1)) })))
                })))]))
            } ?? .null),
        ]))
    }


    /// CUPED's θ of each metric (null where it was not adjusted).
    private static func theta(_ conversion: Comparison, _ goalCount: Comparison) -> JSONValue {
        .object(JSONObject([("conversion", conversion.theta.map(JSONValue.number) ?? .null),
                            ("goalCount", goalCount.theta.map(JSONValue.number) ?? .null)]))
    }

    /// `{"tuning": N}` for the sequential test, null for the fixed-sample one.
    private static func sequential(_ options: MeasureOptions) -> JSONValue {
        options.sequentialTuning.map { .object(JSONObject([("tuning", .integer($0))])) } ?? .null
    }

    /// A partial read back, or what is wrong with it: anything no run writes is refused.
    static func readPartial(_ json: JSONValue) throws(CommandError) -> (header: PartialHeader, tally: MeasureTally) {
        let reader = PartialReader()
        guard let version = json["measurePartial"]?.intValue else {
            throw CommandError("not a partial report of `tiprulec measure --format partial` (no \"measurePartial\" version)")
        }
        var header = PartialHeader(version: version, program: try reader.string(json["program"], "program"),
                                   tip: try reader.string(json["tip"], "tip"), group: try reader.string(json["group"], "group"),
                                   goal: try reader.string(json["goal"], "goal"), window: try reader.number(json["window"], "window"),
                                   now: try reader.number(json["instant"], "instant"))
        var tally = MeasureTally()
        guard version == partialVersion else { return (header, tally) }
        // A window is a whole number of seconds that --window accepts; the instant a date --now accepts.
        guard header.window >= 1, header.window <= Double(MeasureCommand.longestWindow), header.window.rounded() == header.window else {
            throw CommandError("window: expected a whole number of seconds from 1 to \(MeasureCommand.longestWindow), found \(JSONWriter.string(from: .number(header.window)))")
        }
        do throws(RFC3339Error) {
            try RFC3339.checkRange(header.now)
        } catch {
            throw CommandError("instant: \(error.message)")
        }
        switch json["percent"] {
        case .null?: break
        case .integer(let percent)? where (1...50).contains(percent): tally.percent = percent
        default: throw CommandError("percent: expected a whole number from 1 to 50, or null")
        }
        tally.users = try reader.count(json["users"], "users")
        tally.rows = try reader.count(json["rows"], "rows")
        tally.skippedUsers = try reader.count(json["skippedUsers"], "skippedUsers")
        tally.immature = try reader.count(json["immature"], "immature")
        tally.crossed = try reader.count(json["crossed"], "crossed")
        tally.contaminated = try reader.count(json["contaminated"], "contaminated")
        for arm in HoldoutArm.allCases {
            tally[arm].counts = try reader.counts(json["arms"]?[arm.rawValue], MeasureTally.Arm.countNames, "arms.\(arm.rawValue)")
            if let problem = problem(in: tally[arm]) { throw CommandError("arms.\(arm.rawValue): \(problem)") }
        }
        var exposed = 0
        for count in [tally.treatment.users, tally.holdout.users, tally.immature, tally.crossed, tally.contaminated] {
            let (sum, overflow) = exposed.addingReportingOverflow(count)
            guard !overflow, sum <= tally.users else {
                throw CommandError("users: the users counted in the arms or left out are more than the \(tally.users) users read")
            }
            exposed = sum
        }
        tally.parts = try parts(json["parts"], users: tally.users)
        var options = MeasureOptions()
        let correction = try reader.string(json["correction"], "correction")
        guard let method = MultipleTesting(rawValue: correction) else {
            throw CommandError("correction: expected one of \(MultipleTesting.allCases.map(\.rawValue).joined(separator: ", ")), found '\(correction)'")
        }
        options.correction = method
        let engine = try reader.string(json["engine"], "engine")
        guard MeasureOptions.engines.contains(engine) else {
            throw CommandError("engine: expected one of \(MeasureOptions.engines.joined(separator: ", ")), found '\(engine)'")
        }
        options.bayesian = engine == "bayesian"
        switch json["sequential"] {
        case .null?: break
        case .object(let test)? where test.entries.count == 1 && (test["tuning"]?.intValue ?? 0) >= 1:
            options.sequentialTuning = test["tuning"]?.intValue
        default: throw CommandError("sequential: expected null or {\"tuning\": N} with N a whole number of at least 1")
        }
        for (index, item) in try reader.array(json["guardrails"], "guardrails").enumerated() {
            let name = try reader.string(item["goal"], "guardrails[\(index)].goal")
            var arms = MeasureTally.Arms()
            for side in HoldoutArm.allCases {
                let key = "guardrails[\(index)].arms.\(side.rawValue)"
                let counts = try reader.counts(item["arms"]?[side.rawValue], MeasureTally.Arm.goalCountNames + MeasureTally.Arm.preCountNames, key)
                arms[side].users = tally[side].users
                arms[side].goalCounts = Array(counts[..<3])
                arms[side].preCounts = Array(counts[3...])
                if let problem = problem(in: arms[side]) { throw CommandError("\(key): \(problem)") }
            }
            options.guardrails.append(name)
            tally.guardrails.append(arms)
        }
        switch json["cuped"] {
        case .null?: break
        case .object(let cuped)?:
            let window = try reader.count(cuped["preWindow"], "cuped.preWindow")
            guard window >= 1, window <= MeasureCommand.longestWindow else {
                throw CommandError("cuped.preWindow: expected a whole number of seconds from 1 to \(MeasureCommand.longestWindow)")
            }
            options.cupedPreWindow = window
            for side in HoldoutArm.allCases {
                tally[side].preCounts = try reader.counts(cuped["arms"]?[side.rawValue], MeasureTally.Arm.preCountNames, "cuped.arms.\(side.rawValue)")
            }
        default: throw CommandError("cuped: expected null or {\"preWindow\": seconds, \"arms\": …}")
        }
        let arms = [("arms", tally.treatment, tally.holdout)] + tally.guardrails.enumerated().map { ("guardrails[\($0)].arms", $1.treatment, $1.holdout) }
        for (key, treatment, holdout) in arms {
            for (side, arm) in [("treatment", treatment), ("holdout", holdout)] {
                if options.cupedPreWindow == nil && arm.preCounts.contains(where: { $0 != 0 }) {
                    throw CommandError("\(key).\(side): sums before the exposure without CUPED")
                }
                if let problem = preProblem(in: arm) { throw CommandError("\(key).\(side): \(problem)") }
            }
        }
        header.options = options
        return (header, tally)
    }

    /// A partial's parts: distinct identities of 16 hexadecimal digits, at least one when it has users.
    private static func parts(_ value: JSONValue?, users: Int) throws(CommandError) -> Set<UInt64> {
        var parts: Set<UInt64> = []
        for item in try PartialReader().array(value, "parts") {
            guard let text = item.stringValue, text.count == 16, let part = UInt64(text, radix: 16) else {
                throw CommandError("parts: expected identities of 16 hexadecimal digits, found \(JSONWriter.string(from: item))")
            }
            guard parts.insert(part).inserted else { throw CommandError("parts: \(text) is given twice") }
        }
        if users > 0 && parts.isEmpty { throw CommandError("parts: a partial with users names the part of the rows it counts") }
        return parts
    }

    /// What makes an arm's counts before the exposure impossible, or nil: a run counts each user's
    /// goals before it, x, with x ≤ x², and x × goals ≥ x × converted (at most a million goals a user).
    private static func preProblem(in arm: MeasureTally.Arm) -> String? {
        if arm.preSum > arm.preSumOfSquares { return "the goal counts' squares before the exposure add up to less than the goal counts" }
        if arm.preConvertedProducts > arm.preGoalProducts { return "the products with converted add up to more than the products with the goal counts" }
        if arm.preSum / MeasureCommand.mostGoals > arm.users { return "more goals before the exposure than \(MeasureCommand.mostGoals) a user" }
        if arm.preGoalProducts > 0 && (arm.preSum == 0 || arm.goalSum == 0) { return "products with the goal counts but no goals" }
        return nil
    }

    /// What makes an arm's counts impossible (no run gives them), or nil.
    private static func problem(in arm: MeasureTally.Arm) -> String? {
        if arm.converted > arm.users { return "more users converted than there are users" }
        if arm.converted > arm.goalSum { return "more users converted than goals were reached" }
        if arm.goalSum > 0 && arm.converted == 0 { return "goals were reached but no user converted" }
        if arm.goalSum > arm.goalSumOfSquares { return "the goal counts' squares add up to less than the goal counts" }
        // Each user reaches the goal at most `MeasureCommand.mostGoals` times: sum ≤ most × converted, squares ≤ most × sum.
        let most = MeasureCommand.mostGoals
        if arm.goalSum / most > arm.converted || (arm.goalSum / most == arm.converted && arm.goalSum % most > 0) {
            return "more goals than \(most) a converted user"
        }
        if arm.goalSumOfSquares / most > arm.goalSum || (arm.goalSumOfSquares / most == arm.goalSum && arm.goalSumOfSquares % most > 0) {
            return "the goal counts' squares add up to more than \(most) goals a user give"
        }
        // Sum of squares × users ≥ sum² (the variance is not negative), in full width.
        let squares = arm.goalSumOfSquares.multipliedFullWidth(by: arm.users), sum = arm.goalSum.multipliedFullWidth(by: arm.goalSum)
        if (squares.high, squares.low) < (sum.high, sum.low) { return "the goal counts' squares add up to less than their sum squared over the users" }
        if max(arm.shown, arm.actionPerformed, arm.tipClosed) > arm.users { return "more users interacted than there are users" }
        return nil
    }
}
