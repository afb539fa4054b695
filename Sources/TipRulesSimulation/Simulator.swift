import TipRulesRuntime
import TipRulesToolingCore

/// What happened at one step occurrence of a simulation.
public struct SimulationEntry: Sendable {
    public var at: Double
    public var action: TimelineAction
    /// The program the step ran under (for an update, the new program).
    public var program: Program
    /// Status changes the passing of time brought before the step acted (the first entry
    /// reports every tip's initial status here).
    public var changesBefore: [StatusChange]
    /// For a session: the tips the app showed, in declaration order (a group's members only as
    /// its current tip, one new tip per display-frequency period).
    public var shown: [String]
    /// For a session: the group that presented each shown tip that belongs to one, by tip id.
    public var presentedBy: [String: String]
    /// For a session: the exposures it recorded in holdout experiments (a treatment's first
    /// display, a held-out tip it would have presented).
    public var exposures: [Exposure] = []
    /// For a launch: the transient parameters it returned to their defaults.
    public var resets: [ParameterReset]
    /// For an update: the state the new program could not take over.
    public var carryOverProblems: [CarryOverProblem]
    /// Status changes the step itself caused (after an update: every tip, from no status).
    public var changesAfter: [StatusChange]
    /// For each tip that became available at this step (by id): the comparisons that make each
    /// of its true rules hold, by rule index.
    public var heldComparisons: [String: [Int: [HeldComparison]]]
    /// Every widget's relevance after the step.
    public var widgets: [WidgetResult]
    /// The groups whose current tip time changed before the step acted (the first entry reports
    /// every group here), and those the step changed (after an update: every group).
    public var groupChangesBefore: [GroupChange]
    public var groupChangesAfter: [GroupChange]

    public init(at: Double, action: TimelineAction, program: Program, changesBefore: [StatusChange], shown: [String],
                presentedBy: [String: String], resets: [ParameterReset], carryOverProblems: [CarryOverProblem],
                changesAfter: [StatusChange], heldComparisons: [String: [Int: [HeldComparison]]], widgets: [WidgetResult],
                groupChangesBefore: [GroupChange], groupChangesAfter: [GroupChange], exposures: [Exposure] = []) {
        self.at = at
        self.action = action
        self.program = program
        self.changesBefore = changesBefore
        self.shown = shown
        self.presentedBy = presentedBy
        self.exposures = exposures
        self.resets = resets
        self.carryOverProblems = carryOverProblems
        self.changesAfter = changesAfter
        self.heldComparisons = heldComparisons
        self.widgets = widgets
        self.groupChangesBefore = groupChangesBefore
        self.groupChangesAfter = groupChangesAfter
    }
}

/// A group's current tip changed: it presents `to` (nil: no tip) instead of `from`.
public struct GroupChange: Hashable, Sendable {
    public var group: String
    /// Nil when the group is reported for the first time (the start, an update).
    public var from: String??
    public var to: String?
}

/// The outcome of a simulation: one entry per step occurrence, the evaluations asked for at
/// checkpoints, and the final state.
public struct SimulationLog: Sendable {
    public var timeline: Timeline
    /// The program the timeline starts under (its starting state belongs to it).
    public var program: Program
    public var entries: [SimulationEntry]
    /// One evaluation per checkpoint instant given to `Simulator.run`, in the order given.
    public var checkpoints: [SimulationCheckpoint]
    /// The engine's state after the last step; saved as a fixture it evaluates, with `eval`,
    /// to what the simulation decided.
    public var finalStore: EventStore
}

/// The engine's decisions at a checkpoint instant, under the program in effect then.
public struct SimulationCheckpoint: Sendable {
    public var program: Program
    public var result: EvaluationResult
}

/// Runs a timeline through `TipEngine`, the same engine an app uses.
public enum Simulator {
    /// Runs `timeline` over `program`; fails only if the engine refuses a step. At each of
    /// `checkpoints` (instants), the engine is advanced to it and evaluated, with explanations,
    /// after every step at or before that instant.
    public static func run(_ timeline: Timeline, program: Program, checkpoints: [Double] = []) throws -> SimulationLog {
        var meter = RunWorkMeter(RunBudget())
        return try run(timeline, program: program, checkpoints: checkpoints, meter: &meter)
    }

    /// `run(_:program:checkpoints:)` charging every evaluation to `meter`'s run budget: throws its
    /// `exhaustion` after the step that spends it.
    static func run(_ timeline: Timeline, program: Program, checkpoints: [Double] = [],
                    meter: inout RunWorkMeter) throws -> SimulationLog {
        var engine = TipEngine(store: try timeline.state.makeStore(for: program))
        var evaluator = Evaluator(program: program)
        var presenting: [String: String?]?
        /// The work of the explaining evaluators of earlier programs.
        var earlierEvaluators = 0
        let startingWork = meter.charged
        var entries: [SimulationEntry] = []
        var pending = checkpoints.indices.sorted { checkpoints[$0] < checkpoints[$1] }[...]
        var results = [SimulationCheckpoint?](repeating: nil, count: checkpoints.count)
        func evaluateCheckpoints(before instant: Double?) {
            while let next = pending.first, instant.map({ checkpoints[next] < $0 }) ?? true {
                engine.advance(to: checkpoints[next])
                results[next] = SimulationCheckpoint(program: engine.program, result: engine.evaluation(at: checkpoints[next], explaining: true).result)
                pending.removeFirst()
            }
        }
        for (at, step) in timeline.occurrences {
            evaluateCheckpoints(before: at)
            let before = engine.statusChanges(at: at)
            let groupsBefore = groupChanges(engine.evaluation(at: at).result.groups, since: &presenting)
            var held = heldComparisons(for: before, engine: engine, evaluator: &evaluator, at: at)
            let exposuresBefore = engine.store.exposures
            let outcome = try apply(step.action, at: at, to: &engine)
            if case .update = step.action {
                earlierEvaluators += evaluator.workDone
                evaluator = Evaluator(program: engine.program)
            }
            let after = engine.statusChanges(at: at)
            held.merge(heldComparisons(for: after, engine: engine, evaluator: &evaluator, at: at)) { _, new in new }
            if case .update = step.action { presenting = nil }
            let groupsAfter = groupChanges(engine.evaluation(at: at).result.groups, since: &presenting)
            entries.append(SimulationEntry(at: at, action: step.action, program: engine.program, changesBefore: before,
                                           shown: outcome.shown, presentedBy: outcome.presentedBy, resets: outcome.resets,
                                           carryOverProblems: outcome.problems, changesAfter: after, heldComparisons: held,
                                           widgets: engine.widgets(at: at), groupChangesBefore: groupsBefore,
                                           groupChangesAfter: groupsAfter,
                                           exposures: engine.store.exposures.filter { !exposuresBefore.contains($0) }))
            try meter.update(total: startingWork + engine.workDone + earlierEvaluators + evaluator.workDone)
        }
        evaluateCheckpoints(before: nil)
        try meter.update(total: startingWork + engine.workDone + earlierEvaluators + evaluator.workDone)
        return SimulationLog(timeline: timeline, program: program, entries: entries, checkpoints: results.compactMap { $0 },
                             finalStore: engine.store)
    }

    /// The groups whose current tip differs from `presenting` (every group when it is nil), which
    /// becomes what they present now.
    private static func groupChanges(_ groups: [GroupResult], since presenting: inout [String: String?]?) -> [GroupChange] {
        let before = presenting
        presenting = Dictionary(groups.map { ($0.id, $0.currentTip) }, uniquingKeysWith: { first, _ in first })
        return groups.compactMap { group in
            guard let before else { return GroupChange(group: group.id, from: nil, to: group.currentTip) }
            let old = before[group.id] ?? nil
            return old == group.currentTip ? nil : GroupChange(group: group.id, from: .some(old), to: group.currentTip)
        }
    }

    /// The values behind the true rules of the tips that became available (not of a tip's first
    /// report, at the start or after an update: nothing changed).
    private static func heldComparisons(for changes: [StatusChange], engine: TipEngine, evaluator: inout Evaluator,
                                        at date: Double) -> [String: [Int: [HeldComparison]]] {
        var held: [String: [Int: [HeldComparison]]] = [:]
        for change in changes where change.newStatus == .available && ![nil, .available].contains(change.oldStatus) {
            guard let tip = engine.program.tipIndex(named: change.tip) else { continue }
            for rule in change.result.rules where rule.result {
                held[change.tip, default: [:]][rule.index] =
                    evaluator.heldComparisons(tip: tip, rule: rule.index, store: engine.store, now: date)
            }
        }
        return held
    }

    /// Applies one action; returns the tips a session showed (with the group presenting each
    /// grouped one), the parameters a launch reset and what an update could not carry over.
    static func apply(_ action: TimelineAction, at date: Double, to engine: inout TipEngine) throws
        -> (shown: [String], presentedBy: [String: String], resets: [ParameterReset], problems: [CarryOverProblem]) {
        switch action {
        case .donate(let event, let fields):
            try engine.donate(event: event, fields: fields, at: date)
        case .setParameters(let values):
            for (index, value) in values { try engine.setParameter(index, value) }
        case .session(let onScreen, let answer):
            let shown = engine.tipsToDisplay(at: date)
            let presentedBy = presenters(of: shown, in: engine.program, groups: engine.evaluation(at: date).result.groups)
            try show(shown, at: date, onScreen: onScreen, answer: answer, on: &engine)
            return (shown, presentedBy, [], [])
        case .launch:
            return ([], [:], engine.appLaunched(), [])
        case .update(let update):
            return ([], [:], [], engine.update(to: update.program))
        case .observe:
            break
        }
        return ([], [:], [], [])
    }

    /// A session's displays: each of `shown` (what `tipsToDisplay(at:)` gave) on screen for
    /// `onScreen` seconds, then the person's answer.
    static func show(_ shown: [String], at date: Double, onScreen: Double, answer: TimelineAnswer, on engine: inout TipEngine) throws {
        for tip in shown {
            try engine.recordDisplay(tip: tip, at: date, duration: onScreen)
            switch answer {
            case .closed: try engine.close(tip: tip)
            case .performedAction: try engine.performAction(tip: tip)
            case .ignored: break
            }
        }
    }

    /// The group that presents each shown tip that belongs to a group: one whose current tip it
    /// is, else (when the display frequency moved a group on to it) the first that holds it.
    private static func presenters(of shown: [String], in program: Program, groups: [GroupResult]) -> [String: String] {
        var presentedBy: [String: String] = [:]
        for tip in shown {
            guard let index = program.tipIndex(named: tip) else { continue }
            let holding = program.groups.filter { $0.members.contains(index) }.map(\.name)
            presentedBy[tip] = groups.first { $0.currentTip == tip }?.id ?? holding.first
        }
        return presentedBy
    }
}
