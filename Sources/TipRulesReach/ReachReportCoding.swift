import TipRulesRuntime
import TipRulesToolingCore

/// A reach report as JSON (`--format json`), and as a partial (`--format partial`): the same
/// report on one line with what merging needs to be safe — the partial format's version, digests of
/// the program and the baseline, and the instant — read back by `reach merge`.
package enum ReachReportCoding {
    /// The version of the partial format; partials of another version are refused.
    static let partialVersion = 1

    /// What a partial must share with the others to be merged with them.
    struct PartialHeader: Equatable {
        var version: Int
        var program: String
        var baseline: String?
        var now: Double
    }

    package static func document(_ tally: ReachTally, now: Double) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("now", .string(ValueFormatting.date(now))), ("users", .integer(tally.users)),
            ("rows", .integer(tally.rows)), ("skippedUsers", .integer(tally.skippedUsers)),
            ("tips", .array(tally.tips.map { tip($0, withBaseline: tally.removedTips != nil) })),
            ("groups", .array(tally.groups.map { group in
                .object(JSONObject([("id", .string(group.id)),
                                    ("currentTip", .object(JSONObject(group.currentTip.map { ($0.id, .integer($0.count)) }))),
                                    ("none", .integer(group.none))]))
            })),
            ("widgets", .array(tally.widgets.map { widget in
                .object(JSONObject([("id", .string(widget.id)), ("relevant", .integer(widget.relevant)),
                                    ("score", .object(JSONObject([("sum", .number(widget.sum)), ("min", .number(widget.scoreMin)),
                                                                  ("max", .number(widget.scoreMax))])))]))
            })),
        ]
        if let removed = tally.removedTips {
            members.append(("removedTips", .array(removed.map {
                .object(JSONObject([("id", .string($0.id)), ("display", .integer($0.display))]))
            })))
        }
        return .object(JSONObject(members))
    }

    private static func tip(_ tip: ReachTally.Tip, withBaseline: Bool) -> JSONValue {
        func counts(_ names: [String], _ values: [Int]) -> JSONValue {
            .object(JSONObject(zip(names, values).map { ($0, .integer($1)) }))
        }
        var members: [(String, JSONValue)] = [
            ("id", .string(tip.id)), ("display", .integer(tip.display)),
            ("status", counts(ReachTally.statuses, tip.status)),
            ("pendingReason", counts(ReachTally.pendingReasons, tip.pendingReason)),
            ("invalidatedReason", counts(ReachTally.invalidatedReasons, tip.invalidatedReason)),
            ("rules", .array(tip.rules.map { rule in
                .object(JSONObject([("index", .integer(rule.index)), ("line", .integer(rule.line)), ("false", .integer(rule.isFalse)),
                                    ("error", .integer(rule.error)), ("onlyObstacle", .integer(rule.onlyObstacle))]))
            })),
        ]
        if let baseline = tip.baseline {
            members.append(("baseline", counts(["display", "gained", "lost"], [baseline.display, baseline.gained, baseline.lost])))
        } else if withBaseline {
            members.append(("baseline", .null))
        }
        return .object(JSONObject(members))
    }

    /// The report as a partial: the header's keys first, then the report's.
    static func partial(_ tally: ReachTally, header: PartialHeader) -> JSONValue {
        guard case .object(let report) = document(tally, now: header.now) else { return .null }
        let members: [(String, JSONValue)] = [
            ("reachPartial", .integer(header.version)), ("program", .string(header.program)),
            ("baseline", header.baseline.map(JSONValue.string) ?? .null), ("instant", .number(header.now)),
        ]
        return .object(JSONObject(members + report.entries.map { ($0.key, $0.value) }))
    }

    /// A partial read back, or what is wrong with it.
    static func readPartial(_ json: JSONValue) throws(CommandError) -> (header: PartialHeader, tally: ReachTally) {
        let reader = PartialReader()
        guard let version = json["reachPartial"]?.intValue else {
            throw CommandError("not a partial report of `tiprulec reach --format partial` (no \"reachPartial\" version)")
        }
        let header = PartialHeader(version: version, program: try reader.string(json["program"], "program"),
                                   baseline: json["baseline"]?.stringValue, now: try reader.number(json["instant"], "instant"))
        guard version == partialVersion else { return (header, ReachTally(tips: [], groups: [], widgets: [], removedTips: nil)) }
        var tally = ReachTally(tips: try reader.array(json["tips"], "tips").map(reader.tip),
                               groups: try reader.array(json["groups"], "groups").map(reader.group),
                               widgets: try reader.array(json["widgets"], "widgets").map(reader.widget),
                               removedTips: try json["removedTips"].map { value throws(CommandError) in
                                   try reader.array(value, "removedTips").map { item throws(CommandError) in
                                       ReachTally.Removed(id: try reader.string(item["id"], "removedTips.id"),
                                                          display: try reader.count(item["display"], "removedTips.display"))
                                   }
                               })
        tally.users = try reader.count(json["users"], "users")
        tally.rows = try reader.count(json["rows"], "rows")
        tally.skippedUsers = try reader.count(json["skippedUsers"], "skippedUsers")
        return (header, tally)
    }
}

/// A reach partial's tips, groups and widgets.
private extension PartialReader {
    func tip(_ json: JSONValue) throws(CommandError) -> ReachTally.Tip {
        var rules: [ReachTally.Rule] = []
        for rule in try array(json["rules"], "tips.rules") {
            let values = try counts(rule, ["index", "line", "false", "error", "onlyObstacle"], "tips.rules")
            rules.append(ReachTally.Rule(index: values[0], line: values[1], isFalse: values[2], error: values[3], onlyObstacle: values[4]))
        }
        var baseline: ReachTally.Baseline?
        if let old = json["baseline"], !old.isNull {
            let values = try counts(old, ["display", "gained", "lost"], "tips.baseline")
            baseline = ReachTally.Baseline(display: values[0], gained: values[1], lost: values[2])
        }
        return ReachTally.Tip(id: try string(json["id"], "tips.id"), display: try count(json["display"], "tips.display"),
                              status: try counts(json["status"], ReachTally.statuses, "tips.status"),
                              pendingReason: try counts(json["pendingReason"], ReachTally.pendingReasons, "tips.pendingReason"),
                              invalidatedReason: try counts(json["invalidatedReason"], ReachTally.invalidatedReasons, "tips.invalidatedReason"),
                              rules: rules, baseline: baseline)
    }

    func group(_ json: JSONValue) throws(CommandError) -> ReachTally.Group {
        guard let members = json["currentTip"]?.objectValue else { throw CommandError("groups.currentTip: expected an object") }
        var current: [(id: String, count: Int)] = []
        for (id, value) in members.entries { current.append((id, try count(value, "groups.currentTip.\(id)"))) }
        return ReachTally.Group(id: try string(json["id"], "groups.id"), currentTip: current, none: try count(json["none"], "groups.none"))
    }

    func widget(_ json: JSONValue) throws(CommandError) -> ReachTally.Widget {
        let score = json["score"]
        return ReachTally.Widget(id: try string(json["id"], "widgets.id"), relevant: try count(json["relevant"], "widgets.relevant"),
                                 scoreSum: try number(score?["sum"], "widgets.score.sum"),
                                 scoreMin: try number(score?["min"], "widgets.score.min"),
                                 scoreMax: try number(score?["max"], "widgets.score.max"))
    }
}
