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

    /// The program's app (a bundle identifier, say), if it names one (format version 3 on).
    var app: String? = nil
    /// The release of the rules, if it names one (format version 3 on).
    var release: Int? = nil

    /// Every code block with a name for messages, in file order: each tip's rules and holdout, then
    /// each widget's score, duration and suggestion windows.
    var codeBlocks: [(name: String, code: CodeBlock)] {
        locatedCodeBlocks.map { (name(of: $0.location), $0.code) }
    }

    /// Every code block with its location, in file order.
    var locatedCodeBlocks: [(location: CodeBlockLocation, code: CodeBlock)] {
        var blocks: [(location: CodeBlockLocation, code: CodeBlock)] = []
        for (tipIndex, tip) in tips.enumerated() {
            for (ruleIndex, rule) in tip.rules.enumerated() {
                blocks.append((.rule(tip: tipIndex, rule: ruleIndex), rule.code))
            }
            if let holdout = tip.holdout { blocks.append((.holdout(tip: tipIndex), holdout.bucket)) }
        }
        for (widgetIndex, widget) in widgets.enumerated() {
            blocks.append((.score(widget: widgetIndex), widget.score))
            blocks.append((.duration(widget: widgetIndex), widget.duration))
            for (index, suggestion) in widget.suggestions.enumerated() {
                blocks.append((.suggestionStart(widget: widgetIndex, suggestion: index), suggestion.from))
                blocks.append((.suggestionEnd(widget: widgetIndex, suggestion: index), suggestion.to))
            }
        }
        return blocks
    }

    /// A code block's name, for messages.
    func name(of location: CodeBlockLocation) -> String {
        switch location {
        case .rule(let tip, let rule):
            return "tip '\(tips[tip].name)' rule \(rule + 1) (line \(tips[tip].rules[rule].line))"
        case .holdout(let tip): return "tip '\(tips[tip].name)' holdout (line \(tips[tip].holdout?.line ?? tips[tip].line))"
        case .score(let widget): return "widget '\(widgets[widget].name)' score"
        case .duration(let widget): return "widget '\(widgets[widget].name)' duration"
        case .suggestionStart(let widget, let suggestion): return "widget '\(widgets[widget].name)' suggestion \(suggestion + 1) from"
        case .suggestionEnd(let widget, let suggestion): return "widget '\(widgets[widget].name)' suggestion \(suggestion + 1) to"
        }
    }
}
