import TipRulesRuntime

/// The people of a rehearsal (docs/simulate.md, "Rehearsals"): when they start, what they do
/// (each event, app session and launch a Poisson process with a rate per day), and the tip's true
/// effect on a goal event's rate in treatment after the exposure. Each person's timeline is drawn
/// as it runs, so it can depend on their arm and exposure.
public struct RehearsalScenario: Sendable {
    /// People start at a uniformly drawn whole second of this range (seconds since 1970).
    public var arrivals: ClosedRange<Double>
    /// Every person's timeline ends here: the rows are what their device exports at this instant.
    public var until: Double
    /// The `String` parameter set to the person's ID when they start.
    public var idParameter: Int
    /// Person number k (from 1) has the ID `idPrefix + k`.
    public var idPrefix: String
    /// Other parameter values set when a person starts.
    public var parameters: [(index: Int, value: ScalarValue)]
    /// What people do, each at its rate.
    public var activities: [Activity]
    public var effect: Effect?
    /// The seed of the draws when the command line gives none.
    public var seed: UInt64

    /// One Poisson process of a person's timeline.
    public struct Activity: Sendable {
        /// Occurrences per day.
        public var perDay: Double
        public var kind: Kind
    }

    /// What an activity's occurrence does.
    public enum Kind: Sendable {
        /// A donation of the event, with these fields.
        case donate(event: Int, fields: [ScalarValue])
        /// A session: the shown tips stay on screen `onScreen` seconds; the person closes them
        /// with probability `closed`, performs their action with `performedAction`, else ignores them.
        case session(onScreen: Double, closed: Double, performedAction: Double)
        /// The app launches (transient parameters reset).
        case launch
    }

    /// The tip's true effect: in treatment, from the exposure of `tip` in its holdout group for
    /// `lasts` seconds, the goal event's rate is multiplied by 1 + `lift`.
    public struct Effect: Sendable {
        /// The tip, by index in the program (it has a holdout).
        public var tip: Int
        /// The activity whose rate changes (a donation of the goal event).
        public var activity: Int
        public var lift: Double
        public var lasts: Double
    }
}
