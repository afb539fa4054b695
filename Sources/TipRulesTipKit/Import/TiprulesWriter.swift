import TipRulesCompiler
import TipRulesRuntime

/// Writes an imported program as `.tiprules` text, laid out like the examples: `configure`,
/// parameters, events, tips, groups, widgets, a blank line between sections. Deterministic.
enum TiprulesWriter {
    /// The program's text, after a comment naming the Swift files it came from.
    static func write(_ program: ImportedProgram, from fileNames: [String]) -> String {
        var sections = ["// Imported by tiprulec import from \(fileNames.joined(separator: ", ")).\n"]
        // `.immediate` is the default: emit-swift writes it for a program without `configure`.
        let frequency = program.displayFrequency.flatMap { $0 == ".immediate" ? nil : "    displayFrequency(\($0))\n" }
        // The code needs a newer TipKit (TipGroup: iOS 18): emit-swift takes it as its --min-ios.
        let target = program.minimumIOS.map { "    tipKit(minimumIOS: \($0))\n" }
        if frequency != nil || target != nil {
            sections.append("configure {\n" + (frequency ?? "") + (target ?? "") + "}\n")
        }
        if !program.parameters.isEmpty {
            sections.append(program.parameters.map { parameter in
                (parameter.transient ? "transient " : "") + "parameter \(parameter.qualifiedName): \(parameter.type) = \(parameter.value)\n"
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
        // The id only where it differs from the name, which is then the id.
        let id = event.resolvedID == event.name ? [] : ["id: " + ValueFormatting.quoted(event.resolvedID)]
        // The app's DonationInfo struct keeps its name where it is not the one emit-swift gives.
        let donationType = event.donationType.flatMap { name in
            event.fields.isEmpty || name == SwiftSpelling.donationTypeName(event: event.outputName) ? nil : "donationType: " + ValueFormatting.quoted(name)
        }
        let entries = id + event.fields.map { "\($0.name): \($0.type)" } + (donationType.map { [$0] } ?? [])
        let parenthesized = entries.isEmpty ? "" : "(" + entries.joined(separator: ", ") + ")"
        return "event \(event.outputName)\(parenthesized)" + (event.limit.map { " limit(\($0))" } ?? "") + "\n"
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

    /// `swift("CODE", key: "…", defaultValue: "…")`.
    private static func swiftText(_ text: SwiftText) -> String {
        let named = [text.key.map { ", key: " + ValueFormatting.quoted($0) }, text.defaultValue.map { ", defaultValue: " + ValueFormatting.quoted($0) }]
        return "swift(" + ValueFormatting.quoted(text.code) + named.compactMap { $0 }.joined() + ")"
    }

    private static func tip(_ tip: ImportedTip) -> String {
        var lines = ["tip \(tip.name) {"]
        if let id = tip.id, id != tip.name { lines.append("    id: " + ValueFormatting.quoted(id)) }
        // Declared in the app's enums (`enum TaggingTips { struct Date: Tip }`): emit-swift keeps it there.
        if let swiftName = tip.swiftName { lines.append("    swiftName: " + ValueFormatting.quoted(swiftName)) }
        let text = { (property: String, value: String?) -> String? in
            if tip.supplied.contains(property) { return "    \(property): supplied" }
            if let swift = tip.swiftTexts[property] { return "    \(property): " + swiftText(swift) }
            return value.map { "    \(property): " + ValueFormatting.quoted($0) }
        }
        lines.append(text("title", tip.title) ?? "    title: \"\"")
        lines += [text("message", tip.message), text("image", tip.image)].compactMap { $0 }
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
