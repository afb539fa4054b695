import TipRulesRuntime

/// What happened at one step occurrence of a simulation.
public struct SimulationEntry: Sendable {
    public var at: Double
    public var action: TimelineAction
    /// Status changes the passing of time brought before the step acted (the first entry
    /// reports every tip's initial status here).
    public var changesBefore: [StatusChange]
    /// For a session: the tips the app showed, in declaration order.
    public var shown: [String]
    /// For a launch: the transient parameters it returned to their defaults.
    public var resets: [ParameterReset]
    /// Status changes the step itself caused.
    public var changesAfter: [StatusChange]
    /// Every widget's relevance after the step.
    public var widgets: [WidgetResult]
}

/// The outcome of a simulation: one entry per step occurrence and the final state.
public struct SimulationLog: Sendable {
    public var timeline: Timeline
    public var entries: [SimulationEntry]
    /// The engine's state after the last step; saved as a fixture it evaluates, with `eval`,
    /// to what the simulation decided.
    public var finalStore: EventStore
}

/// Runs a timeline through `TipEngine`, the same engine an app uses.
public enum Simulator {
    /// Runs `timeline` over `program`; fails only if the engine refuses a step.
    public static func run(_ timeline: Timeline, program: Program) throws -> SimulationLog {
        var engine = TipEngine(store: try timeline.state.makeStore(for: program))
        var entries: [SimulationEntry] = []
        for (at, step) in timeline.occurrences {
            let before = engine.statusChanges(at: at)
            let outcome = try apply(step.action, at: at, to: &engine)
            let after = engine.statusChanges(at: at)
            entries.append(SimulationEntry(at: at, action: step.action, changesBefore: before, shown: outcome.shown,
                                           resets: outcome.resets, changesAfter: after, widgets: engine.evaluate(at: at).widgets))
        }
        return SimulationLog(timeline: timeline, entries: entries, finalStore: engine.store)
    }

    /// Applies one action; returns the tips a session showed and the parameters a launch reset.
    private static func apply(_ action: TimelineAction, at date: Double,
                              to engine: inout TipEngine) throws -> (shown: [String], resets: [ParameterReset]) {
        switch action {
        case .donate(let event, let fields):
            try engine.donate(event: event, fields: fields, at: date)
        case .setParameters(let values):
            for (index, value) in values { try engine.setParameter(index, value) }
        case .session(let onScreen, let answer):
            let shown = engine.tipsToDisplay(at: date)
            for tip in shown {
                try engine.recordDisplay(tip: tip, at: date, duration: onScreen)
                switch answer {
                case .closed: try engine.close(tip: tip)
                case .performedAction: try engine.performAction(tip: tip)
                case .ignored: break
                }
            }
            return (shown, [])
        case .launch:
            return ([], engine.appLaunched())
        case .observe:
            break
        }
        return ([], [])
    }
}
