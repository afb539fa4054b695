import TipRulesCompiler

/// LSP `CompletionItemKind`s the server uses.
enum CompletionItemKind: Int {
    case method = 2, function = 3, field = 5, variable = 6, `class` = 7, module = 9, property = 10
    case keyword = 14, enumMember = 20, `struct` = 22, event = 23
}

/// The type a built-in member gives.
enum MemberResult: Equatable {
    case bool, int, string, date, duration, donations, optionalDonation
    /// The type of the field its key path argument names (`sum(of:)`), optional for `min(of:)`/`max(of:)`.
    case keyPathField(optional: Bool)

    /// The type, for a base of donations of `event` and a key path argument naming a field of `field` type.
    func type(event: Int?, field: ValueType?) -> ValueType? {
        switch self {
        case .bool: return .bool
        case .int: return .int
        case .string: return .string
        case .date: return .date
        case .duration: return .duration
        case .donations: return event.map { .donations(event: $0) }
        case .optionalDonation: return event.map { .optional(.donation(event: $0)) }
        case .keyPathField(let optional): return field.map { optional ? .optional($0) : $0 }
        }
    }
}

/// One built-in word of the language: how it is written, what it means, and for
/// members the type it gives. Hover shows the signature and documentation;
/// completion offers the name.
struct ReferenceEntry {
    let name: String
    let signature: String
    let documentation: String
    let kind: CompletionItemKind
    var result: MemberResult?

    /// Hover text: the signature as Swift, then the documentation.
    var markdown: String { Markdown.hover(signature: signature, documentation) }
}

/// Markdown for hovers and completion documentation.
enum Markdown {
    /// A Swift code block with `signature`, then `text`.
    static func hover(signature: String, _ text: String) -> String {
        "```swift\n\(signature)\n```" + (text.isEmpty ? "" : "\n\(text)")
    }

    /// `text` on one line, white space collapsed, cut to `limit` characters with `…`.
    static func abbreviated(_ text: String, limit: Int = 80) -> String {
        let head = text.prefix(4 * limit)
        let words = head.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count <= limit && head.endIndex == text.endIndex ? words : words.prefix(limit - 1) + "…"
    }
}

/// The built-in words of `.tiprules`: keywords, tip properties, options, members and implicit members.
enum LanguageReference {
    static func entry(_ name: String, in entries: [ReferenceEntry]) -> ReferenceEntry? {
        entries.first { $0.name == name }
    }

    static let declarationKeywords = [
        ReferenceEntry(name: "parameter", signature: "parameter NAME: TYPE = DEFAULT",
                       documentation: "Declares a parameter, a value the app sets (TipKit's `@Parameter`). TYPE is `Bool`, `Int`, `Double`, `String` or `Date`; rules see the default until the app sets a value.",
                       kind: .keyword),
        ReferenceEntry(name: "transient", signature: "transient parameter NAME: TYPE = DEFAULT",
                       documentation: "Declares a transient parameter (TipKit's `@Parameter(.transient)`): its value is not persisted and returns to its default on each app launch.",
                       kind: .keyword),
        ReferenceEntry(name: "event", signature: "event NAME(FIELD: TYPE, …) limit(maximumCount: N, maximumAge: DURATION)",
                       documentation: "Declares an event the app donates (TipKit's `Tips.Event`). Every donation has `date: Date` and the declared fields; rules see the 1000 most recent donations unless `limit(…)` says otherwise.",
                       kind: .keyword),
        ReferenceEntry(name: "tip", signature: "tip NAME { title: \"…\" … }",
                       documentation: "Declares a tip: `title:` (required), `message:`, `image:`, `id:`, any number of `#Rule`s, which must all hold, and at most one `options { … }`.",
                       kind: .keyword),
        ReferenceEntry(name: "group", signature: "group NAME(.ordered) { TIP, … }",
                       documentation: "Declares a tip group (TipKit's `TipGroup`); only its current tip displays. `.firstAvailable`, the default, shows the first available tip; `.ordered` shows the first tip that is not invalidated, once it is available.",
                       kind: .keyword),
        ReferenceEntry(name: "widget", signature: "widget NAME { relevance { score: … duration: … } }",
                       documentation: "Declares a widget's relevance: a `score` (0 or less means not relevant) and how long it holds.",
                       kind: .keyword),
        ReferenceEntry(name: "configure", signature: "configure { displayFrequency(.daily) }",
                       documentation: "The display configuration (TipKit's `Tips.configure`); at most one per file.",
                       kind: .keyword),
    ]

    static let blockKeywords = [
        ReferenceEntry(name: "#Rule", signature: "#Rule(Self.$parameter, Self.event, …) { BODY }",
                       documentation: "A rule of the tip. BODY is a `Bool` expression in which `$0`, `$1`, … are the inputs in order: a parameter's value, or an event, whose donations are `$0.donations`. A tip displays only when all its rules hold.",
                       kind: .keyword),
        ReferenceEntry(name: "options", signature: "options { Tips.MaxDisplayCount(5) … }",
                       documentation: "The tip's options, one per line: `MaxDisplayCount(Int)`, `IgnoresDisplayFrequency(Bool)` and `MaxDisplayDuration(seconds or duration)`; the `Tips.` prefix is optional.",
                       kind: .keyword),
        ReferenceEntry(name: "relevance", signature: "relevance { let NAME = EXPR  score: EXPR  duration: EXPR }",
                       documentation: "The widget's relevance at now: `score:` (required) and `duration:`, after any `let` lines.",
                       kind: .keyword),
        ReferenceEntry(name: "suggest", signature: "suggest { from: Date  to: Date }",
                       documentation: "A Widget Suggestions window (`INDateRelevanceProvider(start:end:)`): the widget is suggested while `from <= now <= to`. The relevance's `let`s are in scope.",
                       kind: .keyword),
        ReferenceEntry(name: "limit", signature: "limit(maximumCount: Int, maximumAge: Duration)",
                       documentation: "Which donations of the event rules see: at most the `maximumCount` most recent (TipKit's default is 1000), none older than `maximumAge`. Either may be left out.",
                       kind: .keyword),
        ReferenceEntry(name: "let", signature: "let NAME = EXPR",
                       documentation: "Names a value for the relevance lines after it.", kind: .keyword),
    ]

    static let tipProperties = [
        ReferenceEntry(name: "title", signature: "title: String", documentation: "The tip's title, the text people see. Required.", kind: .property),
        ReferenceEntry(name: "message", signature: "message: String", documentation: "The tip's message, shown under the title.", kind: .property),
        ReferenceEntry(name: "image", signature: "image: String", documentation: "The name of the symbol shown with the tip.", kind: .property),
        ReferenceEntry(name: "id", signature: "id: String", documentation: "The tip's identifier in the store; the tip's name when left out.", kind: .property),
    ]

    static let relevanceEntries = [
        ReferenceEntry(name: "score", signature: "score: Double",
                       documentation: "How relevant the widget is now; an `Int` is converted. A score of 0 or less means not relevant: the system will not rotate to the widget.",
                       kind: .property),
        ReferenceEntry(name: "duration", signature: "duration: Duration",
                       documentation: "How long the relevance holds: a duration or a number of seconds; 0 when left out.", kind: .property),
    ]

    static let suggestEntries = [
        ReferenceEntry(name: "from", signature: "from: Date", documentation: "When the suggestion window starts.", kind: .property),
        ReferenceEntry(name: "to", signature: "to: Date", documentation: "When the suggestion window ends (not before `from`).", kind: .property),
    ]

    static let options = [
        ReferenceEntry(name: "MaxDisplayCount", signature: "Tips.MaxDisplayCount(_ count: Int)",
                       documentation: "Invalidates the tip (`displayCountExceeded`) once it has displayed this many times.", kind: .property),
        ReferenceEntry(name: "IgnoresDisplayFrequency", signature: "Tips.IgnoresDisplayFrequency(_ ignores: Bool)",
                       documentation: "With `true`, the tip displays as soon as it is available, whatever the display frequency.", kind: .property),
        ReferenceEntry(name: "MaxDisplayDuration", signature: "Tips.MaxDisplayDuration(_ duration: Duration)",
                       documentation: "Invalidates the tip (`displayDurationExceeded`) once it has displayed this long in total: a duration or a number of seconds.",
                       kind: .property),
    ]

    static let configuration = [
        ReferenceEntry(name: "displayFrequency", signature: "displayFrequency(_ frequency: DisplayFrequency)",
                       documentation: "The least time between two new tips appearing: `.immediate` (the default), `.hourly`, `.daily`, `.weekly`, `.monthly`, or a number of seconds.",
                       kind: .function),
    ]

    static let displayFrequencies = [
        ReferenceEntry(name: "immediate", signature: ".immediate", documentation: "New tips may appear at any time (the default).", kind: .enumMember),
        ReferenceEntry(name: "hourly", signature: ".hourly", documentation: "At most one new tip an hour (3600 seconds).", kind: .enumMember),
        ReferenceEntry(name: "daily", signature: ".daily", documentation: "At most one new tip a day (86400 seconds).", kind: .enumMember),
        ReferenceEntry(name: "weekly", signature: ".weekly", documentation: "At most one new tip a week (604800 seconds).", kind: .enumMember),
        ReferenceEntry(name: "monthly", signature: ".monthly", documentation: "At most one new tip a month (30 days).", kind: .enumMember),
    ]

    static let groupKinds = [
        ReferenceEntry(name: "ordered", signature: ".ordered",
                       documentation: "The group's current tip is its first tip that is not invalidated, shown once it is available.", kind: .enumMember),
        ReferenceEntry(name: "firstAvailable", signature: ".firstAvailable",
                       documentation: "The group's current tip is its first available tip (the default).", kind: .enumMember),
    ]

    static let limitArguments = [
        ReferenceEntry(name: "maximumCount", signature: "maximumCount: Int",
                       documentation: "The most recent donations rules see; TipKit's default is 1000.", kind: .property),
        ReferenceEntry(name: "maximumAge", signature: "maximumAge: Duration",
                       documentation: "Donations older than this before now are not seen.", kind: .property),
    ]

    static let types = ["Bool", "Int", "Double", "String", "Date"].map { name in
        ReferenceEntry(name: name, signature: "struct \(name)", documentation: "A type of parameters and event fields.", kind: .struct)
    }

    /// `.now` and the durations: `.seconds(n)` … `.weeks(n)` and `.second` … `.week`.
    static let implicitMembers: [ReferenceEntry] = {
        let units = [("second", "1 second"), ("minute", "60 seconds"), ("hour", "3600 seconds"), ("day", "86400 seconds"), ("week", "604800 seconds")]
        let plural = units.map { unit, length in
            ReferenceEntry(name: unit + "s", signature: "static func \(unit)s(_ count: Double) -> Duration",
                           documentation: "`count` \(unit)s; a \(unit) is \(length).", kind: .method, result: .duration)
        }
        let single = units.map { unit, length in
            ReferenceEntry(name: unit, signature: "static var \(unit): Duration", documentation: "One \(unit), \(length).", kind: .property,
                           result: .duration)
        }
        return [ReferenceEntry(name: "now", signature: "static var now: Date", documentation: "The instant of evaluation.", kind: .property,
                               result: .date)]
            + plural + single
    }()

    static let expressionKeywords = [
        ReferenceEntry(name: "true", signature: "true: Bool", documentation: "The Boolean literal.", kind: .keyword, result: .bool),
        ReferenceEntry(name: "false", signature: "false: Bool", documentation: "The Boolean literal.", kind: .keyword, result: .bool),
        ReferenceEntry(name: "nil", signature: "nil", documentation: "No value: compare an optional with `== nil` or give a default with `??`.", kind: .keyword),
        ReferenceEntry(name: "now", signature: "now: Date", documentation: "The instant of evaluation (also `Date.now` and `.now`).", kind: .keyword,
                       result: .date),
        ReferenceEntry(name: "Self", signature: "Self",
                       documentation: "The tip: in `#Rule(…)`, `Self.$parameter` is a parameter input and `Self.event` an event input. `Self.` may be left out.",
                       kind: .keyword),
        ReferenceEntry(name: "Double", signature: "Double(_ value: Int) -> Double", documentation: "Converts an `Int` to a `Double`.", kind: .struct),
        ReferenceEntry(name: "Int", signature: "Int(_ value: Double) -> Int", documentation: "Converts a `Double` to an `Int`, truncating toward zero.", kind: .struct),
        ReferenceEntry(name: "Date", signature: "Date(timeIntervalSince1970: Double) -> Date",
                       documentation: "The date this many seconds after 1970-01-01 00:00 UTC; `Date.now` is the instant of evaluation.", kind: .struct),
    ]

    static let eventMembers = [
        ReferenceEntry(name: "donations", signature: "var donations: Donations",
                       documentation: "The event's donations at or before now, oldest first: the 1000 most recent, or as the event's `limit(…)` says.",
                       kind: .property, result: .donations),
    ]

    static let collectionMembers = [
        ReferenceEntry(name: "count", signature: "var count: Int", documentation: "How many donations there are.", kind: .property, result: .int),
        ReferenceEntry(name: "isEmpty", signature: "var isEmpty: Bool", documentation: "Whether there are no donations.", kind: .property, result: .bool),
        ReferenceEntry(name: "donatedWithin", signature: "func donatedWithin(_ range: Duration) -> Donations",
                       documentation: "The donations made within `range` before now: `now - range <= date <= now`.", kind: .method, result: .donations),
        ReferenceEntry(name: "filter", signature: "func filter(_ isIncluded: (Donation) -> Bool) -> Donations",
                       documentation: "The donations for which the closure, with `$0` one donation, is true.", kind: .method, result: .donations),
        ReferenceEntry(name: "largestSubset", signature: "func largestSubset(groupedBy field: KeyPath<Donation, Value>) -> Donations",
                       documentation: "Groups the donations by equal values of `field` and gives the largest group, as in `largestSubset(groupedBy: \\.backyardID).count >= 3`.",
                       kind: .method, result: .donations),
        ReferenceEntry(name: "smallestSubset", signature: "func smallestSubset(groupedBy field: KeyPath<Donation, Value>) -> Donations",
                       documentation: "Groups the donations by equal values of `field` and gives the smallest group.", kind: .method, result: .donations),
        ReferenceEntry(name: "first", signature: "var first: Donation?", documentation: "The oldest donation, or `nil` when there is none.",
                       kind: .property, result: .optionalDonation),
        ReferenceEntry(name: "last", signature: "var last: Donation?", documentation: "The newest donation, or `nil` when there is none.",
                       kind: .property, result: .optionalDonation),
        ReferenceEntry(name: "contains", signature: "func contains(where predicate: (Donation) -> Bool) -> Bool",
                       documentation: "Whether the closure, with `$0` one donation, is true for some donation.", kind: .method, result: .bool),
        ReferenceEntry(name: "allSatisfy", signature: "func allSatisfy(_ predicate: (Donation) -> Bool) -> Bool",
                       documentation: "Whether the closure, with `$0` one donation, is true for every donation (true when there are none).",
                       kind: .method, result: .bool),
        ReferenceEntry(name: "min", signature: "func min(of field: KeyPath<Donation, Value>) -> Value?",
                       documentation: "The smallest value of `field` (an `Int`, `Double`, `Date` or `String` field), or `nil` when there are no donations.",
                       kind: .method, result: .keyPathField(optional: true)),
        ReferenceEntry(name: "max", signature: "func max(of field: KeyPath<Donation, Value>) -> Value?",
                       documentation: "The largest value of `field` (an `Int`, `Double`, `Date` or `String` field), or `nil` when there are no donations.",
                       kind: .method, result: .keyPathField(optional: true)),
        ReferenceEntry(name: "sum", signature: "func sum(of field: KeyPath<Donation, Value>) -> Value",
                       documentation: "The total of an `Int` or `Double` field; 0 when there are no donations.",
                       kind: .method, result: .keyPathField(optional: false)),
    ]

    static let donationDate = ReferenceEntry(name: "date", signature: "var date: Date", documentation: "When the donation was made.",
                                             kind: .field, result: .date)

    static let stringMembers = [
        ReferenceEntry(name: "count", signature: "var count: Int", documentation: "The number of characters.", kind: .property, result: .int),
        ReferenceEntry(name: "isEmpty", signature: "var isEmpty: Bool", documentation: "Whether the string is empty.", kind: .property, result: .bool),
        ReferenceEntry(name: "lowercased", signature: "func lowercased() -> String", documentation: "The string in lower case.", kind: .method, result: .string),
        ReferenceEntry(name: "hasPrefix", signature: "func hasPrefix(_ prefix: String) -> Bool", documentation: "Whether the string starts with `prefix`.",
                       kind: .method, result: .bool),
        ReferenceEntry(name: "hasSuffix", signature: "func hasSuffix(_ suffix: String) -> Bool", documentation: "Whether the string ends with `suffix`.",
                       kind: .method, result: .bool),
        ReferenceEntry(name: "contains", signature: "func contains(_ other: String) -> Bool", documentation: "Whether `other` occurs in the string.",
                       kind: .method, result: .bool),
    ]

    static let dateMembers = [
        ReferenceEntry(name: "addingTimeInterval", signature: "func addingTimeInterval(_ seconds: Double) -> Date",
                       documentation: "The date `seconds` later (earlier when negative).", kind: .method, result: .date),
    ]

    /// The built-in members of a value of `type` (a donation's fields are not built in).
    static func members(of type: ValueType) -> [ReferenceEntry] {
        switch type {
        case .event: return eventMembers
        case .donations: return collectionMembers
        case .donation: return [donationDate]
        case .string: return stringMembers
        case .date: return dateMembers
        default: return []
        }
    }
}
