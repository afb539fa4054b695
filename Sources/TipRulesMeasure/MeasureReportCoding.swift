import TipRulesReach
import TipRulesRuntime
import TipRulesToolingCore

/// A measure report as JSON (`--format json`), and as a partial (`--format partial`): the tally's
/// whole numbers on one line with what merging needs to be safe — the partial format's version,
/// the program's digest, the experiment and the instant — read back by `measure merge`.
enum MeasureReportCoding {
    /// The version of the partial format; partials of another version are refused.
    static let partialVersion = 1

    /// What a partial must share with the others to be merged with them.
    struct PartialHeader: Equatable {
        var version: Int
        var program: String
        var tip: String
        var group: String
        var goal: String
        var window: Double
        var now: Double
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
        func comparison(_ result: TwoSidedTTest.Result) -> JSONValue {
            .object(JSONObject([("difference", number(result.difference)), ("differenceInterval", interval(result.differenceInterval)),
                                ("pValue", number(result.pValue)), ("relativeLift", number(result.relativeLift)),
                                ("relativeLiftInterval", interval(result.relativeLiftInterval))]))
        }
        return .object(JSONObject([
            ("tip", .string(report.tip)), ("group", .string(report.group)),
            ("percent", report.tally.percent.map(JSONValue.integer) ?? .null), ("goal", .string(report.goal)),
            ("window", .number(report.window)), ("now", .string(ValueFormatting.date(report.now))),
            ("immature", .integer(report.tally.immature)), ("crossed", .integer(report.tally.crossed)),
            ("arms", .object(JSONObject([("treatment", arm(report.treatment, interactions: true)),
                                         ("holdout", arm(report.holdout, interactions: false))]))),
            ("conversion", comparison(report.conversion)), ("goalCount", comparison(report.goalCount)),
            ("sampleRatio", .object(JSONObject([("pValue", number(report.sampleRatioPValue)), ("flagged", .bool(report.sampleRatioFlagged))]))),
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
            ("immature", .integer(tally.immature)), ("crossed", .integer(tally.crossed)),
            ("arms", .object(JSONObject([("treatment", arm(tally.treatment)), ("holdout", arm(tally.holdout))]))),
        ]))
    }

    /// A partial read back, or what is wrong with it.
    static func readPartial(_ json: JSONValue) throws(CommandError) -> (header: PartialHeader, tally: MeasureTally) {
        let reader = PartialReader()
        guard let version = json["measurePartial"]?.intValue else {
            throw CommandError("not a partial report of `tiprulec measure --format partial` (no \"measurePartial\" version)")
        }
        let header = PartialHeader(version: version, program: try reader.string(json["program"], "program"),
                                   tip: try reader.string(json["tip"], "tip"), group: try reader.string(json["group"], "group"),
                                   goal: try reader.string(json["goal"], "goal"), window: try reader.number(json["window"], "window"),
                                   now: try reader.number(json["instant"], "instant"))
        var tally = MeasureTally()
        guard version == partialVersion else { return (header, tally) }
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
        for arm in ExperimentArm.allCases {
            tally[arm].counts = try reader.counts(json["arms"]?[arm.rawValue], MeasureTally.Arm.countNames, "arms.\(arm.rawValue)")
            if let problem = problem(in: tally[arm]) { throw CommandError("arms.\(arm.rawValue): \(problem)") }
        }
        return (header, tally)
    }

    /// What makes an arm's counts impossible (no run gives them), or nil.
    private static func problem(in arm: MeasureTally.Arm) -> String? {
        if arm.converted > arm.users { return "more users converted than there are users" }
        if arm.converted > arm.goalSum { return "more users converted than goals were reached" }
        if arm.goalSum > arm.goalSumOfSquares { return "the goal counts' squares add up to less than the goal counts" }
        if max(arm.shown, arm.actionPerformed, arm.tipClosed) > arm.users { return "more users interacted than there are users" }
        return nil
    }
}
