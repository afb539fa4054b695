import TipRulesRuntime

/// What a built-in belongs to.
public enum BuiltinReceiver: Hashable, Sendable, CaseIterable {
    /// An event: `appOpened.donations`.
    case event
    /// A donation collection: `count`, `filter { … }`, `sum(of: \.amount)` …
    case donations
    case string
    case date
    /// A duration or `.now`, written `.days(2)` or `Duration.days(2)` / `Date.now`.
    case implicit
    /// A tip option in `options { … }`: `Tips.MaxDisplayCount(3)`.
    case option
    /// A display frequency in `configure { displayFrequency(.daily) }`.
    case displayFrequency
    /// A group's kind: `group G(.ordered)`.
    case groupKind
    /// A version: `appVersion.major`.
    case version
    /// A function called by name: `Version("2.3")`, `bucket(of:group:)`, `rollout(_:of:group:)`,
    /// `Calendar.current.component(_:from:)`.
    case function
    /// A component of `Calendar.current.component(.hour, from: now)`.
    case calendarComponent
}

/// How a built-in is written after its name.
public enum BuiltinShape: Hashable, Sendable {
    /// No parentheses: `count`, `.hour`.
    case property
    /// Parentheses around one argument with this label (nil: none), of `argument`'s form;
    /// no argument at all when `argument` is nil (`lowercased()`).
    case call(label: String?, BuiltinArgument?)
}

/// The form of a built-in's argument.
public enum BuiltinArgument: Hashable, Sendable {
    /// A value of this type (a number where it is nil).
    case value(ValueType?)
    /// A closure whose `$0` is one donation.
    case closure
    /// A key path to a donation field of one of these types (any when nil).
    case keyPath([ValueType]?)
}

/// The type a built-in gives.
public enum BuiltinResult: Hashable, Sendable {
    case bool, int, string, date, duration, donations, optionalDonation
    /// The type the aggregate table gives this aggregate of the field its key path argument names.
    case aggregate(Aggregate)
    /// Not a value: an option, a display frequency or a group kind.
    case none

    /// The type, for a base of donations of `event` and a key path argument naming a field of `field` type.
    public func type(event: Int?, field: ValueType?) -> ValueType? {
        switch self {
        case .bool: return .bool
        case .int: return .int
        case .string: return .string
        case .date: return .date
        case .duration: return .duration
        case .donations: return event.map { .donations(event: $0) }
        case .optionalDonation: return event.map { .optional(.donation(event: $0)) }
        case .aggregate(let aggregate):
            guard let field = field?.bytecodeType, !field.isOptional,
                  let row = AggregateInstruction.lowering(aggregate, field: field.base) else { return nil }
            return ValueType(row.resultType(field: field.base))
        case .none: return nil
        }
    }
}

/// What the checker turns a built-in into; the code generator lowers each checked form to opcodes.
public enum BuiltinLowering: Hashable, Sendable {
    /// A donation collection member with a form of its own in `CheckedExpression.Kind`
    /// (`count`, `filter`, `largestSubset` …), checked in `Checker+Donations.swift`.
    case collection
    /// `min(of:)`, `max(of:)`, `sum(of:)`: `CheckedExpression.Kind.aggregate`, emitted as the
    /// aggregate table's instruction for the field's type (`AggregateInstruction.lowering`).
    case aggregate(Aggregate)
    /// A string member: `CheckedExpression.Kind.string`, emitted as `opcode`.
    case string(StringOperation, opcode: Opcode)
    /// `event.donations`.
    case donations
    /// `date.addingTimeInterval(seconds)`: date + duration.
    case addingTimeInterval
    /// `.now`: the evaluation instant.
    case now
    /// A duration of this many seconds (`.hour`), or of this many seconds per unit of its argument (`.hours(n)`).
    case seconds(Double)
    /// An option of the tip, read by the checker into `TipOptions`.
    case option(TipOption)
    /// `.ordered` (true) or `.firstAvailable` (false).
    case groupKind(ordered: Bool)
    /// `.priority`: the available member with the highest `Priority`.
    case priorityGroup
    /// `major`, `minor`, `patch` of a version: `CheckedExpression.Kind.versionComponent`.
    case versionComponent(VersionComponent)
    /// A calendar component: `CheckedExpression.Kind.calendar`.
    case calendarComponent(CalendarComponent)
    /// A targeting function with a form of its own in `CheckedExpression.Kind`, checked in
    /// `Checker+Targeting.swift`.
    case function
}

/// One built-in of the language: how it is written, what it means, what it gives and how it is lowered.
/// The checker, the code generator, the language server, the docs and the TextMate grammar all read this table.
public struct Builtin: Hashable, Sendable {
    public let name: String
    public let receiver: BuiltinReceiver
    /// Its signature as Swift, for hovers, completion and signature help.
    public let signature: String
    public let documentation: String
    public let shape: BuiltinShape
    public let result: BuiltinResult
    public let lowering: BuiltinLowering
}

/// The table of the language's built-ins.
public enum Builtins {
    /// Every built-in, grouped by receiver, in the order they are offered.
    public static let all: [Builtin] = eventMembers + collectionMembers + stringMembers + dateMembers + implicitMembers
        + options + displayFrequencies + groupKinds + versionMembers + functions + calendarComponents

    /// The built-ins of `receiver`, in table order: its own table, without making `all` (which
    /// only editors and the docs read whole).
    public static func members(of receiver: BuiltinReceiver) -> [Builtin] {
        switch receiver {
        case .event: eventMembers
        case .donations: collectionMembers
        case .string: stringMembers
        case .date: dateMembers
        case .implicit: implicitMembers
        case .option: options
        case .displayFrequency: displayFrequencies
        case .groupKind: groupKinds
        case .version: versionMembers
        case .function: functions
        case .calendarComponent: calendarComponents
        }
    }

    /// The seconds of each built-in of `receiver` that is a duration, by name (the first of a
    /// name wins). A loop, not `Dictionary(_:uniquingKeysWith:)` over a `compactMap`: Swift 6.3's
    /// optimizer crashes on that form in release builds.
    static func seconds(of receiver: BuiltinReceiver) -> [String: Double] {
        var seconds: [String: Double] = [:]
        for builtin in members(of: receiver) {
            if let value = builtin.seconds, seconds[builtin.name] == nil { seconds[builtin.name] = value }
        }
        return seconds
    }

    /// The string member lowered to `operation`.
    static func member(for operation: StringOperation) -> (builtin: Builtin, opcode: Opcode)? {
        for builtin in stringMembers {
            if case .string(operation, let opcode) = builtin.lowering { return (builtin, opcode) }
        }
        return nil
    }

    /// The name the checker records for a calendar component (`Calendar.Component.hour`), which
    /// the durations (`.hour`) do not share.
    public static func calendarComponentReferent(_ component: String) -> String {
        "Calendar.Component." + component
    }

    /// The component a name recorded by `calendarComponentReferent(_:)` names.
    public static func calendarComponent(named referent: String) -> String? {
        let prefix = "Calendar.Component."
        return referent.hasPrefix(prefix) ? String(referent.dropFirst(prefix.count)) : nil
    }

    /// The built-in `name` of `receiver`, if there is one.
    public static func member(_ name: String, of receiver: BuiltinReceiver) -> Builtin? {
        members(of: receiver).first { $0.name == name }
    }

    private static func entry(_ name: String, _ receiver: BuiltinReceiver, _ signature: String, _ documentation: String,
                              _ shape: BuiltinShape, _ result: BuiltinResult, _ lowering: BuiltinLowering) -> Builtin {
        Builtin(name: name, receiver: receiver, signature: signature, documentation: documentation, shape: shape, result: result,
                lowering: lowering)
    }

    private static let eventMembers = [
        entry("donations", .event, "var donations: Donations",
              "The event's donations at or before now, oldest first: the 1000 most recent, or as the event's `limit(…)` says.",
              .property, .donations, .donations),
    ]

    private static let collectionMembers = [
        entry("count", .donations, "var count: Int", "How many donations there are.", .property, .int, .collection),
        entry("isEmpty", .donations, "var isEmpty: Bool", "Whether there are no donations.", .property, .bool, .collection),
        entry("first", .donations, "var first: Donation?", "The oldest donation, or `nil` when there is none.",
              .property, .optionalDonation, .collection),
        entry("last", .donations, "var last: Donation?", "The newest donation, or `nil` when there is none.",
              .property, .optionalDonation, .collection),
        entry("donatedWithin", .donations, "func donatedWithin(_ range: Duration) -> Donations",
              "The donations made within `range` before now: `now - range <= date <= now`.",
              .call(label: nil, .value(.duration)), .donations, .collection),
        entry("filter", .donations, "func filter(_ isIncluded: (Donation) -> Bool) -> Donations",
              "The donations for which the closure, with `$0` one donation, is true.", .call(label: nil, .closure), .donations, .collection),
        entry("largestSubset", .donations, "func largestSubset(groupedBy field: KeyPath<Donation, Value>) -> Donations",
              "Groups the donations by equal values of `field` and gives the largest group, as in `largestSubset(groupedBy: \\.backyardID).count >= 3`.",
              .call(label: "groupedBy", .keyPath(nil)), .donations, .collection),
        entry("smallestSubset", .donations, "func smallestSubset(groupedBy field: KeyPath<Donation, Value>) -> Donations",
              "Groups the donations by equal values of `field` and gives the smallest group.",
              .call(label: "groupedBy", .keyPath(nil)), .donations, .collection),
        entry("contains", .donations, "func contains(where predicate: (Donation) -> Bool) -> Bool",
              "Whether the closure, with `$0` one donation, is true for some donation.", .call(label: "where", .closure), .bool, .collection),
        entry("allSatisfy", .donations, "func allSatisfy(_ predicate: (Donation) -> Bool) -> Bool",
              "Whether the closure, with `$0` one donation, is true for every donation (true when there are none).",
              .call(label: nil, .closure), .bool, .collection),
        aggregate(.min, "func min(of field: KeyPath<Donation, Value>) -> Value?",
                  "The smallest value of `field` (an `Int`, `Double`, `Date` or `String` field), or `nil` when there are no donations."),
        aggregate(.max, "func max(of field: KeyPath<Donation, Value>) -> Value?",
                  "The largest value of `field` (an `Int`, `Double`, `Date` or `String` field), or `nil` when there are no donations."),
        aggregate(.sum, "func sum(of field: KeyPath<Donation, Value>) -> Value",
                  "The total of an `Int` or `Double` field; 0 when there are no donations."),
    ]

    /// A collection aggregate: its name, argument label, field types and result come from the
    /// aggregate table (`AggregateInstruction.all`).
    private static func aggregate(_ aggregate: Aggregate, _ signature: String, _ documentation: String) -> Builtin {
        let declarable = Set(Checker.scalarTypes.values.map(\.valueType))
        let fields = AggregateInstruction.fieldTypes(of: aggregate).compactMap { ValueType(BytecodeType($0)) }
        return entry(aggregate.rawValue, .donations, signature, documentation,
                     .call(label: Aggregate.argumentLabel, .keyPath(fields.filter(declarable.contains))),
                     .aggregate(aggregate), .aggregate(aggregate))
    }

    private static let stringMembers = [
        entry("count", .string, "var count: Int", "The number of characters.", .property, .int, .string(.count, opcode: .stringCount)),
        entry("isEmpty", .string, "var isEmpty: Bool", "Whether the string is empty.", .property, .bool, .string(.isEmpty, opcode: .stringIsEmpty)),
        entry("lowercased", .string, "func lowercased() -> String", "The string in lower case.", .call(label: nil, nil), .string,
              .string(.lowercased, opcode: .lowercased)),
        entry("hasPrefix", .string, "func hasPrefix(_ prefix: String) -> Bool", "Whether the string starts with `prefix`.",
              .call(label: nil, .value(.string)), .bool, .string(.hasPrefix, opcode: .hasPrefix)),
        entry("hasSuffix", .string, "func hasSuffix(_ suffix: String) -> Bool", "Whether the string ends with `suffix`.",
              .call(label: nil, .value(.string)), .bool, .string(.hasSuffix, opcode: .hasSuffix)),
        entry("contains", .string, "func contains(_ other: String) -> Bool", "Whether `other` occurs in the string.",
              .call(label: nil, .value(.string)), .bool, .string(.contains, opcode: .stringContains)),
    ]

    private static let dateMembers = [
        entry("addingTimeInterval", .date, "func addingTimeInterval(_ seconds: Double) -> Date",
              "The date `seconds` later (earlier when negative).", .call(label: nil, .value(.double)), .date, .addingTimeInterval),
    ]

    /// `.now` and the durations: `.seconds(n)` … `.weeks(n)` and `.second` … `.week`.
    private static let implicitMembers: [Builtin] = {
        let units: [(String, Double, String)] = [("second", 1, "1 second"), ("minute", 60, "60 seconds"), ("hour", 3600, "3600 seconds"),
                                                 ("day", 86400, "86400 seconds"), ("week", 604_800, "604800 seconds")]
        let plural = units.map { unit, seconds, length in
            entry(unit + "s", .implicit, "static func \(unit)s(_ count: Double) -> Duration", "`count` \(unit)s; a \(unit) is \(length).",
                  .call(label: nil, .value(nil)), .duration, .seconds(seconds))
        }
        let single = units.map { unit, seconds, length in
            entry(unit, .implicit, "static var \(unit): Duration", "One \(unit), \(length).", .property, .duration, .seconds(seconds))
        }
        return [entry("now", .implicit, "static var now: Date", "The instant of evaluation.", .property, .date, .now)] + plural + single
    }()

    /// The options, one row each: the option, its signature, its arguments in short (for the
    /// checker's note), its documentation and the type of its (first) value.
    private static let optionRows: [(option: TipOption, signature: String, usage: String, documentation: String, value: ValueType)] = [
        (.maxDisplayCount, "Tips.MaxDisplayCount(_ count: Int)", "MaxDisplayCount(Int)",
         "Invalidates the tip (`displayCountExceeded`) once it has displayed this many times.", .int),
        (.ignoresDisplayFrequency, "Tips.IgnoresDisplayFrequency(_ ignores: Bool)", "IgnoresDisplayFrequency(Bool)",
         "With `true`, the tip displays as soon as it is available, whatever the display frequency.", .bool),
        (.maxDisplayDuration, "Tips.MaxDisplayDuration(_ duration: Duration)", "MaxDisplayDuration(seconds or duration)",
         "Invalidates the tip (`displayDurationExceeded`) once it has displayed this long in total: a duration or a number of seconds.", .duration),
        (.frequencyCap, "FrequencyCap(_ count: Int, per window: Duration)", "FrequencyCap(Int, per: duration)",
         "The tip shows at most `count` times in any `window`; while it is capped it is pending (`frequencyCap`). A tip may have several, as in `FrequencyCap(1, per: .day)` and `FrequencyCap(3, per: .weeks(1))`.", .int),
        (.priority, "Priority(_ priority: Int)", "Priority(Int)",
         "In a `.priority` group the available tip with the highest priority is shown (default 0).", .int),
    ]

    private static let options = optionRows.map { row in
        entry(row.option.name, .option, row.signature, row.documentation, .call(label: nil, .value(row.value)), .none, .option(row.option))
    }

    /// Each option's arguments in short, in table order: `MaxDisplayCount(Int)`, `FrequencyCap(Int, per: duration)` ….
    public static let optionUsages = optionRows.map(\.usage)

    private static let displayFrequencies = [
        entry("immediate", .displayFrequency, ".immediate", "New tips may appear at any time (the default).", .property, .none, .seconds(0)),
        entry("hourly", .displayFrequency, ".hourly", "At most one new tip an hour (3600 seconds).", .property, .none, .seconds(3600)),
        entry("daily", .displayFrequency, ".daily", "At most one new tip a day (86400 seconds).", .property, .none, .seconds(86400)),
        entry("weekly", .displayFrequency, ".weekly", "At most one new tip a week (604800 seconds).", .property, .none, .seconds(604_800)),
        entry("monthly", .displayFrequency, ".monthly", "At most one new tip a month (30 days).", .property, .none, .seconds(2_592_000)),
    ]

    private static let versionMembers = [
        entry("major", .version, "var major: Int", "The major version: 2 in \"2.3.1\".", .property, .int, .versionComponent(.major)),
        entry("minor", .version, "var minor: Int", "The minor version: 3 in \"2.3.1\" (0 when not written).", .property, .int,
              .versionComponent(.minor)),
        entry("patch", .version, "var patch: Int", "The patch version: 1 in \"2.3.1\" (0 when not written).", .property, .int,
              .versionComponent(.patch)),
    ]

    private static let functions = [
        entry("Version", .function, "Version(_ text: String)",
              "A version literal, `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`, ordered by Semantic Versioning 2.0.0; a string literal where a `Version` is expected is one too.",
              .call(label: nil, .value(.string)), .none, .function),
        entry("bucket", .function, "func bucket(of id: String, group: String) -> Int",
              "The stable rollout bucket of `id` in `group`, 1 to 100 (Unleash's `flexibleRollout` bucketing); `group` defaults to the tip's id.",
              .call(label: "of", .value(.string)), .int, .function),
        entry("rollout", .function, "func rollout(_ percentage: Int, of id: String, group: String) -> Bool",
              "Whether `id` is in a stable rollout of `percentage` (0 to 100) of `group`: the same ids every time, on every platform; `group` defaults to the tip's id.",
              .call(label: nil, .value(.int)), .bool, .function),
        entry("component", .function, "func Calendar.current.component(_ component: Calendar.Component, from date: Date) -> Int",
              "A component of `date` in the local calendar (the store's UTC offset): `.year`, `.month`, `.day`, `.hour`, `.minute`, `.second` or `.weekday`.",
              .call(label: nil, nil), .int, .function),
    ]

    private static let calendarComponents: [Builtin] = CalendarComponent.allCases.map { component in
        let meaning: String
        switch component {
        case .year: meaning = "The year."
        case .month: meaning = "The month, 1 to 12."
        case .day: meaning = "The day of the month, 1 to 31."
        case .hour: meaning = "The hour, 0 to 23."
        case .minute: meaning = "The minute, 0 to 59."
        case .second: meaning = "The second, 0 to 59."
        case .weekday: meaning = "The day of the week, 1 (Sunday) to 7 (Saturday)."
        }
        return entry(component.description, .calendarComponent, ".\(component)", meaning + " In the local calendar.",
                     .property, .int, .calendarComponent(component))
    }

    private static let groupKinds = [
        entry("ordered", .groupKind, ".ordered",
              "The group's current tip is its first tip that is not invalidated, shown once it is available.", .property, .none,
              .groupKind(ordered: true)),
        entry("priority", .groupKind, ".priority",
              "The group's current tip is its available tip with the highest `Priority` (the first declared among equals).",
              .property, .none, .priorityGroup),
        entry("firstAvailable", .groupKind, ".firstAvailable", "The group's current tip is its first available tip (the default).",
              .property, .none, .groupKind(ordered: false)),
    ]
}

extension Builtin {
    /// The name as written in a description, with `()` when it is called without an argument.
    var spelling: String { name + (shape == .call(label: nil, nil) ? "()" : "") }

    /// The name as a list of members gives it: with its label for a call that has one
    /// (`contains(where:)`, `min(of:)`), else bare (`filter`).
    var listed: String {
        if case .call(let label?, _) = shape { return "\(name)(\(label):)" }
        return name
    }

    /// The number of seconds of a duration or display frequency.
    var seconds: Double? {
        if case .seconds(let seconds) = lowering { return seconds }
        return nil
    }
}

