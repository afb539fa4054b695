import TipRulesCompiler
import TipRulesRuntime

/// The generated TipKit source and what could not be carried over.
public struct SwiftEmission: Sendable {
    /// The Swift source; meaningful only when there are no problems.
    public var swift: String
    public var problems: [SwiftEmissionProblem]

    /// True when the Swift cannot be used: some construct could not be carried over.
    public var hasErrors: Bool { !problems.isEmpty }
}

/// Generates TipKit Swift from a checked program: a `Tip` struct per tip, `@Parameter`s,
/// events with `DonationInfo` structs, `TipGroup`s, `Tips.configure` and, per widget, a
/// function returning its `TimelineEntryRelevance`.
///
/// A parameter or event read by the rules of exactly one tip is declared in that tip and
/// read as `Self.$name`; any other is declared in `enum SharedTipInputs` (TipKit allows
/// `@Parameter static var` and events in any type) and read as `SharedTipInputs.$name`.
public struct SwiftEmitter {
    let program: CheckedProgram
    let target: SwiftTarget
    /// The name of the enum holding parameters and events shared by several tips.
    static let sharedNamespace = "SharedTipInputs"

    /// An emitter for `program` targeting `target`.
    public init(program: CheckedProgram, target: SwiftTarget) {
        self.program = program
        self.target = target
    }

    /// One tip's rules, rendered, and the inputs they read.
    private struct RenderedRule {
        var inputs: [SwiftExpressionRenderer.Input]
        var body: String
    }

    /// Generates the source; `sourceName` appears in the header comment.
    public func emit(sourceName: String) -> SwiftEmission {
        var problems: [SwiftEmissionProblem] = []
        var renderedRules: [[RenderedRule]] = []
        for tip in program.tips {
            renderedRules.append(tip.rules.map { rule in
                var renderer = SwiftExpressionRenderer(program: program, line: rule.line)
                let body = renderer.render(rule.body)
                problems += renderer.problems
                if renderer.inputs.isEmpty && renderer.problems.isEmpty {
                    problems.append(SwiftEmissionProblem(line: rule.line, message: "a TipKit #Rule needs a parameter or event input",
                                                         note: "a rule without inputs (a schedule over now, say) has nothing TipKit can watch: let the app set a Bool parameter when it holds, or keep this tip on the bytecode runtime"))
                }
                return RenderedRule(inputs: renderer.inputs, body: body)
            })
        }
        let owners = inputOwners(renderedRules)
        problems += SwiftNameCheck.problems(in: program) + targetProblems() + SwiftTargetingCheck.problems(in: program)
        var lines = header(sourceName: sourceName)
        lines += configuration(problems: &problems)
        lines += donationStructs()
        lines += shared(owners: owners)
        for (index, tip) in program.tips.enumerated() {
            lines += tipStruct(tip, index: index, rules: renderedRules[index], owners: owners)
        }
        lines += groupFactories()
        for widget in program.widgets {
            lines += relevanceFunction(widget, owners: owners, problems: &problems)
            if !widget.suggestions.isEmpty {
                lines += relevantShortcutsFunction(widget, owners: owners, problems: &problems)
            }
        }
        return SwiftEmission(swift: lines.joined(separator: "\n") + "\n", problems: Self.byLine(problems))
    }

    /// The problems in source order; problems on one line keep their order.
    private static func byLine(_ problems: [SwiftEmissionProblem]) -> [SwiftEmissionProblem] {
        problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    // MARK: Ownership

    /// The tip owning each input: the only tip whose rules read it, or nil (shared).
    private func inputOwners(_ rendered: [[RenderedRule]]) -> [SwiftExpressionRenderer.Input: Int] {
        var readers: [SwiftExpressionRenderer.Input: Set<Int>] = [:]
        for (tip, rules) in rendered.enumerated() {
            for input in rules.flatMap(\.inputs) { readers[input, default: []].insert(tip) }
        }
        return readers.compactMapValues { $0.count == 1 ? $0.first : nil }
    }

    /// How code in tip `tip` (nil: outside any tip) names an input's declaration; `projected`
    /// gives a parameter's `$` projection (a rule input) rather than its value.
    private func reference(_ input: SwiftExpressionRenderer.Input, fromTip tip: Int?, owners: [SwiftExpressionRenderer.Input: Int],
                           projected: Bool = true) -> String {
        let ownerName = owners[input].map { program.tips[$0].name } ?? Self.sharedNamespace
        let owner = tip != nil && owners[input] == tip ? "Self" : ownerName
        switch input {
        case .parameter(let index): return "\(owner).\(projected ? "$" : "")\(program.parameters[index].name)"
        case .event(let index): return "\(owner).\(program.events[index].name)"
        }
    }

    // MARK: Target checks

    private func targetProblems() -> [SwiftEmissionProblem] {
        var problems: [SwiftEmissionProblem] = []
        let raise = "emit with --min-ios"
        if target.rawValue < SwiftTarget.iOS18.rawValue {
            for group in program.groups {
                problems.append(SwiftEmissionProblem(line: group.line, message: "TipGroup needs iOS 18",
                                                     note: "\(raise) 18, or show the tips of '\(group.name)' without a group"))
            }
            for tip in program.tips where tip.options.maxDisplayDuration != nil {
                problems.append(SwiftEmissionProblem(line: tip.line, message: "Tips.MaxDisplayDuration needs iOS 18",
                                                     note: "\(raise) 18, or use Tips.MaxDisplayCount"))
            }
        }
        if target.rawValue < SwiftTarget.iOS26.rawValue {
            for event in program.events where Self.hasDonationLimit(event) {
                problems.append(SwiftEmissionProblem(line: event.line, message: "an event donation limit needs iOS 26",
                                                     note: "\(raise) 26, or remove limit(…): TipKit then keeps the 1000 most recent donations"))
            }
        }
        return problems
    }

    private static func hasDonationLimit(_ event: EventInfo) -> Bool {
        event.maximumCount != EventInfo.defaultMaximumCount || event.maximumAge != nil
    }

    // MARK: Declarations

    private func header(sourceName: String) -> [String] {
        ["// Generated by tiprulec emit-swift from \(sourceName) for iOS \(target.rawValue) and later. Do not edit:",
         "// change the .tiprules file and generate again.",
         "import SwiftUI",
         "import TipKit"]
            + (program.widgets.isEmpty ? [] : ["import WidgetKit"])
            + (program.widgets.contains { !$0.suggestions.isEmpty } ? ["import Intents"] : [])
            + [""]
    }

    private static let frequencies: [(Double, String)] = [
        (0, "immediate"), (3600, "hourly"), (86_400, "daily"), (604_800, "weekly"), (2_592_000, "monthly"),
    ]

    private func configuration(problems: inout [SwiftEmissionProblem]) -> [String] {
        guard let frequency = Self.frequencies.first(where: { $0.0 == program.displayFrequency })?.1 else {
            problems.append(SwiftEmissionProblem(line: 1, message: "TipKit has no display frequency of \(SwiftSpelling.number(program.displayFrequency)) seconds",
                                                 note: "use .immediate, .hourly, .daily, .weekly or .monthly"))
            return []
        }
        return ["/// Configures TipKit; call once at launch, before any tip is shown.",
                "func configureTips() throws {",
                "    try Tips.configure([.displayFrequency(.\(frequency))])",
                "}",
                ""]
    }

    private func donationStructs() -> [String] {
        program.events.filter { !$0.fields.isEmpty }.flatMap { event in
            ["/// What a donation to `\(event.name)` carries.",
             "struct \(SwiftSpelling.donationTypeName(event: event.name)): Codable, Sendable {"]
                + event.fields.map { "    let \($0.name): \(SwiftSpelling.type($0.type))" }
                + ["}", ""]
        }
    }

    private func parameterDeclaration(_ index: Int) -> String {
        let parameter = program.parameters[index]
        let attribute = parameter.isTransient ? "@Parameter(.transient)" : "@Parameter"
        return "\(attribute) static var \(parameter.name): \(SwiftSpelling.type(parameter.type)) = \(SwiftSpelling.scalar(parameter.defaultValue))"
    }

    private func eventDeclaration(_ index: Int) -> String {
        let event = program.events[index]
        let generic = event.fields.isEmpty ? "" : "<\(SwiftSpelling.donationTypeName(event: event.name))>"
        var arguments = "id: \(SwiftSpelling.stringLiteral(event.name))"
        if Self.hasDonationLimit(event) {
            let age = event.maximumAge.map { ", maximumAge: \(SwiftSpelling.timeRange($0))" } ?? ""
            arguments += ", donationLimit: Tips.DonationLimit(maximumCount: \(event.maximumCount)\(age))"
        }
        return "static let \(event.name) = Tips.Event\(generic)(\(arguments))"
    }

    private func declarations(ownedBy owner: Int?, owners: [SwiftExpressionRenderer.Input: Int]) -> [String] {
        program.parameters.indices.filter { owners[.parameter($0)] == owner }.map(parameterDeclaration)
            + program.events.indices.filter { owners[.event($0)] == owner }.map(eventDeclaration)
    }

    private func shared(owners: [SwiftExpressionRenderer.Input: Int]) -> [String] {
        let members = declarations(ownedBy: nil, owners: owners)
        guard !members.isEmpty else { return [] }
        return ["/// Parameters and events read by several tips (or by none: the app still sets and donates them).",
                "enum \(Self.sharedNamespace) {"] + members.map { "    " + $0 } + ["}", ""]
    }

    private func tipStruct(_ tip: TipSymbol, index: Int, rules: [RenderedRule], owners: [SwiftExpressionRenderer.Input: Int]) -> [String] {
        var body = declarations(ownedBy: index, owners: owners)
        if !body.isEmpty { body.append("") }
        if tip.id != tip.name { body.append("var id: String { \(SwiftSpelling.stringLiteral(tip.id)) }") }
        body.append("var title: Text { Text(\(SwiftSpelling.stringLiteral(tip.title))) }")
        if let message = tip.message { body.append("var message: Text? { Text(\(SwiftSpelling.stringLiteral(message))) }") }
        if let image = tip.image { body.append("var image: Image? { Image(systemName: \(SwiftSpelling.stringLiteral(image))) }") }
        if !rules.isEmpty {
            body += ["", "var rules: [Rule] {"]
            body += rules.map { rule in
                let inputs = rule.inputs.map { reference($0, fromTip: index, owners: owners) }.joined(separator: ", ")
                return "    #Rule(\(inputs)) { \(rule.body) }"
            }
            body.append("}")
        }
        let options = optionLines(tip.options)
        if !options.isEmpty {
            body += ["", "var options: [any TipOption] {"] + options.map { "    " + $0 } + ["}"]
        }
        if !tip.actions.isEmpty {
            body += ["", "var actions: [Action] {"]
                + tip.actions.map { "    Action(id: \(SwiftSpelling.stringLiteral($0.id)), title: \(SwiftSpelling.stringLiteral($0.title)))" }
                + ["}"]
        }
        return ["struct \(tip.name): Tip {"] + body.map { $0.isEmpty ? "" : "    " + $0 } + ["}", ""]
    }

    private func optionLines(_ options: TipOptions) -> [String] {
        var lines: [String] = []
        if options.ignoresDisplayFrequency { lines.append("Tips.IgnoresDisplayFrequency(true)") }
        if let count = options.maxDisplayCount { lines.append("Tips.MaxDisplayCount(\(count))") }
        if let duration = options.maxDisplayDuration { lines.append("Tips.MaxDisplayDuration(\(SwiftSpelling.number(duration)))") }
        return lines
    }

    private func groupFactories() -> [String] {
        program.groups.flatMap { group in
            let members = group.members.compactMap { program.tips.indices.contains($0) ? program.tips[$0].name + "()" : nil }
            return ["/// The tips of `\(group.name)`, one at a time; keep the group in a view's `@State`.",
                    "@MainActor func make\(group.name)() -> TipGroup {",
                    "    TipGroup(\(group.ordered ? ".ordered" : ".firstAvailable")) {"]
                + members.map { "        " + $0 }
                + ["    }", "}", ""]
        }
    }

    /// `func cardWidgetRelevance() -> TimelineEntryRelevance`: the widget's lets, score and
    /// duration (seconds) from the same parameters and donations, at the current time.
    private func relevanceFunction(_ widget: WidgetSymbol, owners: [SwiftExpressionRenderer.Input: Int],
                                   problems: inout [SwiftEmissionProblem]) -> [String] {
        var (renderer, body) = widgetLets(widget, owners: owners)
        body.append("let score: Double = \(renderer.render(widget.score))")
        body.append("let duration: TimeInterval = \(renderer.render(widget.duration))")
        body.append("return TimelineEntryRelevance(score: Float(score), duration: duration)")
        problems += renderer.problems
        return ["/// The Smart Stack relevance of `\(widget.name)` now, from the same parameters and donations.",
                "func \(functionName(widget, "Relevance"))() -> TimelineEntryRelevance {"] + body.map { "    " + $0 } + ["}", ""]
    }

    /// `func nextDepartureRelevantShortcuts(for shortcut: INShortcut) -> [INRelevantShortcut]`: one
    /// relevant shortcut per `suggest` window, with an `INDateRelevanceProvider(start:end:)` (iOS 14+).
    private func relevantShortcutsFunction(_ widget: WidgetSymbol, owners: [SwiftExpressionRenderer.Input: Int],
                                           problems: inout [SwiftEmissionProblem]) -> [String] {
        var (renderer, body) = widgetLets(widget, owners: owners)
        body.append("let windows: [(start: Date, end: Date)] = [")
        body += widget.suggestions.map { "    (\(renderer.render($0.from)), \(renderer.render($0.to)))," }
        body += ["]",
                 "return windows.map { window in",
                 "    let relevant = INRelevantShortcut(shortcut: shortcut)",
                 "    relevant.relevanceProviders = [INDateRelevanceProvider(start: window.start, end: window.end)]",
                 "    return relevant",
                 "}"]
        problems += renderer.problems
        return ["/// The Widget Suggestions of `\(widget.name)`: `shortcut` relevant in each `suggest` window. Pass them",
                "/// to `INRelevantShortcutStore.default.setRelevantShortcuts(_:)`.",
                "func \(functionName(widget, "RelevantShortcuts"))(for shortcut: INShortcut) -> [INRelevantShortcut] {"]
            + body.map { "    " + $0 } + ["}", ""]
    }

    /// A renderer for a widget's expressions and its lets as `let value0 = …`, `let value1 = …`.
    private func widgetLets(_ widget: WidgetSymbol,
                            owners: [SwiftExpressionRenderer.Input: Int]) -> (SwiftExpressionRenderer, [String]) {
        let reference = { self.reference($0, fromTip: nil, owners: owners, projected: false) }
        var renderer = SwiftExpressionRenderer(program: program, line: widget.line, mode: .relevance(reference: reference))
        let lets = widget.lets.enumerated().map { "let value\($0.offset) = \(renderer.render($0.element))" }
        return (renderer, lets)
    }

    /// `cardWidget` + `suffix`: the widget's name with a lowercase first letter.
    private func functionName(_ widget: WidgetSymbol, _ suffix: String) -> String {
        (widget.name.first.map { String($0).lowercased() } ?? "") + widget.name.dropFirst() + suffix
    }
}
