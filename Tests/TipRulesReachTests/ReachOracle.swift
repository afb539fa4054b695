import Foundation
import TipRulesToolingCore

/// What `tiprulec eval` says of users one by one, counted as `tiprulec reach --format json` counts
/// them, keyed by the path of each count in the report (`tips[0].rules[1].onlyObstacle`,
/// `groups[0].currentTip.CropToolTip`, `widgets[0].score.sum`): the oracle of the reach tests.
struct ReachOracle {
    private(set) var users = 0
    private(set) var counts: [String: Double] = [:]
    private var scores: [Int: [Double]] = [:]

    /// Counts one user's `eval --format json` result (and, with `--baseline`, the old program's).
    mutating func add(_ result: JSONValue, baseline: JSONValue? = nil) {
        users += 1
        if let baseline { addBaseline(result, baseline) }
        for (index, tip) in (result["tips"]?.arrayValue ?? []).enumerated() {
            let path = "tips[\(index)]"
            if tip["display"]?.boolValue == true { counts["\(path).display", default: 0] += 1 }
            counts["\(path).status.\(tip["status"]?.stringValue ?? "?")", default: 0] += 1
            if let reason = tip["pendingReason"]?.stringValue { counts["\(path).pendingReason.\(reason)", default: 0] += 1 }
            if let reason = tip["reason"]?.stringValue { counts["\(path).invalidatedReason.\(reason)", default: 0] += 1 }
            let rules = tip["rules"]?.arrayValue ?? []
            let notTrue = rules.indices.filter { rules[$0]["result"]?.boolValue != true }
            for rule in notTrue {
                counts["\(path).rules[\(rule)].false", default: 0] += 1
                if rules[rule]["error"] != nil { counts["\(path).rules[\(rule)].error", default: 0] += 1 }
            }
            if notTrue.count == 1 { counts["\(path).rules[\(notTrue[0])].onlyObstacle", default: 0] += 1 }
        }
        for (index, group) in (result["groups"]?.arrayValue ?? []).enumerated() {
            let key = group["currentTip"]?.stringValue.map { "currentTip.\($0)" } ?? "none"
            counts["groups[\(index)].\(key)", default: 0] += 1
        }
        for (index, widget) in (result["widgets"]?.arrayValue ?? []).enumerated() where widget["relevant"]?.boolValue == true {
            counts["widgets[\(index)].relevant", default: 0] += 1
            scores[index, default: []].append(widget["score"]?.doubleValue ?? .nan)
        }
    }

    /// Who sees each tip with the old program, who gains it and who loses it.
    private mutating func addBaseline(_ result: JSONValue, _ baseline: JSONValue) {
        let old = baseline["tips"]?.arrayValue ?? []
        for (index, tip) in (result["tips"]?.arrayValue ?? []).enumerated() {
            guard let before = old.first(where: { $0["id"] == tip["id"] }) else { continue }
            let (now, then) = (tip["display"]?.boolValue == true, before["display"]?.boolValue == true)
            if then { counts["tips[\(index)].baseline.display", default: 0] += 1 }
            if now && !then { counts["tips[\(index)].baseline.gained", default: 0] += 1 }
            if then && !now { counts["tips[\(index)].baseline.lost", default: 0] += 1 }
        }
    }

    /// The differences between `report` (`reach --format json`) and the users counted: every count
    /// of the report but rules' indices and lines, each equal to the oracle's (0 when it has none),
    /// and every count of the oracle present in the report. Empty when they agree.
    func differences(from report: JSONValue, skippedUsers: Int = 0) -> [String] {
        var expected = counts
        for (index, values) in scores {
            expected["widgets[\(index)].score.sum"] = values.reduce(0, +)
            expected["widgets[\(index)].score.min"] = values.min()
            expected["widgets[\(index)].score.max"] = values.max()
        }
        var found: [String: Double] = [:]
        for key in ["tips", "groups", "widgets"] { Self.flatten(report[key] ?? .null, path: key, into: &found) }
        var differences: [String] = []
        if report["users"]?.intValue != users { differences.append("users: \(report["users"].map { JSONWriter.string(from: $0) } ?? "none") != \(users)") }
        if report["skippedUsers"]?.intValue != skippedUsers { differences.append("skippedUsers != \(skippedUsers)") }
        for (path, value) in found.sorted(by: { $0.key < $1.key }) where !path.hasSuffix(".index") && !path.hasSuffix(".line") {
            let want = expected[path] ?? 0
            if abs(value - want) > 1e-9 * max(1, abs(want)) { differences.append("\(path): reach \(value), eval \(want)") }
        }
        for path in expected.keys.sorted() where found[path] == nil { differences.append("\(path): missing from the report") }
        return differences
    }

    /// The numbers of `json`, by path.
    private static func flatten(_ json: JSONValue, path: String, into values: inout [String: Double]) {
        switch json {
        case .integer, .number: values[path] = json.doubleValue
        case .array(let items): for (index, item) in items.enumerated() { flatten(item, path: "\(path)[\(index)]", into: &values) }
        case .object(let members):
            // A rule, a group's current tip or a widget is named by its position or id, as `add` names it.
            for (key, value) in members.entries { flatten(value, path: "\(path).\(key)", into: &values) }
        default: break
        }
    }
}
