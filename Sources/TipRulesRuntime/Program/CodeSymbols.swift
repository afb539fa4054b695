/// One `#Rule` of a tip: the line of `#Rule` and its code (a `Bool`).
public struct RuleInfo: Hashable, Sendable {
    public var line: Int
    public var code: CodeBlock

    public init(line: Int, code: CodeBlock) {
        self.line = line
        self.code = code
    }
}

/// A declared tip with its options and rules.
public struct TipInfo: Hashable, Sendable {
    public var name: String
    public var id: String
    public var title: String
    public var message: String?
    public var image: String?
    public var options: TipOptions
    public var rules: [RuleInfo]
    /// The tip's buttons, in order (TipKit's `actions`).
    public var actions: [TipAction]
    /// The tip's `holdout(P, of: ID, group: G)`, if it declares one (format version 4).
    public var holdout: Holdout?
    /// The texts (and image) the app makes itself, with what the program knows of each (format
    /// version 5); `title`, `message` and `image` then hold the fallback, or are empty (nil).
    public var appTexts: [TipText: AppText]
    public var line: Int

    public init(name: String, id: String, title: String, message: String? = nil, image: String? = nil,
                options: TipOptions = TipOptions(), rules: [RuleInfo] = [], actions: [TipAction] = [],
                holdout: Holdout? = nil, appTexts: [TipText: AppText] = [:], line: Int) {
        self.name = name
        self.id = id
        self.title = title
        self.message = message
        self.image = image
        self.options = options
        self.rules = rules
        self.actions = actions
        self.holdout = holdout
        self.appTexts = appTexts
        self.line = line
    }
}

/// One of a tip's buttons (TipKit's `Tips.Action(id:title:)`): the app learns which one was
/// tapped by its `id`.
public struct TipAction: Hashable, Sendable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// A tip group: its members (tip indices) in declared order.
public struct GroupInfo: Hashable, Sendable {
    public var name: String
    /// `.ordered` (true) or `.firstAvailable` (false).
    public var ordered: Bool
    /// `.priority`: the available member with the highest `Priority` (the first of equals).
    public var byPriority: Bool
    public var members: [Int]
    public var line: Int

    public init(name: String, ordered: Bool, byPriority: Bool = false, members: [Int], line: Int) {
        self.name = name
        self.ordered = ordered
        self.byPriority = byPriority
        self.members = members
        self.line = line
    }
}

/// A widget's relevance: the code of its score (a `Double`) and of its duration (a `Duration`).
public struct WidgetInfo: Hashable, Sendable {
    public var name: String
    public var line: Int
    public var score: CodeBlock
    public var duration: CodeBlock
    /// The `suggest { from: to: }` windows (Widget Suggestions), in order.
    public var suggestions: [SuggestionInfo]

    public init(name: String, line: Int, score: CodeBlock, duration: CodeBlock, suggestions: [SuggestionInfo] = []) {
        self.name = name
        self.line = line
        self.score = score
        self.duration = duration
        self.suggestions = suggestions
    }
}

/// A widget's `suggest { from: DATE  to: DATE }` block: two `Date` code blocks.
public struct SuggestionInfo: Hashable, Sendable {
    public var from: CodeBlock
    public var to: CodeBlock
    public var line: Int

    public init(from: CodeBlock, to: CodeBlock, line: Int) {
        self.from = from
        self.to = to
        self.line = line
    }
}
