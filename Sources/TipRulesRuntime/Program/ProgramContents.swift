/// Everything a program consists of, before verification: what the bytecode reader
/// produces, the writer consumes and the verifier checks.
struct ProgramContents: Hashable, Sendable {
    var sourceName: String
    var displayFrequency: Double
    var constants: [ScalarValue]
    var parameters: [ParameterInfo]
    var events: [EventInfo]
    var tips: [TipInfo]
    var groups: [GroupInfo]
    var widgets: [WidgetInfo]

    /// Every code block with a name for messages, in file order: each tip's rules, then
    /// each widget's score and duration.
    var codeBlocks: [(name: String, code: CodeBlock)] {
        var blocks: [(name: String, code: CodeBlock)] = []
        for tip in tips {
            for (index, rule) in tip.rules.enumerated() {
                blocks.append(("tip '\(tip.name)' rule \(index + 1) (line \(rule.line))", rule.code))
            }
        }
        for widget in widgets {
            blocks.append(("widget '\(widget.name)' score", widget.score))
            blocks.append(("widget '\(widget.name)' duration", widget.duration))
            for (index, suggestion) in widget.suggestions.enumerated() {
                blocks.append(("widget '\(widget.name)' suggestion \(index + 1) from", suggestion.from))
                blocks.append(("widget '\(widget.name)' suggestion \(index + 1) to", suggestion.to))
            }
        }
        return blocks
    }
}
