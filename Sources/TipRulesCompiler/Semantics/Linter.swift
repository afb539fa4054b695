import TipRulesRuntime

/// Warnings for programs that check but do something TipKit would not do, or that is almost
/// certainly a mistake (TR07xx). It runs on a program without errors, reads the syntax for
/// spans, the checked program for what it reads, and the optimized program for what it
/// computes (a rule that folds to a constant), and never changes what is compiled.
struct Linter {
    let syntax: FileSyntax
    let program: CheckedProgram
    /// `program` after the optimizer: the same declarations, folded expressions.
    let optimized: CheckedProgram
    var diagnostics: [Diagnostic] = []

    init(syntax: FileSyntax, program: CheckedProgram, optimized: CheckedProgram) {
        self.syntax = syntax
        self.program = program
        self.optimized = optimized
    }

    /// Every lint warning of the program.
    static func lint(_ syntax: FileSyntax, _ program: CheckedProgram, optimized: CheckedProgram) -> [Diagnostic] {
        var linter = Linter(syntax: syntax, program: program, optimized: optimized)
        linter.run()
        return linter.diagnostics
    }

    var tipSyntaxes: [TipSyntax] {
        syntax.declarations.compactMap { if case .tip(let tip) = $0 { return tip } else { return nil } }
    }

    private mutating func run() {
        let tips = tipSyntaxes
        guard tips.count == program.tips.count else { return }
        for (written, tip) in zip(tips, optimized.tips) {
            lintOptions(written, tip)
            lintRules(written, tip)
            lintFrequencyCaps(written, tip)
        }
        lintUnused()
        lintGroups()
        lintPriorityGroups()
        lintDisplayFrequency()
        let optimized = optimized
        Self.forEachExpression(of: optimized) { lintExpression($0) }
    }

    // MARK: Options

    private mutating func lintOptions(_ written: TipSyntax, _ tip: TipSymbol) {
        for entry in written.options.flatMap(\.entries) {
            guard let argument = entry.arguments.first?.value else { continue }
            switch TipOption(rawValue: entry.name.text) {
            case .maxDisplayCount? where tip.options.maxDisplayCount == 0:
                diagnostics.append(Diagnostic(.maxDisplayCountZero, "'MaxDisplayCount(0)' invalidates tip '\(tip.name)' before it can ever display",
                                              at: entry.span,
                                              fixes: [.replace(argument.span, with: "1", "show it once: MaxDisplayCount(1)", applicability: .maybeIncorrect)]))
            case .maxDisplayDuration?:
                guard let seconds = tip.options.maxDisplayDuration, seconds < 60 else { continue }
                diagnostics.append(Diagnostic(.maxDisplayDurationUnderMinimum,
                                              "'MaxDisplayDuration' under 60 seconds acts as 60 seconds",
                                              at: entry.span,
                                              notes: [DiagnosticNote("TipKit keeps a tip view at least 60 seconds before this option can invalidate it")],
                                              fixes: [.replace(argument.span, with: "60", "write the duration TipKit uses: 60 seconds", applicability: .machineApplicable)]))
            default:
                continue
            }
        }
    }

    // MARK: Rules

    private mutating func lintRules(_ written: TipSyntax, _ tip: TipSymbol) {
        guard written.rules.count == tip.rules.count else { return }
        var seen: [String: RuleSyntax] = [:]
        // A tip of one rule (most of them) has nothing to repeat.
        let mayRepeat = written.rules.count > 1
        for (rule, checked) in zip(written.rules, tip.rules) {
            if mayRepeat {
                let text = program.source.compactText(of: rule.span)
                if let first = seen[text] {
                    diagnostics.append(Diagnostic(.duplicateRule, "this rule repeats an earlier rule of tip '\(tip.name)'",
                                                  at: rule.keywordSpan,
                                                  notes: [DiagnosticNote("the first one is here", at: first.keywordSpan)],
                                                  fixes: [FixIt("remove the repeated rule", edits: [TextEdit(span: rule.span, newText: "")], applicability: .machineApplicable)]))
                    continue
                }
                seen[text] = rule
            }
            guard case .constant(let value) = checked.body.kind, case .bool(let result) = value else { continue }
            if result {
                diagnostics.append(Diagnostic(.constantRule, "this rule is always true: it has no effect",
                                              at: rule.keywordSpan,
                                              fixes: [FixIt("remove the rule", edits: [TextEdit(span: rule.span, newText: "")], applicability: .machineApplicable)]))
            } else {
                diagnostics.append(Diagnostic(.constantRule, "this rule is always false: tip '\(tip.name)' can never display",
                                              at: rule.keywordSpan))
            }
        }
    }

    // MARK: Declarations

    /// Calls `body` with every expression of `program`: each rule's body, then each widget's
    /// lets, score, duration and suggestions.
    private static func forEachExpression(of program: CheckedProgram, _ body: (CheckedExpression) -> Void) {
        for tip in program.tips {
            for rule in tip.rules { body(rule.body) }
            if let holdout = tip.holdout { body(holdout.bucket) }
        }
        for widget in program.widgets {
            for value in widget.lets { body(value) }
            body(widget.score)
            body(widget.duration)
            for suggestion in widget.suggestions {
                body(suggestion.from)
                body(suggestion.to)
            }
        }
    }

    private mutating func lintUnused() {
        // Whether each parameter and event is read, by index.
        var parameters = [Bool](repeating: false, count: program.parameters.count)
        var events = [Bool](repeating: false, count: program.events.count)
        // Names to indices once (the first declaration of a name wins), not a search per use.
        let parameterIndices = Dictionary(program.parameters.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let eventIndices = Dictionary(program.events.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // A rule's inputs count as reads even when the body folds them away (`$0 != nil`).
        for tip in tipSyntaxes {
            for rule in tip.rules {
                for input in rule.inputs {
                    var written = program.source.compactBytes(of: input.span)[...]
                    if written.starts(with: "Self.".utf8) { written = written.dropFirst(5) }
                    if written.first == UInt8(ascii: "$") { written = written.dropFirst() }
                    let name = String(decoding: written, as: UTF8.self)
                    if let index = parameterIndices[name] { parameters[index] = true }
                    if let index = eventIndices[name] { events[index] = true }
                }
            }
        }
        func markRead(_ expression: CheckedExpression) {
            switch expression.kind {
            case .parameter(let index) where parameters.indices.contains(index): parameters[index] = true
            case .donations(let event) where events.indices.contains(event): events[event] = true
            default: break
            }
            expression.forEachChild(markRead)
        }
        Self.forEachExpression(of: program, markRead)
        // A holdout's goal is read by `tiprulec measure`.
        for goal in program.tips.flatMap({ $0.holdout?.goals ?? [] }) where events.indices.contains(goal) { events[goal] = true }
        for declaration in syntax.declarations {
            switch declaration {
            case .parameter(let parameter):
                guard let index = parameterIndices[parameter.name.text], !parameters[index] else { continue }
                diagnostics.append(Diagnostic(.unusedDeclaration, "parameter '\(parameter.name.text)' is never read by a rule or widget",
                                              at: parameter.name.span,
                                              fixes: [FixIt("remove the parameter", edits: [TextEdit(span: parameter.span, newText: "")], applicability: .maybeIncorrect)]))
            case .event(let event):
                guard let index = eventIndices[event.name.text], !events[index] else { continue }
                diagnostics.append(Diagnostic(.unusedDeclaration, "event '\(event.name.text)' is never read by a rule or widget",
                                              at: event.name.span,
                                              notes: [DiagnosticNote("donating to it still costs the app storage; remove it or add the rule that needs it")]))
            default:
                continue
            }
        }
    }

    // MARK: Groups

    private mutating func lintGroups() {
        let groupSyntaxes = syntax.declarations.compactMap { if case .group(let group) = $0 { return group } else { return nil } }
        for (written, group) in zip(groupSyntaxes, program.groups) {
            guard group.ordered else { continue }
            // A member that can never become available and that no option invalidates blocks
            // every member after it for good (unless the app invalidates it in code).
            for (position, member) in group.members.enumerated() where position + 1 < group.members.count {
                guard neverAvailable(member), program.tips[member].options.maxDisplayCount != 0,
                      written.members.indices.contains(position + 1) else { continue }
                let blocked = group.members[(position + 1)...].map { program.tips[$0].name }
                diagnostics.append(Diagnostic(.groupNeverPresents,
                                              "group '\(group.name)' can never present \(blocked.map { "'\($0)'" }.joined(separator: ", "))",
                                              at: written.members[position + 1].span,
                                              notes: [DiagnosticNote("'\(program.tips[member].name)' comes first in this .ordered group and has a rule that is always false, so it is never available and never invalidated by its options",
                                                                     at: written.members[position].span)]))
                break
            }
        }
    }

    /// Whether a tip has a rule whose value is the constant `false`.
    private func neverAvailable(_ tip: Int) -> Bool {
        optimized.tips[tip].rules.contains { rule in
            if case .constant(.bool(false)) = rule.body.kind { return true }
            return false
        }
    }

    // MARK: Configuration

    private mutating func lintDisplayFrequency() {
        for case .configure(let configure) in syntax.declarations {
            for entry in configure.entries where entry.name.text == "displayFrequency" {
                guard let argument = entry.arguments.first?.value else { continue }
                switch argument.kind {
                case .integerLiteral, .floatLiteral: break
                default: continue
                }
                let presets: [(Double, String)] = [(3_600, ".hourly"), (86_400, ".daily"), (604_800, ".weekly"), (2_592_000, ".monthly")]
                let fixes = presets.first { $0.0 == program.displayFrequency }.map {
                    [FixIt.replace(argument.span, with: $0.1, "use the preset '\($0.1)'", applicability: .machineApplicable)]
                } ?? []
                diagnostics.append(Diagnostic(.customDisplayFrequency,
                                              "a display frequency of \(ValueFormatting.duration(program.displayFrequency)) is not one of TipKit's presets",
                                              at: argument.span,
                                              notes: [DiagnosticNote("TipKit offers only .immediate, .hourly, .daily, .weekly and .monthly: an app using TipKit itself cannot have this interval (emit-swift refuses it)")],
                                              fixes: fixes))
            }
        }
    }

    // MARK: Expressions

    private mutating func lintExpression(_ root: CheckedExpression) {
        var pending = [root]
        while let expression = pending.popLast() {
            expression.forEachChild { pending.append($0) }
            switch expression.kind {
            case .donatedWithin(_, let range):
                guard case .constant(.duration(let seconds)) = range.kind, seconds < 0 else { continue }
                diagnostics.append(Diagnostic(.negativeDuration, "'donatedWithin' with a negative duration is always empty",
                                              at: range.span,
                                              notes: [DiagnosticNote("it keeps donations with now - range <= date <= now; a negative range leaves none")]))
            case .endpoint(let base, let last):
                guard case .subset(_, _, let largest) = base.kind else { continue }
                diagnostics.append(tieBreak(expression, "'\(last ? "last" : "first")'", largest: largest))
            case .aggregate(_, let base, let field):
                guard case .subset(_, let grouped, let largest) = base.kind, grouped != field else { continue }
                diagnostics.append(tieBreak(expression, "this aggregate of another field", largest: largest))
            case .rollout(let share, _, let group):
                lintRolloutShare(share)
                lintHoldoutGroup(group, of: expression)
            case .bucket(_, let group):
                lintHoldoutGroup(group, of: expression)
            case .and(let start, let end):
                lintSchedule(start, end, span: expression.span)
            default:
                continue
            }
        }
    }

    private func tieBreak(_ expression: CheckedExpression, _ what: String, largest: Bool) -> Diagnostic {
        let subset = largest ? "largestSubset" : "smallestSubset"
        return Diagnostic(.tieBreakRead, "\(what) after '\(subset)' depends on which group wins a tie",
                          at: expression.span,
                          notes: [DiagnosticNote("when several groups have the same size, TipKit does not say which one '\(subset)' returns; '.count' is the same for all of them")])
    }
}
