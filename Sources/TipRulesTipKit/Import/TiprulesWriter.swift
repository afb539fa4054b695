import TipRulesRuntime

/// Writes an imported program as `.tiprules` text, laid out like the examples: `configure`,
/// parameters, events, tips, groups, widgets, a blank line between sections. Deterministic.
enum TiprulesWriter {
    /// The program's text, after a comment naming the Swift files it came from.
    static func write(_ program: ImportedProgram, from fileNames: [String]) -> String {
        var sections = ["// Imported by tiprulec import from \(fileNames.joined(separator: ", ")).\n"]
        if let frequency = program.displayFrequency {
            sections.append("configure {\n    displayFrequency(\(frequency))\n}\n")
        }
        if !program.parameters.isEmpty {
            sections.append(program.parameters.map { parameter in
                (parameter.transient ? "transient " : "") + "parameter \(parameter.name): \(parameter.type) = \(parameter.value)\n"
            }.joined())
        }
        if !program.events.isEmpty {
            sections.append(program.events.map(event).joined())
        }
        sections += program.tips.map(tip)
        if !program.groups.isEmpty {
            sections.append(program.groups.filter { !$0.members.isEmpty }.map { group in
                "group \(group.name)\(group.kind.map { "(\($0))" } ?? "") { \(group.members.map(\.value).joined(separator: ", ")) }\n"
            }.joined())
        }
        sections += program.widgets.map(widget)
        return sections.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func event(_ event: ImportedEvent) -> String {
        let fields = event.fields.isEmpty ? "" : "(" + event.fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        return "event \(event.name)\(fields)" + (event.limit.map { " limit(\($0))" } ?? "") + "\n"
    }

    private static func widget(_ widget: ImportedWidget) -> String {
        let lines = ["widget \(widget.name) {", "    relevance {"]
            + widget.lets.map { "        let \($0.0) = \($0.1)" }
            + ["        score: \(widget.score)", "        duration: \(widget.duration)", "    }"]
            + widget.suggestions.flatMap { ["    suggest {", "        from: \($0.from)", "        to: \($0.to)", "    }"] }
            + ["}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A rule as the program's text has it (its line or lines).
    static func ruleText(_ rule: ImportedRule) -> String {
        let inputs = rule.inputs.map(\.text).joined(separator: ", ")
        let body = rule.body.contains("\n") ? "{\n\(rule.body)\n    }" : "{ \(rule.body) }"
        return "    #Rule(\(inputs)) \(body)"
    }

    private static func tip(_ tip: ImportedTip) -> String {
        var lines = ["tip \(tip.name) {"]
        if let id = tip.id, id != tip.name { lines.append("    id: " + ValueFormatting.quoted(id)) }
        lines.append("    title: " + ValueFormatting.quoted(tip.title ?? ""))
        if let message = tip.message { lines.append("    message: " + ValueFormatting.quoted(message)) }
        if let image = tip.image { lines.append("    image: " + ValueFormatting.quoted(image)) }
        if !tip.rules.isEmpty {
            lines.append("")
            lines += tip.rules.map(ruleText)
        }
        if !tip.options.isEmpty {
            lines += ["", "    options {"] + tip.options.map { "        " + $0 } + ["    }"]
        }
        if !tip.actions.isEmpty {
            lines += ["", "    actions {"]
                + tip.actions.map { "        Action(id: \(ValueFormatting.quoted($0.id)), title: \(ValueFormatting.quoted($0.title)))" }
                + ["    }"]
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }
}
