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

/// What keeps a `pending` tip from being `available`.
public enum PendingReason: String, Hashable, Sendable {
    /// At least one `#Rule` is false.
    case rules
    /// Its rules hold, but the display frequency holds it back: another tip appeared too recently.
    case displayFrequency
    /// Its rules hold, but one of its `FrequencyCap`s holds it back: it appeared too often lately.
    case frequencyCap
    /// Its rules hold and the display policy would show it, but the unit is in the tip's
    /// holdout arm (`holdout(P, of: ID, group: G)`).
    case heldOut
}

/// The outcome for one tip.
public struct TipResult: Hashable, Sendable {
    public var id: String
    /// The words the program in force gives the tip: its title, its message and its image's
    /// symbol name (nil where the tip has none), so a rules release can change what it says.
    public var title: String
    public var message: String?
    public var image: String?
    /// The texts (and image) the app makes itself: what the program knows of them (the
    /// localization key and default value its call names). An app text's `title` is its
    /// fallback, or empty when the call names neither: never an empty title without this saying so.
    public var appTexts: [TipText: AppText]
    public var status: TipStatus
    public var reason: InvalidationReason?
    /// For a pending tip, what holds it back; nil otherwise.
    public var pendingReason: PendingReason?
    /// For a tip held back by the display frequency, when the frequency lets it go (seconds since 1970).
    public var pendingUntil: Double?
    /// Whether the tip would be shown now: it is `available` and no testing override hides it.
    public var display: Bool
    /// Why the tip has its status and display, for people (e.g. "pending: held back by the daily
    /// display frequency until …").
    public var displayExplanation: String
    /// For each group that presents another member or none, why (e.g. "in group Onboarding,
    /// ShareTip waits for FavoriteBackyardTip, which is pending: …").
    public var groupExplanations: [String]
    public var rules: [RuleResult]
    /// The tip's buttons, in order, for the app to show with it.
    public var actions: [TipAction]

    public init(id: String, title: String = "", message: String? = nil, image: String? = nil,
                appTexts: [TipText: AppText] = [:], status: TipStatus,
                reason: InvalidationReason?, pendingReason: PendingReason? = nil,
                pendingUntil: Double? = nil, display: Bool, displayExplanation: String,
                groupExplanations: [String] = [], rules: [RuleResult], actions: [TipAction] = []) {
        self.id = id
        self.title = title
        self.message = message
        self.image = image
        self.appTexts = appTexts
        self.status = status
        self.reason = reason
        self.pendingReason = pendingReason
        self.pendingUntil = pendingUntil
        self.display = display
        self.displayExplanation = displayExplanation
        self.groupExplanations = groupExplanations
        self.rules = rules
        self.actions = actions
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
    /// The id of the member tip the group presents now, if any.
    public var currentTip: String?
    /// Why the group presents that tip or none, for people.
    public var explanation: String

    public init(id: String, currentTip: String?, explanation: String = "") {
        self.id = id
        self.currentTip = currentTip
        self.explanation = explanation
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
    /// The evaluation error that made the widget irrelevant (score and duration 0), if any.
    public var error: String?
    /// For a widget that declares `suggest { from: to: }` windows: whether it is suggested now.
    public var suggestion: WidgetSuggestion?

    public init(id: String, score: Double, duration: Double, relevant: Bool, error: String? = nil,
                suggestion: WidgetSuggestion? = nil) {
        self.id = id
        self.score = score
        self.duration = duration
        self.relevant = relevant
        self.error = error
        self.suggestion = suggestion
    }
}
