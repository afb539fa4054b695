import TipRulesCompiler
import TipRulesRuntime
import TipRulesToolingCore
import TipRulesCalendar

/// Compares expectations with an evaluation result, through the result's `eval --format json`
/// form, so an expectation reads like the result it checks.
struct RuleExpectationCheck {
    let program: Program
    let result: EvaluationResult
    /// For a timeline case: when each tip (by id) was first shown.
    let firstDisplays: [String: Double]

    /// The expected members that differ (or one failure when the subject does not exist).
    func failures(of expectation: RuleExpectation) -> [RuleTestFailure] {
        let document = JSONResultRenderer.document(for: result)
        let label: String
        let actual: JSONValue?
        let explanation: String
        switch expectation.subject {
        case .tip(let name):
            label = name
            let index = program.tipIndex(named: name)
            let tip = index.flatMap { document["tips"]?.arrayValue?[$0] }
            actual = tip.map { tip in
                var members = tip.objectValue ?? JSONObject()
                if let rule = expectation.rule { members["result"] = tip["rules"]?.arrayValue?.dropFirst(rule).first?["result"] ?? .null }
                let id = index.map { program.tips[$0].id } ?? name
                members["firstDisplaysAt"] = firstDisplays[id].map { .string(RFC3339.format($0) ?? String($0)) } ?? .null
                return .object(members)
            }
            explanation = index.map { why(result.tips[$0]) } ?? ""
        case .group(let name):
            label = "group \(name)"
            let index = program.groupIndex(named: name)
            actual = index.flatMap { document["groups"]?.arrayValue?[$0] }
            explanation = index.map { result.groups[$0].explanation } ?? ""
        case .widget(let name):
            label = "widget \(name)"
            let index = program.widgetIndex(named: name)
            actual = index.flatMap { document["widgets"]?.arrayValue?[$0] }
            explanation = index.flatMap { result.widgets[$0].error } ?? ""
        }
        guard let actual else {
            return [RuleTestFailure(subject: label, key: "", expected: .null, actual: .null, explanation: missing(expectation.subject))]
        }
        return expectation.expected.compactMap { key, expected in
            let found = actual[key] ?? .null
            let wanted = key == "firstDisplaysAt" ? normalizedDate(expected) : expected
            guard !matches(wanted, found, tolerance: expectation.tolerance) else { return nil }
            let subject = expectation.rule.map { "\(label) rule \($0)" } ?? label
            return RuleTestFailure(subject: subject, key: key, expected: wanted, actual: found, explanation: explanation)
        }
    }

    /// Why a subject is not found, with the nearest name of its kind when one is close
    /// ("the program has no such tip (did you mean 'FavoriteBackyardTip'?)"; the subject names it).
    private func missing(_ subject: RuleExpectation.Subject) -> String {
        let (kind, name, names): (String, String, [String]) = switch subject {
        case .tip(let name): ("tip", name, program.tips.map(\.name))
        case .group(let name): ("group", name, program.groups.map(\.name))
        case .widget(let name): ("widget", name, program.widgets.map(\.name))
        }
        let suggestion = Spelling.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        return "the program has no such \(kind)\(suggestion)"
    }

    /// The tip's explanation and, when a rule is false, what made it false.
    private func why(_ tip: TipResult) -> String {
        let detail = tip.rules.first { !$0.result }.flatMap { $0.error ?? $0.explanation.first }
        return tip.displayExplanation + (detail.map { " — \($0)" } ?? "")
    }

    /// A date written in any accepted form, as the result writes it (RFC 3339 in UTC).
    private func normalizedDate(_ value: JSONValue) -> JSONValue {
        guard value != .null, let seconds = try? FixtureDecoder.date(value, at: ""), let text = RFC3339.format(seconds) else {
            return value
        }
        return .string(text)
    }

    /// Equal, or numbers within `tolerance` of each other.
    private func matches(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double) -> Bool {
        if let wanted = expected.doubleValue, let found = actual.doubleValue { return abs(wanted - found) <= tolerance }
        return expected == actual
    }
}
