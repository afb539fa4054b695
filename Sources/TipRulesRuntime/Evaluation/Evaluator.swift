/// Evaluates a program against event stores. Keep one per program and reuse it: it holds
/// the virtual machine's buffers, so repeated evaluations allocate little.
///
/// ```swift
/// var evaluator = Evaluator(program: program)
/// let result = evaluator.evaluate(store, now: now)
/// ```
public struct Evaluator {
    public let program: Program
    var machine: Machine

    public init(program: Program) {
        self.program = program
        machine = Machine(program: program)
    }

    /// Every tip's status and display decision, every group's current tip and every widget's
    /// relevance at `now` (seconds since 1970).
    public mutating func evaluate(_ store: EventStore, now: Double) -> EvaluationResult {
        guard let context = prepare(store, now: now) else { return mismatchResult(store, now: now) }
        let rules = program.tips.map { tip in
            tip.rules.indices.map { evaluate(tip.rules[$0], index: $0, in: context) }
        }
        let decisions = DisplayPolicy(program: program, store: store, now: now).decide(rules: rules)
        let widgets = program.widgets.map { evaluate($0, in: context) }
        return EvaluationResult(now: now, tips: decisions.tips, groups: decisions.groups, widgets: widgets)
    }

    /// One rule of one tip at `now`; nil if there is no such rule.
    public mutating func evaluateRule(tip: Int, rule: Int, store: EventStore, now: Double) -> RuleResult? {
        guard program.tips.indices.contains(tip), program.tips[tip].rules.indices.contains(rule) else { return nil }
        let info = program.tips[tip].rules[rule]
        guard let context = prepare(store, now: now) else {
            return RuleResult(index: rule, line: info.line, result: false, error: Self.mismatch)
        }
        return evaluate(info, index: rule, in: context)
    }

    /// One widget's relevance at `now`; nil if there is no such widget.
    public mutating func evaluateWidget(_ widget: Int, store: EventStore, now: Double) -> WidgetResult? {
        guard program.widgets.indices.contains(widget) else { return nil }
        guard let context = prepare(store, now: now) else {
            return WidgetResult(id: program.widgets[widget].name, score: 0, duration: 0, relevant: false, error: Self.mismatch)
        }
        return evaluate(program.widgets[widget], in: context)
    }

    private static let mismatch = "the store was made for a program with other parameters or events"

    /// The evaluation context, or nil when the store's program has other parameter or event types.
    private mutating func prepare(_ store: EventStore, now: Double) -> EvaluationContext? {
        guard store.program === program || StoreSchema(store.program) == StoreSchema(program) else { return nil }
        return machine.prepare(store, now: now)
    }

    /// The fast run; a false rule runs again in the explain mode to say why.
    private mutating func evaluate(_ rule: RuleInfo, index: Int, in context: EvaluationContext) -> RuleResult {
        switch machine.run(rule.code, in: context) {
        case .success(let value) where value != 0:
            return RuleResult(index: index, line: rule.line, result: true)
        case .success:
            let notes = Dictionary(rule.code.notes.map { ($0.instruction, $0) }, uniquingKeysWith: { first, _ in first })
            _ = machine.run(rule.code, in: context, explaining: notes)
            let explanation = Explanation.phrases(for: rule.code, observations: machine.observations, notes: notes)
            return RuleResult(index: index, line: rule.line, result: false, explanation: explanation)
        case .failure(let failure):
            return RuleResult(index: index, line: rule.line, result: false, error: failure.description)
        }
    }

    /// A widget whose score or duration fails, or is negative or not finite, is not relevant at
    /// all: score and duration 0, with the error.
    private mutating func evaluate(_ widget: WidgetInfo, in context: EvaluationContext) -> WidgetResult {
        let score = number(widget.score, "score", in: context)
        let duration = number(widget.duration, "duration", in: context)
        guard case .success(let scoreValue) = score, case .success(let durationValue) = duration else {
            let errors = [score, duration].compactMap { result -> String? in
                if case .failure(let message) = result { return message.text }
                return nil
            }
            return WidgetResult(id: widget.name, score: 0, duration: 0, relevant: false,
                                error: errors.joined(separator: "; "))
        }
        return WidgetResult(id: widget.name, score: scoreValue, duration: durationValue, relevant: scoreValue > 0,
                            suggestion: suggestion(of: widget, in: context))
    }

    /// A score or duration, or why it is not a usable value: evaluation failed, or it is NaN,
    /// an infinity or negative (WidgetKit takes neither a negative score nor a negative duration).
    private mutating func number(_ code: CodeBlock, _ what: String,
                                 in context: EvaluationContext) -> Result<Double, WidgetValueError> {
        switch machine.run(code, in: context) {
        case .success(let bits):
            let value = SlotEncoding.double(bits)
            guard value.isFinite else {
                // NaN's sign bit means nothing and differs by platform: it reads "nan".
                return .failure(WidgetValueError(text: "\(what) is not a finite number (\(value.isNaN ? "nan" : value.description))"))
            }
            guard value >= 0 else { return .failure(WidgetValueError(text: "\(what) is negative (\(value))")) }
            return .success(value)
        case .failure(let failure):
            return .failure(WidgetValueError(text: "\(what): \(failure)"))
        }
    }

    /// Every rule false and every widget irrelevant, with the reason, when the store does not fit.
    private func mismatchResult(_ store: EventStore, now: Double) -> EvaluationResult {
        let rules = program.tips.map { tip in
            tip.rules.enumerated().map { RuleResult(index: $0, line: $1.line, result: false, error: Self.mismatch) }
        }
        let decisions = DisplayPolicy(program: program, store: store, now: now).decide(rules: rules)
        let widgets = program.widgets.map {
            WidgetResult(id: $0.name, score: 0, duration: 0, relevant: false, error: Self.mismatch)
        }
        return EvaluationResult(now: now, tips: decisions.tips, groups: decisions.groups, widgets: widgets)
    }
}

/// Evaluates every tip, group and widget of `program` against `store` at `now`.
/// For repeated evaluations, keep an `Evaluator` instead.
public func evaluate(_ program: Program, store: EventStore, now: Double) -> EvaluationResult {
    var evaluator = Evaluator(program: program)
    return evaluator.evaluate(store, now: now)
}

/// Why a widget's score or duration is not a usable value.
private struct WidgetValueError: Error {
    var text: String
}

/// The types a store's contents must have for a program: parameter types and event field types.
private struct StoreSchema: Equatable {
    var parameters: [ScalarKind]
    var events: [[ScalarKind]]

    init(_ program: Program) {
        parameters = program.parameters.map(\.type)
        events = program.events.map { $0.fields.map(\.type) }
    }
}
