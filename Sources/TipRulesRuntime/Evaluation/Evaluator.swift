/// Evaluates a program against event stores. Keep one per program and reuse it: it holds
/// the virtual machine's buffers and each code block made ready to run, so repeated
/// evaluations allocate little.
///
/// Explanations are opt-in: by default a false rule is just false (the fast path records
/// nothing), and `explaining: true` says why, in the rule's `explanation` and the tips' and
/// groups' explanation texts. To only decide, `decideRule(tip:rule:store:now:)` and
/// `decide(_:now:into:)` build no results at all (`Evaluator+Decide.swift`).
///
/// ```swift
/// var evaluator = Evaluator(program: program)
/// let result = evaluator.evaluate(store, now: now)
/// let why = evaluator.evaluate(store, now: now, explaining: true)
/// ```
public struct Evaluator {
    public let program: Program
    var machine: Machine
    /// Each tip's rules, ready to run.
    let rules: [[ExecutableCode]]
    /// Where each tip's rules start in the list of every rule, tip after tip; the last entry
    /// is the number of rules.
    @usableFromInline let ruleStarts: [Int]
    /// Each rule's native form, if it has one (see `NativeRule`), in that list: trivial values,
    /// so that deciding a rule reads no class instance.
    let natives: [NativeRule?]
    /// The `Bool` and `Int` parameter tests among `natives`, as ranges (`IntegerTest`): what
    /// `decideRule` reads first, a few words per rule.
    @usableFromInline let integerTests: [IntegerTest?]
    /// Each widget's score, duration and suggestion windows, ready to run.
    let widgets: [ExecutableWidget]
    /// Each tip's holdout bucket code, ready to run (nil for a tip without a holdout).
    let holdouts: [ExecutableCode?]
    /// Whether any tip has a holdout.
    let hasHoldouts: Bool
    /// The last program other than `program` whose stores were found to fit it (the same
    /// parameter and event types), so that the next store of it is not compared again.
    private var fittingProgram: Program?

    public init(program: Program) {
        self.init(program: program, fusingScans: true)
    }

    /// The steps of work of every evaluation this evaluator ran, added up (each evaluation is
    /// bounded by its own budget; a tool bounds a whole run with this).
    public var workDone: Int {
        let (total, overflow) = machine.workOfEarlierEvaluations.addingReportingOverflow(machine.workUsed)
        return overflow ? Int.max : total
    }

    /// `fusingScans: false` runs every instruction one by one: no fused closure loop (see
    /// `ScanPlan`), no native rule (see `NativeRule`), no native score or duration (see
    /// `NativeNumber`). Tests compare the two.
    init(program: Program, fusingScans: Bool) {
        self.program = program
        machine = Machine(program: program)
        rules = program.tips.map { tip in
            tip.rules.map { ExecutableCode($0.code, constants: program.constants, fusing: fusingScans) }
        }
        ruleStarts = rules.reduce(into: [0]) { starts, tip in starts.append(starts[starts.count - 1] + tip.count) }
        natives = program.tips.flatMap { tip in
            tip.rules.map { fusingScans ? NativeRule(rule: $0.code, constants: program.constants, events: program.events) : nil }
        }
        integerTests = natives.map { $0?.parameterTest?.integerTest }
        widgets = program.widgets.map { ExecutableWidget($0, constants: program.constants, fusing: fusingScans) }
        holdouts = program.tips.map { tip in
            tip.holdout.map { ExecutableCode($0.bucket, constants: program.constants, fusing: fusingScans) }
        }
        hasHoldouts = holdouts.contains { $0 != nil }
    }

    /// Every tip's status and display decision, every group's current tip and every widget's
    /// relevance at `now` (seconds since 1970); with `explaining`, why each false rule is false
    /// and why each tip and group stands as it does.
    public mutating func evaluate(_ store: EventStore, now: Double, explaining: Bool = false) -> EvaluationResult {
        guard prepare(store, now: now) else { return mismatchResult(store, now: now, explaining: explaining) }
        defer { machine.finish() }
        let results = program.tips.indices.map { tip in
            program.tips[tip].rules.indices.map { evaluate(tip: tip, rule: $0, explaining: explaining) }
        }
        let decisions = DisplayPolicy(program: program, store: store, now: now, explaining: explaining)
            .decide(rules: results, holdouts: assignments())
        let widgetResults = program.widgets.indices.map { evaluateWidget($0) }
        return EvaluationResult(now: now, tips: decisions.tips, groups: decisions.groups, widgets: widgetResults)
    }

    /// One rule of one tip at `now`; nil if there is no such rule.
    public mutating func evaluateRule(tip: Int, rule: Int, store: EventStore, now: Double,
                                      explaining: Bool = false) -> RuleResult? {
        guard rules.indices.contains(tip), rules[tip].indices.contains(rule) else { return nil }
        guard prepare(store, now: now) else {
            return RuleResult(index: rule, line: program.tips[tip].rules[rule].line, result: false, error: Self.mismatch)
        }
        defer { machine.finish() }
        return evaluate(tip: tip, rule: rule, explaining: explaining)
    }

    /// One widget's relevance at `now`; nil if there is no such widget.
    public mutating func evaluateWidget(_ widget: Int, store: EventStore, now: Double) -> WidgetResult? {
        guard widgets.indices.contains(widget) else { return nil }
        guard prepare(store, now: now) else {
            return WidgetResult(id: program.widgets[widget].name, score: 0, duration: 0, relevant: false, error: Self.mismatch)
        }
        defer { machine.finish() }
        return evaluateWidget(widget)
    }

    private static let mismatch = "the store was made for a program with other parameters or events"

    /// Prepares the machine for `store` at `now` (one work budget for the call); false when the
    /// store's program has other parameter or event types. Every rule, score and duration the
    /// call evaluates shares the instant: each event's visible rows are found once. Costs a few
    /// stores, whatever the program's size; `machine.finish()` ends the instant.
    mutating func prepare(_ store: EventStore, now: Double) -> Bool {
        guard fits(store) else { return false }
        machine.prepare(store, now: now)
        return true
    }

    /// Whether `store` holds what `program` reads: it was made for `program`, or for a program
    /// with the same parameter and event types.
    @inline(__always)
    mutating func fits(_ store: EventStore) -> Bool {
        store.program === program || store.program === fittingProgram || sameTypes(store.program)
    }

    /// Whether `other` has `program`'s parameter and event types; remembers it if so.
    private mutating func sameTypes(_ other: Program) -> Bool {
        guard StoreSchema(other) == StoreSchema(program) else { return false }
        fittingProgram = other
        return true
    }

    /// One rule at the instant `prepare` began: the fast path (natively when the rule has a
    /// native form); with `explaining`, a false rule runs again in the explain mode to say why.
    mutating func evaluate(tip: Int, rule: Int, explaining: Bool) -> RuleResult {
        let code = rules[tip][rule]
        let line = program.tips[tip].rules[rule].line
        switch machine.decide(code, native: natives[ruleStarts[tip] + rule]) {
        case .success(true):
            return RuleResult(index: rule, line: line, result: true)
        case .success where !explaining:
            return RuleResult(index: rule, line: line, result: false)
        case .success:
            _ = machine.run(code, explaining: code.notes)
            let explanation = Explanation.phrases(for: code.code, observations: machine.observations, notes: code.notes,
                                                  utcOffset: machine.context.utcOffset)
            return RuleResult(index: rule, line: line, result: false, explanation: explanation)
        case .failure(let failure):
            return RuleResult(index: rule, line: line, result: false, error: failure.description)
        }
    }

    /// A widget whose score or duration fails, or is negative or not finite, is not relevant at
    /// all: score and duration 0, with the error.
    mutating func evaluateWidget(_ index: Int) -> WidgetResult {
        let name = program.widgets[index].name
        let widget = widgets[index]
        let score = Self.usable(machine.number(widget.score, native: widget.nativeScore), "score")
        let duration = Self.usable(machine.number(widget.duration, native: widget.nativeDuration), "duration")
        guard case .success(let scoreValue) = score, case .success(let durationValue) = duration else {
            let errors = [score, duration].compactMap { result -> String? in
                if case .failure(let message) = result { return message.text }
                return nil
            }
            return WidgetResult(id: name, score: 0, duration: 0, relevant: false,
                                error: errors.joinedText(separator: "; "))
        }
        return WidgetResult(id: name, score: scoreValue, duration: durationValue, relevant: scoreValue > 0,
                            suggestion: suggestion(of: index))
    }

    /// A score or duration, or why it is not a usable value: evaluation failed, or it is NaN,
    /// an infinity or negative (WidgetKit takes neither a negative score nor a negative duration).
    private static func usable(_ result: Result<UInt64, EvaluationFailure>, _ what: String) -> Result<Double, WidgetValueError> {
        switch result {
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
    private func mismatchResult(_ store: EventStore, now: Double, explaining: Bool) -> EvaluationResult {
        let results = program.tips.map { tip in
            tip.rules.enumerated().map { RuleResult(index: $0, line: $1.line, result: false, error: Self.mismatch) }
        }
        let decisions = DisplayPolicy(program: program, store: store, now: now, explaining: explaining)
            .decide(rules: results, holdouts: Array(repeating: nil, count: program.tips.count))
        let widgets = program.widgets.map {
            WidgetResult(id: $0.name, score: 0, duration: 0, relevant: false, error: Self.mismatch)
        }
        return EvaluationResult(now: now, tips: decisions.tips, groups: decisions.groups, widgets: widgets)
    }
}

/// Evaluates every tip, group and widget of `program` against `store` at `now`, saying why
/// (`explaining`) unless told not to. For repeated evaluations, keep an `Evaluator` instead.
public func evaluate(_ program: Program, store: EventStore, now: Double, explaining: Bool = true) -> EvaluationResult {
    var evaluator = Evaluator(program: program)
    return evaluator.evaluate(store, now: now, explaining: explaining)
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
