import TipRulesCompiler
import TipRulesToolingCore

/// LSP `CompletionItemKind`s the server uses.
enum CompletionItemKind: Int {
    case method = 2, function = 3, field = 5, variable = 6, `class` = 7, module = 9, property = 10
    case keyword = 14, snippet = 15, enumMember = 20, `struct` = 22, event = 23
}

/// One built-in word of the language: how it is written, what it means, and for
/// members the type it gives. Hover shows the signature and documentation;
/// completion offers the name.
struct ReferenceEntry {
    let name: String
    let signature: String
    let documentation: String
    let kind: CompletionItemKind
    var result: BuiltinResult?

    /// The entry of a built-in from the compiler's table.
    init(_ builtin: Builtin) {
        name = builtin.name
        signature = builtin.signature
        documentation = builtin.documentation
        switch (builtin.receiver, builtin.shape) {
        case (.displayFrequency, _), (.groupKind, _): kind = .enumMember
        case (.option, _), (_, .property): kind = .property
        case (_, .call): kind = .method
        }
        result = builtin.result == .none ? nil : builtin.result
    }

    init(name: String, signature: String, documentation: String, kind: CompletionItemKind, result: BuiltinResult? = nil) {
        self.name = name
        self.signature = signature
        self.documentation = documentation
        self.kind = kind
        self.result = result
    }

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

    /// The entry of a built-in the checker resolved: a member of `base`, or a free-standing
    /// name or implicit member when `base` is nil.
    static func builtin(_ name: String, base: ValueType?) -> ReferenceEntry? {
        guard let base else {
            if let component = Builtins.calendarComponent(named: name) { return entry(component, in: calendarComponents) }
            return entry(name, in: expressionKeywords + functions + implicitMembers)
        }
        return entry(name, in: members(of: base.unwrapped))
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
                       documentation: "The tip's options, one per line: " + Spelling.list(Builtins.optionUsages.map { "`\($0)`" }, "and")
                           + "; the `Tips.` prefix is optional.",
                       kind: .keyword),
        ReferenceEntry(name: "actions", signature: "actions { Action(id: \"learn-more\", title: \"Learn more\") … }",
                       documentation: "The tip's buttons, in order (TipKit's `actions`): each an `Action(id:title:)`. The app tells them apart by id and reports a tap with `performAction(tip:action:)`, which invalidates the tip (`actionPerformed`).",
                       kind: .keyword),
        ReferenceEntry(name: "holdout", signature: "holdout(10, of: userID, group: \"pro-filters\", goal: filterApplied)",
                       documentation: "Holds the tip out for a stable share of units, to measure what it changes: a unit whose id is not empty and whose holdout bucket (`bucket(of: id, group: \"holdout:\" + group)`, a draw of its own) is at most the share (a constant from 1 to 50) never sees the tip (`pending`, `heldOut`); the others are the treatment. `group:` defaults to the tip's id. `goal:` names the event the tip should bring about (or a list, the primary first): what `tiprulec measure` measures without `--goal`. The device records each unit's exposure. At most one per tip.",
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

    /// How a text the app makes is written, for the hover of `title`, `message` and `image`.
    static let appMadeText = "`supplied`: the app passes it where it shows the tip. `swift(\"CODE\")`: the app's own Swift makes it (`Text(L10n.Tips.title)`, `#if` lines), written back unchanged by emit-swift; `key:` (an image's asset name) and `defaultValue:` say what the call names, for results."

    /// The words a text property's value may be besides a string.
    static let textValues = [
        ReferenceEntry(name: "supplied", signature: "supplied", documentation: "The app passes this text where it shows the tip (`PopoverTip(title: Text(\"…\"))`).", kind: .keyword),
        ReferenceEntry(name: "swift", signature: "swift(\"CODE\", key: \"…\", defaultValue: \"…\")",
                       documentation: "The app's own Swift makes this text or image, kept as written: emit-swift writes `var title: Text { CODE }`. `key:` is the localization key the call names (an image's asset name), `defaultValue:` the text shown without a translation; results report both.",
                       kind: .function),
    ]

    static let tipProperties = [
        ReferenceEntry(name: "title", signature: "title: String | supplied | swift(\"CODE\", key: \"…\", defaultValue: \"…\")",
                       documentation: "The tip's title, the text people see. Required; may be empty (`\"\"`). " + appMadeText, kind: .property),
        ReferenceEntry(name: "message", signature: "message: String | supplied | swift(\"CODE\", key: \"…\", defaultValue: \"…\")",
                       documentation: "The tip's message, shown under the title. " + appMadeText, kind: .property),
        ReferenceEntry(name: "image", signature: "image: String | supplied | swift(\"CODE\", key: \"…\")",
                       documentation: "The name of the symbol shown with the tip. " + appMadeText, kind: .property),
        ReferenceEntry(name: "id", signature: "id: String", documentation: "The tip's identifier in the store; the tip's name when left out.", kind: .property),
        ReferenceEntry(name: "swiftName", signature: "swiftName: String",
                       documentation: "The Swift type `emit-swift` declares the tip as, in the enums before the last name (`\"TaggingTips.Date\"`); the tip's name when left out.",
                       kind: .property),
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

    static let options = Builtins.members(of: .option).map(ReferenceEntry.init)

    static let actions = [
        ReferenceEntry(name: "Action", signature: "Action(id: String, title: String)",
                       documentation: "A button of the tip: `id` tells the app which one was tapped, `title` is its text.",
                       kind: .function),
    ]

    static let configuration = [
        ReferenceEntry(name: "displayFrequency", signature: "displayFrequency(_ frequency: DisplayFrequency)",
                       documentation: "The least time between two new tips appearing: `.immediate` (the default), `.hourly`, `.daily`, `.weekly`, `.monthly`, or a number of seconds.",
                       kind: .function),
        ReferenceEntry(name: "app", signature: "app(_ bundleIdentifier: String)",
                       documentation: "The app the rules are for: an app's runtime refuses rules for another app.", kind: .function),
        ReferenceEntry(name: "release", signature: "release(_ number: Int)",
                       documentation: "The release of the rules, from 1: an app's runtime refuses an update to a lower release.",
                       kind: .function),
        ReferenceEntry(name: "tipKit", signature: "tipKit(minimumIOS: Int)",
                       documentation: "The rules are also shipped as TipKit Swift (`emit-swift`) for iOS 17, 18 or 26 and later: `check` warns about what TipKit cannot express.",
                       kind: .function),
    ]

    static let displayFrequencies = Builtins.members(of: .displayFrequency).map(ReferenceEntry.init)

    static let groupKinds = Builtins.members(of: .groupKind).map(ReferenceEntry.init)

    static let limitArguments = [
        ReferenceEntry(name: "maximumCount", signature: "maximumCount: Int",
                       documentation: "The most recent donations rules see; TipKit's default is 1000.", kind: .property),
        ReferenceEntry(name: "maximumAge", signature: "maximumAge: Duration",
                       documentation: "Donations older than this before now are not seen.", kind: .property),
    ]

    static let types = ["Bool", "Int", "Double", "String", "Date"].map { name in
        ReferenceEntry(name: name, signature: "struct \(name)", documentation: "A type of parameters and event fields.", kind: .struct)
    } + [ReferenceEntry(name: "Version", signature: "struct Version",
                        documentation: "A semantic version, a type of parameters: `parameter appVersion: Version = \"1.0\"`. Ordered by Semantic Versioning 2.0.0; `.major`, `.minor`, `.patch`.",
                        kind: .struct)]

    /// `Version("2.3")`, `bucket(of:group:)`, `rollout(_:of:group:)` and `Calendar.current.component(_:from:)`.
    static let functions = Builtins.members(of: .function).map(ReferenceEntry.init)

    /// `.year` … `.weekday` of `Calendar.current.component(_:from:)`.
    static let calendarComponents = Builtins.members(of: .calendarComponent).map(ReferenceEntry.init)

    static let versionMembers = Builtins.members(of: .version).map(ReferenceEntry.init)

    /// `.now` and the durations: `.seconds(n)` … `.weeks(n)` and `.second` … `.week`.
    static let implicitMembers = Builtins.members(of: .implicit).map(ReferenceEntry.init)

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
                       documentation: "The date this many seconds after 1970-01-01 00:00 UTC; `Date(\"2026-12-01T00:00:00+09:00\")` is a date written in RFC 3339; `Date.now` is the instant of evaluation.",
                       kind: .struct),
    ]

    static let eventMembers = Builtins.members(of: .event).map(ReferenceEntry.init)

    static let collectionMembers = Builtins.members(of: .donations).map(ReferenceEntry.init)

    static let donationDate = ReferenceEntry(name: "date", signature: "var date: Date", documentation: "When the donation was made.",
                                             kind: .field, result: .date)

    static let stringMembers = Builtins.members(of: .string).map(ReferenceEntry.init)

    static let dateMembers = Builtins.members(of: .date).map(ReferenceEntry.init)

    /// The built-in members of a value of `type` (a donation's fields are not built in).
    static func members(of type: ValueType) -> [ReferenceEntry] {
        switch type {
        case .event: return eventMembers
        case .donations: return collectionMembers
        case .donation: return [donationDate]
        case .string: return stringMembers
        case .date: return dateMembers
        case .version: return versionMembers
        default: return []
        }
    }
}
