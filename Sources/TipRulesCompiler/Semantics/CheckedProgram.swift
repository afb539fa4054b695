import TipRulesRuntime

/// A whole `.tiprules` file after checking: symbol tables with every name resolved
/// to an index, and a checked expression for every rule, score and duration.
/// This is what code generation consumes.
public struct CheckedProgram: Sendable {
    /// The checked source, for spans → lines.
    public var source: SourceFile
    /// The minimum interval in seconds between two new tips; 0 is `.immediate`.
    public var displayFrequency: Double
    /// Parameters by their identity: `OWNER.NAME` for a parameter a type owns, or `NAME`.
    public var parameters: [ParameterInfo]
    /// Events by their declared name (`OWNER.NAME` or `NAME`).
    public var events: [EventInfo]
    /// Each event's id (`event NAME(id: "…")`, or NAME): what its donations are persisted under,
    /// and its name in the bytecode. Empty until checked; then one per event.
    public var eventIDs: [String] = []
    /// Each event's `donationType: "…"`, the Swift type of its donations (nil: emit-swift's
    /// own name). Empty until checked; then one per event.
    public var eventDonationTypes: [String?] = []
    public var tips: [TipSymbol]
    public var groups: [GroupSymbol]
    public var widgets: [WidgetSymbol]
    /// `configure { app(…) }`: the app the rules are for.
    public var app: String?
    /// `configure { release(…) }`: the release of the rules.
    public var release: Int?
    /// `configure { tipKit(minimumIOS: N) }`: the rules are also written as TipKit Swift
    /// (`emit-swift`) for an app that supports iOS N and later; `check` and the editor then
    /// report what TipKit cannot express.
    public var tipKitMinimumIOS: Int?

    public init(source: SourceFile, displayFrequency: Double = 0, parameters: [ParameterInfo] = [],
                events: [EventInfo] = [], tips: [TipSymbol] = [], groups: [GroupSymbol] = [],
                widgets: [WidgetSymbol] = []) {
        self.source = source
        self.displayFrequency = displayFrequency
        self.parameters = parameters
        self.events = events
        self.tips = tips
        self.groups = groups
        self.widgets = widgets
    }

    /// The id of event `index` (its name when checking left none).
    public func eventID(_ index: Int) -> String {
        index < eventIDs.count ? eventIDs[index] : events[index].name
    }
}

/// `tip NAME { … }`.
public struct TipSymbol: Hashable, Sendable {
    public var name: String
    /// `id:`, or the name.
    public var id: String
    public var title: String
    public var message: String?
    public var image: String?
    public var rules: [CheckedRule]
    public var options: TipOptions
    /// `actions { Action(id:title:) … }`, in order.
    public var actions: [TipAction]
    public var line: Int
    /// `swiftName: "TaggingTips.Date"`: the Swift type emit-swift declares the tip as (in the
    /// enums before the last name); nil: its name.
    public var swiftName: String? = nil
    /// The texts written `supplied` (`title`, `message`, `image`): each place the app shows the
    /// tip gives its own, so the program knows none of them.
    public var suppliedTexts: Set<String> = []
    /// The texts (and image) written `swift("…")`: the app's own Swift makes them, by property
    /// name (`title`, `message`, `image`).
    public var swiftTexts: [String: SwiftText] = [:]
    /// `holdout(P, of: ID, group: G)`, if the tip declares one.
    public var holdout: CheckedHoldout? = nil
}

/// `title: swift("CODE", key: "…", defaultValue: "…")`: a text (or image) the app's own Swift
/// makes, kept as the app wrote it, with what the call names (a localization key, a default value).
public struct SwiftText: Hashable, Sendable {
    /// The Swift that gives the value: an expression (`Text(L10n.Tips.sidebar)`), or the lines of
    /// a getter's body (`#if os(macOS)` branches).
    public var code: String
    public var key: String?
    public var defaultValue: String?

    public init(code: String, key: String? = nil, defaultValue: String? = nil) {
        self.code = code
        self.key = key
        self.defaultValue = defaultValue
    }

    /// What the app shows without a translation: the default value, else the key.
    public var fallback: String? { defaultValue ?? key }
}

/// `holdout(P, of: ID, group: G, goal: E)`: the share, the group, the unit's holdout bucket as a
/// `Double` (0 when ID is empty, else `bucket(of: ID, group: "holdout:" + G)`) and the goals.
public struct CheckedHoldout: Hashable, Sendable {
    public var percent: Int
    public var group: String
    public var bucket: CheckedExpression
    public var line: Int
    /// `goal:`: the events the experiment measures, by index, the primary first (what
    /// `tiprulec measure` takes when no `--goal` is given).
    public var goals: [Int] = []
}

extension TipSymbol {
    /// The Swift type's path: `swiftName` split at its dots, else the name.
    public var swiftPath: [String] {
        swiftName.map { $0.split(separator: ".").map(String.init) } ?? [name]
    }

    /// The Swift type's own name, the last of `swiftPath`: TipKit's default id.
    public var swiftTypeName: String { swiftPath.last ?? name }
}

/// One `#Rule`: its line (of `#Rule`) and its `Bool` body.
public struct CheckedRule: Hashable, Sendable {
    public var line: Int
    public var body: CheckedExpression
}

/// `group NAME(.ordered | .firstAvailable) { TIP, … }`.
public struct GroupSymbol: Hashable, Sendable {
    public var name: String
    public var ordered: Bool
    /// `.priority`: the available member with the highest `Priority` (the first of equals).
    public var byPriority: Bool
    /// Indices into `CheckedProgram.tips`, in declared order.
    public var members: [Int]
    public var line: Int
}

/// `widget NAME { relevance { let … score: … duration: … } }`.
public struct WidgetSymbol: Hashable, Sendable {
    public var name: String
    /// The `let` values in order; `.local(i)` refers to `lets[i]`, which may use earlier lets.
    public var lets: [CheckedExpression]
    /// A `Double` expression (an `Int` score is converted by the checker).
    public var score: CheckedExpression
    /// A `Duration` expression (a constant 0 when not written).
    public var duration: CheckedExpression
    public var line: Int
    /// The `suggest { from: to: }` windows, in order.
    public var suggestions: [CheckedSuggestion] = []
}

/// A widget's `suggest { from: DATE  to: DATE }`: two `Date` expressions over the relevance's lets.
public struct CheckedSuggestion: Hashable, Sendable {
    public var from: CheckedExpression
    public var to: CheckedExpression
    public var line: Int
}
