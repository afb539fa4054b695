import TipRulesRuntime
import TipRulesToolingCore

/// A simulated person over time (`docs/simulate.md`): a starting state and time-stamped steps.
public struct Timeline: Sendable {
    /// The starting state (a fixture), already validated against the program.
    public var state: Fixture
    /// Day 1 starts at the UTC midnight of this instant (the first step, unless the timeline
    /// gives "start").
    public var start: Double
    /// The steps, each repeated as it says, in the order of their instants (steps at the same
    /// instant in the order they are written). A repeated step that runs across a rules update
    /// is split in two, each part decoded for the program it runs under.
    public var steps: [TimelineStep]

    public init(state: Fixture, start: Double, steps: [TimelineStep]) {
        self.state = state
        self.start = start
        self.steps = steps
    }

    /// Every step occurrence, repetitions expanded, in time order.
    public var occurrences: [(at: Double, step: TimelineStep)] {
        let all = steps.enumerated().flatMap { order, step in
            (0..<step.times).map { (at: step.at + Double($0) * step.every, order: order, step: step) }
        }
        return all.sorted { ($0.at, $0.order) < ($1.at, $1.order) }.map { ($0.at, $0.step) }
    }
}

/// One step of a timeline, at `at` and then every `every` seconds, `times` times in all.
public struct TimelineStep: Sendable {
    public var at: Double
    public var every: Double
    public var times: Int
    public var action: TimelineAction

    public init(at: Double, every: Double = 0, times: Int = 1, action: TimelineAction) {
        self.at = at
        self.every = every
        self.times = times
        self.action = action
    }
}

/// What happens at a step.
public enum TimelineAction: Sendable {
    /// A donation of an event (fields in declared order).
    case donate(event: Int, fields: [ScalarValue])
    /// Parameter values.
    case setParameters([(index: Int, value: ScalarValue)])
    /// The app asks which tips to show; each shown tip stays on screen `onScreen` seconds and
    /// the person answers.
    case session(onScreen: Double, answer: TimelineAnswer)
    /// The app launches: transient parameters return to their defaults.
    case launch
    /// Only look: the log records status changes and widget relevance at this instant.
    case observe
    /// A rules update: the engine switches to another program (`TipEngine.update(to:)`).
    case update(TimelineUpdate)
}

/// A rules update delivered mid-timeline: the new program and the path the timeline gave for it.
public struct TimelineUpdate: Sendable {
    /// As written in the timeline (relative to the timeline file).
    public var path: String
    public var program: Program

    public init(path: String, program: Program) {
        self.path = path
        self.program = program
    }
}

/// What the person does with a tip they were shown.
public enum TimelineAnswer: String, Sendable, CaseIterable {
    case closed, performedAction, ignored
}
