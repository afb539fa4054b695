import TipRulesRuntime

/// Generates the verified bytecode program of an optimized program (`Optimizer`, which
/// `Compilation.optimizedProgram` holds): emits a code block for every rule, score and duration (with the line table
/// and, for rules, explain-mode notes), and verifies the result. The program records the
/// source's file name without its directories.
///
/// Throws `BytecodeError` when the program exceeds a format limit or (a compiler bug) fails
/// verification, and `CodeGenerationError` for an expression the checker should have rejected.
public func generateProgram(_ checked: CheckedProgram) throws -> Program {
    try GeneratedProgram(checked).program
}

/// A generated program with the source span of every instruction, so that what the bytecode
/// holds can be reported at its source (`FormatVersionCheck`).
public struct GeneratedProgram: Sendable {
    public let program: Program
    /// The source span of each instruction of each code block, in the order generated: a list,
    /// made into a dictionary only to report constructs (`FormatVersionCheck`), as a dictionary
    /// keyed by `CodeBlockLocation` costs its first user a search of the process's conformances
    /// (docs/performance.md, "Start-up: what `eval` does beyond `--version`").
    let instructionSpans: [(location: CodeBlockLocation, spans: [SourceSpan])]

    /// Generates the program of `checked`; see `generateProgram(_:)`.
    public init(_ checked: CheckedProgram) throws {
        var pool = ConstantPool()
        var spans: [(location: CodeBlockLocation, spans: [SourceSpan])] = []
        let describer = ExpressionDescriber(program: checked)
        func block(_ expression: CheckedExpression, at location: CodeBlockLocation, lets: [CheckedExpression] = [],
                   explains: Bool) throws -> CodeBlock {
            let (code, blockSpans) = try ExpressionEmitter.block(for: expression, describer: describer, lets: lets,
                                                                 explains: explains, pool: &pool)
            spans.append((location, blockSpans))
            return code
        }
        let tips = try checked.tips.enumerated().map { tipIndex, tip in
            TipInfo(name: tip.name, id: tip.id, title: tip.title, message: tip.message, image: tip.image,
                    options: tip.options,
                    rules: try tip.rules.enumerated().map { ruleIndex, rule in
                        RuleInfo(line: rule.line,
                                 code: try block(rule.body, at: .rule(tip: tipIndex, rule: ruleIndex), explains: true))
                    },
                    actions: tip.actions,
                    holdout: try tip.holdout.map { holdout in
                        Holdout(percent: holdout.percent, group: holdout.group, line: holdout.line,
                                bucket: try block(holdout.bucket, at: .holdout(tip: tipIndex), explains: false))
                    },
                    appTexts: Self.appTexts(of: tip),
                    line: tip.line)
        }
        let widgets = try checked.widgets.enumerated().map { index, widget in
            WidgetInfo(
                name: widget.name, line: widget.line,
                score: try block(widget.score, at: .score(widget: index), lets: widget.lets, explains: false),
                duration: try block(widget.duration, at: .duration(widget: index), lets: widget.lets, explains: false),
                suggestions: try widget.suggestions.enumerated().map { number, suggestion in
                    SuggestionInfo(
                        from: try block(suggestion.from, at: .suggestionStart(widget: index, suggestion: number),
                                        lets: widget.lets, explains: false),
                        to: try block(suggestion.to, at: .suggestionEnd(widget: index, suggestion: number),
                                      lets: widget.lets, explains: false),
                        line: suggestion.line)
                })
        }
        let groups = checked.groups.map { GroupInfo(name: $0.name, ordered: $0.ordered, byPriority: $0.byPriority, members: $0.members, line: $0.line) }
        // The file name without its directories, so the bytes do not depend on where the source was.
        let sourceName = checked.source.name.split(separator: "/").last.map(String.init) ?? checked.source.name
        // The bytecode names each event by its id, what its donations are persisted under.
        let events = checked.events.indices.map { index in
            var event = checked.events[index]
            event.name = checked.eventID(index)
            return event
        }
        program = try Program(sourceName: sourceName, displayFrequency: checked.displayFrequency,
                              constants: pool.values, parameters: checked.parameters, events: events,
                              tips: tips, groups: groups, widgets: widgets, app: checked.app, release: checked.release)
        instructionSpans = spans
    }

    /// The texts the app makes: those it supplies (nothing known of them) and those its own
    /// Swift makes (the key and default value the call names).
    private static func appTexts(of tip: TipSymbol) -> [TipText: AppText] {
        var texts: [TipText: AppText] = [:]
        for text in TipText.allCases {
            if tip.suppliedTexts.contains(text.description) {
                texts[text] = AppText()
            } else if let swift = tip.swiftTexts[text.description] {
                texts[text] = AppText(key: swift.key, defaultValue: swift.defaultValue)
            }
        }
        return texts
    }
}
