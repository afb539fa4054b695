import TipRulesRuntime

/// Generates the verified bytecode program of an optimized program (`Optimizer`, which
/// `Compilation.optimizedProgram` holds): emits a code block for every rule, score and duration (with the line table
/// and, for rules, explain-mode notes), and verifies the result. The program records the
/// source's file name without its directories.
///
/// Throws `BytecodeError` when the program exceeds a format limit or (a compiler bug) fails
/// verification, and `CodeGenerationError` for an expression the checker should have rejected.
public func generateProgram(_ checked: CheckedProgram) throws -> Program {
    var pool = ConstantPool()
    let tips = try checked.tips.map { tip in
        TipInfo(name: tip.name, id: tip.id, title: tip.title, message: tip.message, image: tip.image,
                options: tip.options,
                rules: try tip.rules.map { rule in
                    RuleInfo(line: rule.line,
                             code: try ExpressionEmitter.block(for: rule.body, program: checked,
                                                               explains: true, pool: &pool))
                },
                line: tip.line)
    }
    let widgets = try checked.widgets.map { widget in
        let lets = widget.lets
        func block(_ expression: CheckedExpression) throws -> CodeBlock {
            try ExpressionEmitter.block(for: expression, program: checked, lets: lets,
                                        explains: false, pool: &pool)
        }
        return WidgetInfo(
            name: widget.name, line: widget.line, score: try block(widget.score), duration: try block(widget.duration),
            suggestions: try widget.suggestions.map {
                SuggestionInfo(from: try block($0.from), to: try block($0.to), line: $0.line)
            })
    }
    let groups = checked.groups.map { GroupInfo(name: $0.name, ordered: $0.ordered, members: $0.members, line: $0.line) }
    // The file name without its directories, so the bytes do not depend on where the source was.
    let sourceName = checked.source.name.split(separator: "/").last.map(String.init) ?? checked.source.name
    return try Program(sourceName: sourceName, displayFrequency: checked.displayFrequency,
                       constants: pool.values, parameters: checked.parameters, events: checked.events,
                       tips: tips, groups: groups, widgets: widgets)
}
