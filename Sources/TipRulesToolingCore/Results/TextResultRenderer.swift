import TipRulesCompiler
import TipRulesRuntime
import TipRulesCalendar

/// The result of `tiprulec eval` for a person asking "why is my tip not showing?":
/// each tip's status and display decision and, for every false rule, its source
/// line and the values that made it false.
public struct TextResultRenderer {
    /// The program's source, when evaluating a `.tiprules` file, to quote rule lines.
    public var source: SourceFile?

    public init(source: SourceFile?) {
        self.source = source
    }

    public func render(_ result: EvaluationResult) -> String {
        var lines = ["now: \(RFC3339.format(result.now) ?? String(result.now))"]
        for tip in result.tips {
            lines.append("")
            lines += render(tip)
        }
        if !result.groups.isEmpty { lines.append("") }
        for group in result.groups {
            lines.append("group \(group.id): \(group.explanation)")
        }
        if !result.widgets.isEmpty { lines.append("") }
        for widget in result.widgets {
            var line = "widget \(widget.id): score \(format(widget.score)), "
                + "duration \(ValueFormatting.duration(widget.duration)), "
            line += widget.relevant ? "relevant" : "not relevant"
            if let error = widget.error { line += " (error: \(error))" }
            if let suggestion = widget.suggestion { line += "; " + describe(suggestion) }
            lines.append(line)
        }
        return lines.joinedText(separator: "\n") + "\n"
    }

    /// "suggested from … to …" or "not suggested: no suggestion window holds now", with errors.
    private func describe(_ suggestion: WidgetSuggestion) -> String {
        var text = "not suggested: no suggestion window holds now"
        if let window = suggestion.window {
            text = "suggested from \(RFC3339.format(window.lowerBound) ?? String(window.lowerBound))"
                + " to \(RFC3339.format(window.upperBound) ?? String(window.upperBound))"
        }
        return text + suggestion.errors.map { " (error: \($0))" }.joined()
    }

    private func render(_ tip: TipResult) -> [String] {
        var status = tip.status.rawValue
        if let reason = tip.reason { status += " (\(reason.rawValue))" }
        var lines = ["tip \(tip.id): \(status), \(tip.display ? "displays" : "does not display")"]
        if !tip.displayExplanation.isEmpty { lines.append("  \(tip.displayExplanation)") }
        for note in tip.groupExplanations { lines.append("  \(note)") }
        if !tip.actions.isEmpty {
            lines.append("  actions: " + tip.actions.map { "\($0.id) (\(ValueFormatting.quoted($0.title)))" }.joinedText(separator: ", "))
        }
        for text in TipText.allCases {
            if let appText = tip.appTexts[text] { lines.append("  \(text): \(appText)") }
        }
        for rule in tip.rules {
            let label = "rule \(rule.index + 1), line \(rule.line)"
            guard !rule.result else {
                lines.append("  \(label): true")
                continue
            }
            lines.append("  \(label): false")
            if let text = quotedLine(rule.line) { lines.append("    | \(text)") }
            if let error = rule.error { lines.append("    error: \(error)") }
            for reason in rule.explanation { lines.append("    - \(reason)") }
        }
        return lines
    }

    private func quotedLine(_ line: Int) -> String? {
        guard let source, line >= 1, line <= source.lineStarts.count else { return nil }
        let text = source.lineText(line - 1)
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    private func format(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }
}
