/// A construct of the `.tipc` format that version 1 did not have, and the format version that
/// added it. This is the one table of what each later version carries: instructions and
/// scalar types declare theirs in their own tables (`OpcodeInfo.since`, `ScalarKind.since`),
/// everything else here. The writer writes the oldest version that carries every construct of
/// a program, and the reader refuses a file that holds a construct its version does not carry.
public enum FormatConstruct: Hashable, Sendable, CustomStringConvertible {
    /// `transient parameter` (the parameter flags byte).
    case transientParameter
    /// A widget's `suggest { from: to: }` windows.
    case widgetSuggestions
    /// The program's `app` or `release` (`configure { app(…) release(…) }`).
    case programIdentity
    /// A tip's `actions { Action(id:title:) … }`.
    case tipActions
    /// An instruction added after version 1.
    case instruction(Opcode)
    /// A scalar type added after version 1.
    case scalarType(ScalarKind)
    /// A tip's `FrequencyCap`s (an option flag and its entries).
    case frequencyCap
    /// A tip's `Priority` (an option flag and its value).
    case tipPriority
    /// A `.priority` group (its kind byte 2).
    case priorityGroup
    /// A tip's `holdout(P, of: ID, group: G)` (the tip holdouts section).
    case holdout
    /// A tip's texts the app makes itself (`swift(…)`, `supplied`: the tip app texts section).
    case appTexts

    /// The format version that added the construct.
    public var since: Int {
        switch self {
        case .transientParameter, .widgetSuggestions: return 2
        case .programIdentity, .tipActions, .frequencyCap, .tipPriority, .priorityGroup: return 3
        case .holdout: return 4
        case .appTexts: return 5
        case .instruction(let opcode): return opcode.info.since
        case .scalarType(let kind): return kind.since
        }
    }

    /// The construct as a person names it, in messages.
    public var description: String {
        switch self {
        case .transientParameter: return "a transient parameter"
        case .widgetSuggestions: return "a widget's suggest windows"
        case .programIdentity: return "naming the app or release"
        case .tipActions: return "a tip's actions"
        case .instruction(let opcode): return "the instruction '\(opcode)'"
        case .scalarType(let kind): return "the type '\(kind)'"
        case .frequencyCap: return "a frequency cap"
        case .tipPriority: return "a tip's priority"
        case .priorityGroup: return "a '.priority' group"
        case .holdout: return "a tip's holdout"
        case .appTexts: return "a text the app makes"
        }
    }
}

/// Where a construct stands in a program: what `Program.formatRequirements` points at, so that
/// the compiler can report it at its source.
public enum FormatLocation: Hashable, Sendable {
    /// The program's own entries (`configure`).
    case program
    /// The constant at this index of the constant pool.
    case constant(Int)
    /// The parameter at this index.
    case parameter(Int)
    /// The event at this index (its fields).
    case event(Int)
    /// The tip at this index (its options).
    case tip(Int)
    /// The actions of the tip at this index.
    case actions(tip: Int)
    /// The holdout of the tip at this index.
    case holdout(tip: Int)
    /// The group at this index.
    case group(Int)
    /// The widget at this index, suggestion window `suggestion`.
    case suggestion(widget: Int, suggestion: Int)
    /// An instruction of a code block.
    case instruction(CodeBlockLocation, index: Int)
}

/// One code block of a program: a tip's rule, a widget's score or duration, or one end of a
/// widget's suggestion window.
public enum CodeBlockLocation: Hashable, Sendable {
    case rule(tip: Int, rule: Int)
    /// The bucket of a tip's holdout.
    case holdout(tip: Int)
    case score(widget: Int)
    case duration(widget: Int)
    case suggestionStart(widget: Int, suggestion: Int)
    case suggestionEnd(widget: Int, suggestion: Int)
}

/// One construct of a program that needs a format version above 1, and where it stands.
public struct FormatRequirement: Hashable, Sendable {
    public let construct: FormatConstruct
    public let location: FormatLocation

    /// The format version the construct needs.
    public var version: Int { construct.since }
}

extension ProgramContents {
    /// Every construct that needs a format version above 1, in file order.
    var formatRequirements: [FormatRequirement] {
        var found: [FormatRequirement] = []
        func need(_ construct: FormatConstruct, at location: FormatLocation) {
            if construct.since > BytecodeFormat.oldestVersion {
                found.append(FormatRequirement(construct: construct, location: location))
            }
        }
        if app != nil || release != nil { need(.programIdentity, at: .program) }
        for (index, constant) in constants.enumerated() { need(.scalarType(constant.kind), at: .constant(index)) }
        for (index, parameter) in parameters.enumerated() {
            need(.scalarType(parameter.type), at: .parameter(index))
            if parameter.isTransient { need(.transientParameter, at: .parameter(index)) }
        }
        for (index, event) in events.enumerated() {
            for field in event.fields { need(.scalarType(field.type), at: .event(index)) }
        }
        for (index, tip) in tips.enumerated() {
            if !tip.actions.isEmpty { need(.tipActions, at: .actions(tip: index)) }
            if !tip.options.frequencyCaps.isEmpty { need(.frequencyCap, at: .tip(index)) }
            if tip.options.priority != 0 { need(.tipPriority, at: .tip(index)) }
            if tip.holdout != nil { need(.holdout, at: .holdout(tip: index)) }
            // Only what a runtime could show needs the section: a key or a default value. That the
            // app makes a text is carried when the section is written anyway, and older formats
            // (which show such a text empty, as the app's own text replaces it) stay open to it.
            if tip.appTexts.values.contains(where: \.namesWords) { need(.appTexts, at: .tip(index)) }
        }
        for (index, group) in groups.enumerated() where group.byPriority { need(.priorityGroup, at: .group(index)) }
        for (location, code) in locatedCodeBlocks {
            for (index, instruction) in code.instructions.enumerated() {
                need(.instruction(instruction.opcode), at: .instruction(location, index: index))
            }
        }
        for (widget, info) in widgets.enumerated() {
            for suggestion in info.suggestions.indices {
                need(.widgetSuggestions, at: .suggestion(widget: widget, suggestion: suggestion))
            }
        }
        return found
    }

    /// The oldest format version that carries every construct of the program.
    var requiredFormatVersion: Int {
        formatRequirements.reduce(BytecodeFormat.oldestVersion) { max($0, $1.version) }
    }
}

extension Program {
    /// Every code block with its location, in file order: each tip's rules, then each widget's
    /// score, duration and suggestion windows.
    public var codeBlocks: [(location: CodeBlockLocation, code: CodeBlock)] { contents.locatedCodeBlocks }

    /// The source line of a construct, where the program records one.
    public func line(of location: FormatLocation) -> Int? {
        switch location {
        case .program, .constant: return nil
        case .parameter(let index): return parameters[index].line
        case .event(let index): return events[index].line
        case .tip(let index), .actions(let index): return tips[index].line
        case .holdout(let index): return tips[index].holdout?.line ?? tips[index].line
        case .group(let index): return groups[index].line
        case .suggestion(let widget, let suggestion): return widgets[widget].suggestions[suggestion].line
        case .instruction(let block, let index): return code(at: block).line(at: index)
        }
    }

    /// The code block at a location.
    public func code(at location: CodeBlockLocation) -> CodeBlock {
        switch location {
        case .rule(let tip, let rule): return tips[tip].rules[rule].code
        case .holdout(let tip): return tips[tip].holdout?.bucket ?? CodeBlock(instructions: [])
        case .score(let widget): return widgets[widget].score
        case .duration(let widget): return widgets[widget].duration
        case .suggestionStart(let widget, let suggestion): return widgets[widget].suggestions[suggestion].from
        case .suggestionEnd(let widget, let suggestion): return widgets[widget].suggestions[suggestion].to
        }
    }
}
