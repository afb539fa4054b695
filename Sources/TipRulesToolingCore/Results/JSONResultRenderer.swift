import TipRulesRuntime
import TipRulesCalendar

/// The result of `tiprulec eval --format json`, as `fixtures.md` describes it.
public enum JSONResultRenderer {
    /// The result; with `program`, also the app and release the rules name (null when they name none).
    public static func document(for result: EvaluationResult, program: Program? = nil) -> JSONValue {
        var root = JSONObject()
        if let program {
            root["app"] = program.app.map(JSONValue.string) ?? .null
            root["release"] = program.release.map(JSONValue.integer) ?? .null
        }
        root["now"] = date(result.now)
        root["tips"] = .array(result.tips.map(tip))
        root["groups"] = .array(result.groups.map { group in
            ["id": .string(group.id), "currentTip": group.currentTip.map(JSONValue.string) ?? .null,
             "explanation": .string(group.explanation)]
        })
        root["widgets"] = .array(result.widgets.map(widget))
        return .object(root)
    }

    package static func tip(_ tip: TipResult) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(tip.id)
        object["status"] = .string(tip.status.rawValue)
        object["reason"] = tip.reason.map { .string($0.rawValue) } ?? .null
        object["pendingReason"] = tip.pendingReason.map { .string($0.rawValue) } ?? .null
        if let until = tip.pendingUntil { object["pendingUntil"] = date(until) }
        object["display"] = .bool(tip.display)
        object["explanation"] = .string(tip.displayExplanation)
        if !tip.groupExplanations.isEmpty {
            object["groupExplanations"] = .array(tip.groupExplanations.map(JSONValue.string))
        }
        object["rules"] = .array(tip.rules.map(rule))
        if !tip.actions.isEmpty {
            object["actions"] = .array(tip.actions.map { ["id": .string($0.id), "title": .string($0.title)] })
        }
        if !tip.appTexts.isEmpty {
            var texts = JSONObject()
            for text in TipText.allCases {
                guard let appText = tip.appTexts[text] else { continue }
                texts[text.description] = ["key": appText.key.map(JSONValue.string) ?? .null,
                                           "defaultValue": appText.defaultValue.map(JSONValue.string) ?? .null]
            }
            object["appTexts"] = .object(texts)
        }
        return .object(object)
    }

    private static func rule(_ rule: RuleResult) -> JSONValue {
        var object = JSONObject()
        object["index"] = .integer(rule.index)
        object["line"] = .integer(rule.line)
        object["result"] = .bool(rule.result)
        if let error = rule.error { object["error"] = .string(error) }
        if !rule.result && !rule.explanation.isEmpty {
            object["explanation"] = .array(rule.explanation.map(JSONValue.string))
        }
        return .object(object)
    }

    package static func widget(_ widget: WidgetResult) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(widget.id)
        object["score"] = number(widget.score)
        object["duration"] = number(widget.duration)
        object["relevant"] = .bool(widget.relevant)
        if let error = widget.error { object["error"] = .string(error) }
        if let suggestion = widget.suggestion {
            object["suggested"] = .bool(suggestion.suggested)
            if let window = suggestion.window {
                object["suggestedFrom"] = date(window.lowerBound)
                object["suggestedTo"] = date(window.upperBound)
            }
            if !suggestion.errors.isEmpty { object["suggestionErrors"] = .array(suggestion.errors.map(JSONValue.string)) }
        }
        return .object(object)
    }

    /// RFC 3339 in UTC.
    private static func date(_ seconds: Double) -> JSONValue {
        .string(RFC3339.format(seconds) ?? String(seconds))
    }

    /// Whole numbers print without a fraction.
    private static func number(_ value: Double) -> JSONValue {
        if let whole = Int(exactly: value) { return .integer(whole) }
        return .number(value)
    }
}
