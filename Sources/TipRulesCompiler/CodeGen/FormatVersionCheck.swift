import TipRulesRuntime

/// `compile --bytecode-version N`: one error for each construct of a generated program that
/// needs a newer format version than N, at that construct's source, naming the version it needs.
public enum FormatVersionCheck {
    /// The errors for writing `generated` in format `version` (none when it can be), in source order.
    public static func diagnostics(_ generated: GeneratedProgram, syntax: FileSyntax, version: Int) -> [Diagnostic] {
        var seen = Set<SourceSpan>()
        var found: [Diagnostic] = []
        let spans = Dictionary(generated.instructionSpans.map { ($0.location, $0.spans) }, uniquingKeysWith: { first, _ in first })
        for requirement in generated.program.formatRequirements where requirement.version > version {
            let span = self.span(of: requirement.location, in: generated, spans: spans, syntax: syntax)
            guard seen.insert(span).inserted else { continue }
            found.append(Diagnostic(
                .needsNewerBytecodeVersion,
                "\(requirement.construct) needs bytecode format version \(requirement.version), but this compile is for version \(version)",
                at: span,
                notes: [DiagnosticNote("a runtime that reads only up to format version \(version) refuses a program that holds it"),
                        DiagnosticNote("leave it out of the rules for these app builds, or compile with '--bytecode-version \(requirement.version)' for apps whose runtime reads that version")]))
        }
        return found.sorted { $0.span.start < $1.span.start }
    }

    /// Where a construct is written: the instruction's expression, the declaration or entry.
    /// `spans`: the instruction spans of `generated`, by code block.
    private static func span(of location: FormatLocation, in generated: GeneratedProgram,
                             spans: [CodeBlockLocation: [SourceSpan]], syntax: FileSyntax) -> SourceSpan {
        let whole = SourceSpan.point(0)
        switch location {
        case .program:
            for case .configure(let configure) in syntax.declarations {
                if let entry = configure.entries.first(where: { $0.name.text == "app" || $0.name.text == "release" }) {
                    return entry.span
                }
            }
            return whole
        case .constant(let index):
            for (block, code) in generated.program.codeBlocks {
                if let instruction = code.instructions.firstIndex(where: { $0.opcode == .const && $0.operand(0) == index }) {
                    return span(of: .instruction(block, index: instruction), in: generated, spans: spans, syntax: syntax)
                }
            }
            return whole
        case .parameter(let index):
            let parameters = declared(syntax) { if case .parameter(let parameter) = $0 { return parameter } else { return nil } }
            guard parameters.indices.contains(index) else { return whole }
            return parameters[index].transientSpan ?? parameters[index].type.span
        case .event(let index):
            let events = declared(syntax) { if case .event(let event) = $0 { return event } else { return nil } }
            return events.indices.contains(index) ? events[index].name.span : whole
        case .tip(let index):
            let tips = declared(syntax) { if case .tip(let tip) = $0 { return tip } else { return nil } }
            return tips.indices.contains(index) ? tips[index].name.span : whole
        case .actions(let index):
            let tips = declared(syntax) { if case .tip(let tip) = $0 { return tip } else { return nil } }
            guard tips.indices.contains(index) else { return whole }
            return tips[index].actions.first?.keywordSpan ?? tips[index].name.span
        case .holdout(let index):
            let tips = declared(syntax) { if case .tip(let tip) = $0 { return tip } else { return nil } }
            guard tips.indices.contains(index) else { return whole }
            return tips[index].holdouts.first?.span ?? tips[index].name.span
        case .group(let index):
            let groups = declared(syntax) { if case .group(let group) = $0 { return group } else { return nil } }
            return groups.indices.contains(index) ? groups[index].name.span : whole
        case .suggestion(let widget, let suggestion):
            let widgets = declared(syntax) { if case .widget(let widget) = $0 { return widget } else { return nil } }
            guard widgets.indices.contains(widget), widgets[widget].suggestions.indices.contains(suggestion) else { return whole }
            return widgets[widget].suggestions[suggestion].keywordSpan
        case .instruction(let block, let index):
            guard let spans = spans[block], spans.indices.contains(index) else { return whole }
            return spans[index]
        }
    }

    /// The declarations of one kind, in file order (the order of the program's tables).
    private static func declared<Declaration>(_ syntax: FileSyntax,
                                              _ select: (DeclarationSyntax) -> Declaration?) -> [Declaration] {
        syntax.declarations.compactMap(select)
    }
}
