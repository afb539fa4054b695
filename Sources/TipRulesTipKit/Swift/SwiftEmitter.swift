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
/// Each parameter and event is declared where `SwiftHomes` says (a parameter's place is its
/// TipKit identity) and read as `Self.$name` in its own tip, `Type.$name` elsewhere.
public struct SwiftEmitter {
    let program: CheckedProgram
    let target: SwiftTarget
    /// The name of the enum holding parameters and events shared by several tips.
    static let sharedNamespace = "SharedTipInputs"

    /// `Date`, or `Foundation.Date` where the program's names would hide it.
    let dateType: String

    /// An emitter for `program` targeting `target`.
    public init(program: CheckedProgram, target: SwiftTarget) {
        self.program = program
        self.target = target
        dateType = SwiftSpelling.dateType(in: program)
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
                    problems.append(SwiftEmissionProblem(.tipKitRuleWithoutInput, at: program.span(ofLine: rule.line), message: "a TipKit #Rule needs a parameter or event input",
                                                         note: "a rule without inputs (a schedule over now, say) has nothing TipKit can watch: let the app set a Bool parameter when it holds, or keep this tip on the bytecode runtime"))
                }
                return RenderedRule(inputs: renderer.inputs, body: body)
            })
        }
        let owners = SwiftHomes(program: program, readers: renderedRules.map { $0.flatMap(\.inputs) })
        problems += SwiftNameCheck.problems(in: program) + targetProblems() + SwiftTargetingCheck.problems(in: program)
        var lines = header(sourceName: sourceName)
        lines += configuration(problems: &problems)
        lines += donationStructs()
        lines += namespaces()
        lines += shared(owners: owners)
        lines += ownerTypes(owners)
        for (index, tip) in program.tips.enumerated() {
            let declaration = tipStruct(tip, index: index, rules: renderedRules[index], owners: owners, problems: &problems)
            lines += Self.nested(declaration, in: tip.swiftPath.dropLast())
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

    /// The problems in source order; problems at one place keep their order.
    private static func byLine(_ problems: [SwiftEmissionProblem]) -> [SwiftEmissionProblem] {
        problems.enumerated().sorted { ($0.element.span.start, $0.offset) < ($1.element.span.start, $1.offset) }.map(\.element)
    }

    // MARK: Ownership

    /// How code in tip `tip` (nil: outside any tip) names an input's declaration; `projected`
    /// gives a parameter's `$` projection (a rule input) rather than its value.
    private func reference(_ input: SwiftExpressionRenderer.Input, fromTip tip: Int?, owners: SwiftHomes,
                           projected: Bool = true) -> String {
        let owner = owners.typeName(owners.home(of: input), fromTip: tip)
        switch input {
        case .parameter(let index): return "\(owner).\(projected ? "$" : "")\(SwiftHomes.member(of: program.parameters[index].name))"
        case .event(let index): return "\(owner).\(SwiftHomes.member(of: program.events[index].name))"
        }
    }

    // MARK: Target checks

    private func targetProblems() -> [SwiftEmissionProblem] {
        var problems: [SwiftEmissionProblem] = []
        let raise = "emit with --min-ios"
        if target.rawValue < SwiftTarget.iOS18.rawValue {
            for group in program.groups {
                problems.append(SwiftEmissionProblem(.tipKitNeedsNewerOS, at: program.span(ofLine: group.line), message: "TipGroup needs iOS 18",
                                                     note: "\(raise) 18, or show the tips of '\(group.name)' without a group"))
            }
            for tip in program.tips where tip.options.maxDisplayDuration != nil {
                problems.append(SwiftEmissionProblem(.tipKitNeedsNewerOS, at: program.span(ofLine: tip.line), message: "Tips.MaxDisplayDuration needs iOS 18",
                                                     note: "\(raise) 18, or use Tips.MaxDisplayCount"))
            }
        }
        if target.rawValue < SwiftTarget.iOS26.rawValue {
            for event in program.events where Self.hasDonationLimit(event) {
                problems.append(SwiftEmissionProblem(.tipKitNeedsNewerOS, at: program.span(ofLine: event.line), message: "an event donation limit needs iOS 26",
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
         "// change the .tiprules file and generate again."]
            + (dateType == "Date" ? [] : ["import Foundation"])
            + ["import SwiftUI",
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
            problems.append(SwiftEmissionProblem(.tipKitMissingFeature, at: program.span(ofLine: 1), message: "TipKit has no display frequency of \(SwiftSpelling.number(program.displayFrequency)) seconds",
                                                 note: "use .immediate, .hourly, .daily, .weekly or .monthly"))
            return []
        }
        return ["/// Configures TipKit; call once at launch, before any tip is shown.",
                "func configureTips() throws {",
                "    try Tips.configure([.displayFrequency(.\(frequency))])",
                "}",
                ""]
    }

    /// Each event's donation struct, inside the types its `donationType:` names
    /// (`QuickEditTip.PhotoEditedInfo` in `extension QuickEditTip`).
    private func donationStructs() -> [String] {
        program.events.indices.filter { !program.events[$0].fields.isEmpty }.flatMap { index in
            let event = program.events[index]
            let path = SwiftSpelling.donationType(of: index, in: program).split(separator: ".").map(String.init)
            let declaration = ["/// What a donation to `\(event.name)` carries.",
                               "struct \(path.last ?? ""): Codable, Sendable {"]
                + event.fields.map { "    let \($0.name): \(SwiftSpelling.type($0.type, dateType: dateType))" }
                + ["}", ""]
            return Self.nested(declaration, in: path.dropLast())
        }
    }

    /// `declaration` inside `extension A.B { … }` for the enclosing types `path` (`[A, B]`).
    private static func nested(_ declaration: [String], in path: ArraySlice<String>) -> [String] {
        guard !path.isEmpty else { return declaration }
        let body = declaration.last == "" ? declaration.dropLast() : declaration[...]
        return ["extension \(path.joined(separator: ".")) {"] + body.map { $0.isEmpty ? "" : "    " + $0 } + ["}", ""]
    }

    /// The enums that tips' `swiftName`s put them in (`enum TaggingTips {}` for `TaggingTips.Date`),
    /// each once, outer ones first; a tip or an input's owner of that name is the type already.
    private func namespaces() -> [String] {
        let declared = Set(program.tips.map { $0.swiftPath.joined(separator: ".") })
            .union(program.parameters.compactMap { SwiftHomes.owner(of: $0.name) })
            .union(program.events.compactMap { SwiftHomes.owner(of: $0.name) })
        var seen = Set<String>()
        var lines: [String] = []
        for tip in program.tips where tip.swiftPath.count > 1 {
            for depth in 1..<tip.swiftPath.count {
                let path = tip.swiftPath.prefix(depth)
                let name = path.joined(separator: ".")
                guard !declared.contains(name), seen.insert(name).inserted else { continue }
                lines += Self.nested(["enum \(path.last ?? "") {}", ""], in: path.dropLast())
            }
        }
        return lines
    }

    private func parameterDeclaration(_ index: Int) -> String {
        let parameter = program.parameters[index]
        let attribute = parameter.isTransient ? "@Parameter(.transient)" : "@Parameter"
        return "\(attribute) static var \(SwiftHomes.member(of: parameter.name)): \(SwiftSpelling.type(parameter.type, dateType: dateType)) = \(SwiftSpelling.scalar(parameter.defaultValue, dateType: dateType))"
    }

    private func eventDeclaration(_ index: Int) -> String {
        let event = program.events[index]
        let generic = event.fields.isEmpty ? "" : "<\(SwiftSpelling.donationType(of: index, in: program))>"
        var arguments = "id: \(SwiftSpelling.stringLiteral(program.eventID(index)))"
        if Self.hasDonationLimit(event) {
            let age = event.maximumAge.map { ", maximumAge: \(SwiftSpelling.timeRange($0))" } ?? ""
            arguments += ", donationLimit: Tips.DonationLimit(maximumCount: \(event.maximumCount)\(age))"
        }
        return "static let \(SwiftHomes.member(of: event.name)) = Tips.Event\(generic)(\(arguments))"
    }

    private func declarations(ownedBy owner: SwiftHomes.Home, owners: SwiftHomes) -> [String] {
        program.parameters.indices.filter { owners.parameters[$0] == owner }.map(parameterDeclaration)
            + program.events.indices.filter { owners.events[$0] == owner }.map(eventDeclaration)
    }

    private func shared(owners: SwiftHomes) -> [String] {
        let members = declarations(ownedBy: .shared, owners: owners)
        guard !members.isEmpty else { return [] }
        return ["/// Parameters of no tip, and events read by several tips (or by none: the app still sets and donates them).",
                "enum \(Self.sharedNamespace) {"] + members.map { "    " + $0 } + ["}", ""]
    }

    /// `enum OWNER { … }` for the owners of `parameter OWNER.NAME` that are not tips.
    private func ownerTypes(_ owners: SwiftHomes) -> [String] {
        owners.ownerTypes.flatMap { name in
            ["enum \(name) {"] + declarations(ownedBy: .type(name), owners: owners).map { "    " + $0 } + ["}", ""]
        }
    }

    private func tipStruct(_ tip: TipSymbol, index: Int, rules: [RenderedRule], owners: SwiftHomes,
                           problems: inout [SwiftEmissionProblem]) -> [String] {
        var body = declarations(ownedBy: .tip(index), owners: owners)
        if !body.isEmpty { body.append("") }
        // TipKit's default id is the type's name.
        if tip.id != tip.swiftTypeName { body.append("var id: String { \(SwiftSpelling.stringLiteral(tip.id)) }") }
        body += texts(of: tip)
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
        return ["struct \(tip.swiftTypeName): Tip {"] + body.map { $0.isEmpty ? "" : "    " + $0 } + ["}", ""]
    }

    /// The title, message and image: computed from the program's texts, the app's own Swift
    /// written back as it wrote it (`swift("…")`), or stored properties for those the app
    /// supplies (`PopoverTip(title: Text("…"), message: nil, image: nil)`). An empty title is
    /// written as it is, `Text("")`.
    private func texts(of tip: TipSymbol) -> [String] {
        let written: [(property: String, type: String, value: String?)] = [
            ("title", "Text", "Text(\(SwiftSpelling.stringLiteral(tip.title)))"),
            ("message", "Text?", tip.message.map { "Text(\(SwiftSpelling.stringLiteral($0)))" }),
            ("image", "Image?", tip.image.map { "Image(systemName: \(SwiftSpelling.stringLiteral($0)))" }),
        ]
        return written.flatMap { property, type, value -> [String] in
            if tip.suppliedTexts.contains(property) { return ["var \(property): \(type)"] }
            if let swift = tip.swiftTexts[property] { return Self.getter("var \(property): \(type)", swift.code) }
            return value.map { ["var \(property): \(type) { \($0) }"] } ?? []
        }
    }

    /// `var title: Text { CODE }` on one line, or the code's lines in the braces.
    private static func getter(_ declaration: String, _ code: String) -> [String] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 1 else { return ["\(declaration) { \(code) }"] }
        return ["\(declaration) {"] + lines.map { $0.isEmpty ? "" : "    " + $0 } + ["}"]
    }

    private func optionLines(_ options: TipOptions) -> [String] {
        var lines: [String] = []
        if options.ignoresDisplayFrequency { lines.append("Tips.IgnoresDisplayFrequency(true)") }
        if let count = options.maxDisplayCount { lines.append("Tips.MaxDisplayCount(\(count))") }
        if let duration = options.maxDisplayDuration { lines.append("Tips.MaxDisplayDuration(\(SwiftSpelling.number(duration)))") }
        return lines
    }

    /// `makeG()`; a member whose texts the app supplies is the factory's parameter, made where
    /// the app has its texts (`makeG(popoverTip: PopoverTip(title: Text("…")))`).
    private func groupFactories() -> [String] {
        program.groups.flatMap { group in
            let tips = group.members.filter { program.tips.indices.contains($0) }.map { program.tips[$0] }
            let parameter = { (tip: TipSymbol) in (tip.swiftTypeName.first.map { String($0).lowercased() } ?? "") + tip.swiftTypeName.dropFirst() }
            let parameters = tips.filter { !$0.suppliedTexts.isEmpty }.map { "\(parameter($0)): \($0.swiftPath.joined(separator: "."))" }
            return ["/// The tips of `\(group.name)`, one at a time; keep the group in a view's `@State`.",
                    "@MainActor func make\(group.name)(\(parameters.joined(separator: ", "))) -> TipGroup {",
                    "    TipGroup(\(group.ordered ? ".ordered" : ".firstAvailable")) {"]
                + tips.map { "        " + ($0.suppliedTexts.isEmpty ? $0.swiftPath.joined(separator: ".") + "()" : parameter($0)) }
                + ["    }", "}", ""]
        }
    }

    /// `func cardWidgetRelevance() -> TimelineEntryRelevance`: the widget's lets, score and
    /// duration (seconds) from the same parameters and donations, at the current time.
    private func relevanceFunction(_ widget: WidgetSymbol, owners: SwiftHomes,
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
    private func relevantShortcutsFunction(_ widget: WidgetSymbol, owners: SwiftHomes,
                                           problems: inout [SwiftEmissionProblem]) -> [String] {
        var (renderer, body) = widgetLets(widget, owners: owners)
        body.append("let windows: [(start: \(dateType), end: \(dateType))] = [")
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
                            owners: SwiftHomes) -> (SwiftExpressionRenderer, [String]) {
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
