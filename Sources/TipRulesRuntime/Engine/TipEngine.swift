/// A stateful TipKit-like engine over one program: it keeps the event store, answers which tips
/// display and why, records what the person did with a tip, and reports status changes.
/// Every decision comes from `Evaluator` (and so from the display policy); the engine records
/// state and keeps the latest results, evaluating again after an operation only the rules that
/// read what changed (docs/runtime.md, "Incremental evaluation").
///
/// ```swift
/// var engine = TipEngine(program: program)
/// try engine.setParameter("isLoggedIn", .bool(true))
/// try engine.donate(event: "enteredBackyardDetailView", fields: ["backyardID": .int(7)], at: now)
/// for tip in engine.tipsToDisplay(at: now) { try engine.recordDisplay(tip: tip, at: now, duration: 12) }
/// ```
///
/// Methods taking a name accept a tip's name or id; the `Int` overloads take indices from the
/// program's symbol tables.
public struct TipEngine {
    /// The state the engine keeps; evaluate it with `eval` or save it as a fixture.
    public package(set) var store: EventStore
    var evaluator: Evaluator
    /// The work of the evaluators of earlier programs (see `workDone`).
    var workOfEarlierPrograms = 0
    /// Each tip's status, pending reason and display at the last `statusChanges(at:)`; nil
    /// before the first.
    var observed: [Observed]?
    /// Every rule's and widget's latest result, and each tip's latest decision: what the engine
    /// evaluates again after an operation (see `TipEngine+Incremental.swift`).
    var results: ResultCache
    var decisions: TipDecisions
    /// The callbacks of `observeStatusChanges(_:)`.
    let observers = StatusObservers()
    /// The latest instant the engine was told of (an operation's date, `advance(to:)`,
    /// `statusChanges(at:)`): where observers are told what changed after an operation that
    /// carries no date. Nil until the first.
    public package(set) var clock: Double?

    /// The program the engine runs.
    public var program: Program { store.program }

    /// An engine for a fresh person: parameters at their defaults, no donations, no displays.
    public init(program: Program) {
        self.init(store: EventStore(program: program))
    }

    /// An engine that continues from a saved store.
    public init(store: EventStore) {
        self.store = store
        evaluator = Evaluator(program: store.program)
        results = ResultCache(program: store.program)
        decisions = TipDecisions(count: store.program.tips.count)
    }

    // MARK: - Questions

    /// Every tip, group and widget at `now` (seconds since 1970); with `explaining`, why each
    /// stands as it does (see `Evaluator`). Records the exposure of each tip with a holdout that
    /// displays, or in its holdout arm would display (`evaluation(at:explaining:)` answers without
    /// recording).
    public mutating func evaluate(at now: Double, explaining: Bool = false) -> EvaluationResult {
        let evaluation = evaluation(at: now, explaining: explaining)
        for exposure in evaluation.exposures { recordExposure(exposure) }
        return evaluation.result
    }

    /// What `evaluate(at:explaining:)` answers, and the exposures it would record (none already
    /// recorded for their tip and group). Records nothing.
    public mutating func evaluation(at now: Double, explaining: Bool = false) -> (result: EvaluationResult, exposures: [Exposure]) {
        (result(at: now, explaining: explaining), exposuresOfEveryTip(at: now))
    }

    /// One tip's status, with the reason, at `now`; records the tip's exposure when it displays,
    /// or in its holdout arm would display.
    public mutating func status(ofTip name: String, at now: Double) throws -> TipResult {
        try status(ofTip: tipIndex(name), at: now)
    }

    /// One tip's status, with the reason, at `now`; the index must name a tip.
    public mutating func status(ofTip index: Int, at now: Double) throws -> TipResult {
        guard program.tips.indices.contains(index) else { throw EngineError.noSuchTip("#\(index)") }
        let tip = result(at: now, explaining: true).tips[index]
        if program.tips[index].holdout != nil, standings(at: now)[index].displaysInTreatment {
            for exposure in exposures(ofPresented: [index], at: now) { recordExposure(exposure) }
        }
        return tip
    }

    /// The ids of the tips to show at `now`, in declaration order, each decided as if the ones
    /// before it had been shown: once a tip that never displayed is in the list, the display
    /// frequency holds back the other new tips, and a group presents one tip. Recording a display
    /// of each (`recordDisplay(tip:at:duration:)`) obeys the frequency. A tip's own `display`
    /// (`evaluate(at:)`) says whether it may show, on its own.
    ///
    /// A held-out tip (`holdout(…)`) that the session would have presented were the person in
    /// treatment of that tip (and in their own arms of the others) is not shown and takes no
    /// place in its groups. The exposures of the tips with a holdout that the session shows, or
    /// would have shown, are recorded (once per tip and holdout group); `presentation(at:)`
    /// answers without recording.
    public mutating func tipsToDisplay(at now: Double) -> [String] {
        let presented = presentation(at: now)
        for exposure in presented.exposures { recordExposure(exposure) }
        return presented.tips
    }

    /// What a session at `now` presents: the ids of the tips to show (`tipsToDisplay(at:)`) and
    /// the exposures it would record, of the tips with a holdout it shows (treatment) or would
    /// have presented (holdout) that have none yet. Records nothing.
    public mutating func presentation(at now: Double) -> Presentation {
        let (shown, heldOut) = session(at: now)
        return Presentation(tips: shown.map { program.tips[$0].id }, exposures: exposures(ofPresented: shown + heldOut, at: now))
    }

    /// The id of the tip a group presents at `now`, if any. Records the exposure of the tip it
    /// presents, and of each held-out member it would have presented were the person in
    /// treatment of that member.
    public mutating func currentTip(ofGroup name: String, at now: Double) throws -> String? {
        guard let index = program.groupIndex(named: name) else { throw EngineError.noSuchGroup(name) }
        let current = result(at: now, explaining: false).groups[index].currentTip
        if evaluator.hasHoldouts {
            let standings = standings(at: now)
            let policy = DisplayPolicy(program: program, store: store, now: now, explaining: false)
            let presented = (current.flatMap(program.tipIndex(named:)).map { [$0] } ?? [])
                + policy.heldOutMembersPresented(in: program.groups[index]) { standings[$0] }
            for exposure in exposures(ofPresented: presented, at: now) { recordExposure(exposure) }
        }
        return current
    }

    /// Every tip, group and widget at `now`, recording nothing.
    private mutating func result(at now: Double, explaining: Bool) -> EvaluationResult {
        evaluateIncrementally(at: now, explaining: explaining) ?? evaluator.evaluate(store, now: now, explaining: explaining)
    }

    // MARK: - Parameters

    /// Sets a parameter by name; the value must have its declared type.
    public mutating func setParameter(_ name: String, _ value: ScalarValue) throws {
        guard let index = program.parameterIndex(named: name) else { throw EngineError.noSuchParameter(name) }
        try setParameter(index, value)
    }

    /// Sets a parameter by index; the value must have its declared type.
    public mutating func setParameter(_ index: Int, _ value: ScalarValue) throws {
        defer { notifyObservers() }
        do { try store.setParameter(index, value) } catch let error as StoreError { throw EngineError.store(error) }
        parameterChanged(index)
    }

    /// The tip index of a name or id.
    func tipIndex(_ name: String) throws -> Int {
        guard let index = program.tipIndex(named: name) else { throw EngineError.noSuchTip(name) }
        return index
    }
}
