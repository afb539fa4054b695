import TipRulesRuntime

/// One tip's lane: its status over time, each change with the sentence that explains it, and
/// the times the app showed it.
struct TipTrack {
    /// What a lane shows for a span of time.
    enum State: Equatable {
        case pendingByRules
        /// Pending although its rules hold: the display frequency (or a display cap) holds it back,
        /// until the instant given when the runtime says.
        case heldBack(until: Double?)
        /// Pending in the holdout arm of its experiment: it would be available in treatment.
        case heldOut
        case available
        case invalidated(reason: String)

        init(_ result: TipResult) {
            switch result.status {
            case .available: self = .available
            case .invalidated: self = .invalidated(reason: result.reason?.rawValue ?? "unknown")
            case .pending where result.pendingReason == .heldOut: self = .heldOut
            case .pending:
                self = [nil, .rules].contains(result.pendingReason) ? .pendingByRules : .heldBack(until: result.pendingUntil)
            }
        }

        /// "pending (rules)", "held back", "available", "invalidated (tipClosed)".
        var name: String {
            switch self {
            case .pendingByRules: return "pending (rules)"
            case .heldBack: return "held back"
            case .heldOut: return "held out"
            case .available: return "available"
            case .invalidated(let reason): return "invalidated (\(reason))"
            }
        }

        /// What a lane writes in the span, then shorter forms for less room: "held back until day 2
        /// 08:00", "held back"; "invalidated (tipClosed)", "tipClosed", "invalidated".
        func labels(_ clock: SimulationClock) -> [String] {
            switch self {
            case .pendingByRules: return [name, "pending"]
            case .heldBack(let until): return (until.map { ["held back until \(clock.label($0))"] } ?? []) + [name]
            case .heldOut, .available: return [name]
            case .invalidated(let reason): return [name, reason, "invalidated"]
            }
        }
    }

    /// A span of one status; `to` is `.infinity` for the last one when the tip stays.
    struct Span {
        var state: State
        var from: Double
        var to: Double
        /// The sentence of the change that began it.
        var why: String
        /// The number of the chart's note that explains the change.
        var note: Int
    }

    /// A time the app showed the tip, and what the person did.
    struct Display {
        var at: Double
        var onScreen: Double
        var answer: TimelineAnswer
        var sentence: String
    }

    /// An exposure in the tip's holdout experiment.
    struct ExposureMark {
        var at: Double
        var arm: HoldoutArm
        var sentence: String
    }

    var tip: String
    var spans: [Span] = []
    var displays: [Display] = []
    var exposures: [ExposureMark] = []

    /// Ends the open span at `at` and begins one of the change's status.
    mutating func change(to result: TipResult, at: Double, why: String, note: Int) {
        end(at: at)
        spans.append(Span(state: State(result), from: at, to: .infinity, why: why, note: note))
    }

    /// Ends the open span at `at` (the tip is gone, or changes).
    mutating func end(at: Double) {
        if let last = spans.indices.last, spans[last].to == .infinity { spans[last].to = at }
    }
}
