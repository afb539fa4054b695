/// A reach report for a person (`--format text`): per tip the share of users who would see it, then
/// each rule with how many users it holds back and for how many it is the only obstacle, largest first.
enum ReachTextRenderer {
    static func render(_ tally: ReachTally, now: String) -> String {
        var out = "\(users(tally.users)) at \(now) (\(tally.rows == 1 ? "1 row" : "\(tally.rows) rows")"
        out += tally.skippedUsers > 0 ? ", \(users(tally.skippedUsers)) skipped)\n" : ")\n"
        for tip in tally.tips {
            out += "\n\(tip.id): \(users(tip.display)) would see it (\(share(tip.display, of: tally.users)))\n"
            out += "  available \(tip.status[0]), pending \(tip.status[1]), invalidated \(tip.status[2])\n"
            for rule in tip.rules.sorted(by: { ($0.isFalse, -$0.index) > ($1.isFalse, -$1.index) }) {
                out += "  rule \(rule.index + 1) (line \(rule.line)): holds back \(rule.isFalse) (\(share(rule.isFalse, of: tally.users)))"
                out += ", the only obstacle for \(rule.onlyObstacle)"
                out += rule.error > 0 ? ", failed for \(rule.error)\n" : "\n"
            }
            if let baseline = tip.baseline {
                out += "  against the baseline: \(baseline.display) saw it, \(baseline.gained) gain it, \(baseline.lost) lose it\n"
            }
        }
        for group in tally.groups {
            out += "\ngroup \(group.id): " + group.currentTip.map { "\($0.id) \($0.count)" }.joined(separator: ", ") + ", none \(group.none)\n"
        }
        for widget in tally.widgets {
            out += "\nwidget \(widget.id): relevant for \(widget.relevant) (score \(widget.scoreMin) to \(widget.scoreMax))\n"
        }
        for removed in tally.removedTips ?? [] {
            out += "\nremoved \(removed.id): the baseline showed it to \(removed.display)\n"
        }
        return out
    }

    private static func users(_ count: Int) -> String { count == 1 ? "1 user" : "\(count) users" }

    /// `count` of `total` in percent to a tenth, rounded half up; exact for every count (a partial's
    /// may be up to 2⁶³ − 1), in twice the width where 1000 × count would not fit.
    private static func share(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "0%" }
        let (whole, rest) = count.quotientAndRemainder(dividingBy: total)
        let product = rest.multipliedFullWidth(by: 1000)
        let (low, carry) = product.low.addingReportingOverflow(UInt(total / 2))
        let fraction = total.dividingFullWidth((high: product.high + (carry ? 1 : 0), low: low)).quotient
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1000)
        guard !overflow, scaled <= Int.max - 1000 else { return "\(whole)00%" }
        let tenths = scaled + fraction
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

/// A reach report for a spreadsheet (`--format csv`): a header, then one line per tip and per rule.
enum ReachCSVRenderer {
    static func render(_ tally: ReachTally) -> String {
        var out = "tip,rule,line,users,display,false,error,onlyObstacle\n"
        for tip in tally.tips {
            out += "\(field(tip.id)),,,\(tally.users),\(tip.display),,,\n"
            for rule in tip.rules {
                out += "\(field(tip.id)),\(rule.index),\(rule.line),\(tally.users),,\(rule.isFalse),\(rule.error),\(rule.onlyObstacle)\n"
            }
        }
        return out
    }

    private static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"" : text
    }
}
