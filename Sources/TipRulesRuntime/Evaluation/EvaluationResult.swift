/// What one evaluation at one instant decided for every tip, group and widget.
public struct EvaluationResult: Hashable, Sendable {
    /// The evaluation instant, seconds since 1970.
    public var now: Double
    public var tips: [TipResult]
    public var groups: [GroupResult]
    public var widgets: [WidgetResult]

    public init(now: Double, tips: [TipResult], groups: [GroupResult], widgets: [WidgetResult]) {
        self.now = now
        self.tips = tips
        self.groups = groups
        self.widgets = widgets
    }
}

/// A tip's status as TipKit reports it.
public enum TipStatus: String, Hashable, Sendable {
    case available, pending, invalidated
}

/// The outcome for one tip.
public struct TipResult: Hashable, Sendable {
    public var id: String
    public var status: TipStatus
    public var reason: InvalidationReason?
    /// Whether the tip would be shown now.
    public var display: Bool
    /// Why `display` is what it is, for people (e.g. "held back by the daily display frequency").
    public var displayExplanation: String
    public var rules: [RuleResult]

    public init(id: String, status: TipStatus, reason: InvalidationReason?, display: Bool,
                displayExplanation: String, rules: [RuleResult]) {
        self.id = id
        self.status = status
        self.reason = reason
        self.display = display
        self.displayExplanation = displayExplanation
        self.rules = rules
    }
}

/// The outcome of one `#Rule`.
public struct RuleResult: Hashable, Sendable {
    public var index: Int
    /// The source line of the `#Rule`.
    public var line: Int
    public var result: Bool
    /// The evaluation error (overflow, division by zero …) that made the rule false, if any.
    public var error: String?
    /// For a false rule: the comparisons and values that made it false, one phrase each,
    /// e.g. "donations within 5 days, largest group by backyardID: count 2, needs >= 3".
    public var explanation: [String]

    public init(index: Int, line: Int, result: Bool, error: String? = nil, explanation: [String] = []) {
        self.index = index
        self.line = line
        self.result = result
        self.error = error
        self.explanation = explanation
    }
}

/// The outcome for one tip group.
public struct GroupResult: Hashable, Sendable {
    public var id: String
    /// The id of the member tip that displays now, if any.
    public var currentTip: String?

    public init(id: String, currentTip: String?) {
        self.id = id
        self.currentTip = currentTip
    }
}

/// A widget's relevance at now.
public struct WidgetResult: Hashable, Sendable {
    public var id: String
    public var score: Double
    /// Seconds.
    public var duration: Double
    /// `score > 0`.
    public var relevant: Bool
    /// The evaluation error that made the score 0, if any.
    public var error: String?

    public init(id: String, score: Double, duration: Double, relevant: Bool, error: String? = nil) {
        self.id = id
        self.score = score
        self.duration = duration
        self.relevant = relevant
        self.error = error
    }
}
