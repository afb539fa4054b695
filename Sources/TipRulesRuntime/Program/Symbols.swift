/// The scalar types: what parameters, event fields and constants hold.
public enum ScalarKind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case bool = 0, int = 1, double = 2, string = 3, date = 4, duration = 5
    /// A semantic version (`SemanticVersion`), held as its string: on the stack a `String`.
    case version = 6

    /// Swift's spelling of the type.
    public var description: String {
        switch self {
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .date: return "Date"
        case .duration: return "Duration"
        case .version: return "Version"
        }
    }

    /// The bytecode format version that added the type (see `FormatConstruct`).
    public var since: Int {
        switch self {
        case .bool, .int, .double, .string, .date, .duration: return 1
        case .version: return 3
        }
    }

    /// Whether a value may be held by a parameter or field of this type: a value of the same
    /// kind, or for a `Version`, a string that is a valid version.
    public func accepts(_ value: ScalarValue) -> Bool {
        switch (self, value) {
        case (.version, .string(let text)): return SemanticVersion(text) != nil
        default: return value.kind == self
        }
    }

    /// The zero value of the type: false, 0, "", the date 0, no time, version 0.0.0.
    public var zero: ScalarValue {
        switch self {
        case .version: return .string("0.0.0")
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .date: return .date(0)
        case .duration: return .duration(0)
        }
    }
}

/// A scalar value. Dates are seconds since 1970-01-01T00:00:00Z; durations are seconds.
public enum ScalarValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case date(Double)
    case duration(Double)

    /// The kind of this value.
    public var kind: ScalarKind {
        switch self {
        case .bool: return .bool
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .date: return .date
        case .duration: return .duration
        }
    }
}

/// A declared parameter: `[transient] parameter NAME: TYPE = DEFAULT`.
public struct ParameterInfo: Hashable, Sendable {
    public var name: String
    public var type: ScalarKind
    public var defaultValue: ScalarValue
    public var line: Int
    /// `transient parameter`: not persisted, and reset to its default on each app launch.
    public var isTransient: Bool

    public init(name: String, type: ScalarKind, defaultValue: ScalarValue, line: Int, isTransient: Bool = false) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.line = line
        self.isTransient = isTransient
    }
}

/// A declared field of an event's donations (every donation also has `date`).
public struct FieldInfo: Hashable, Sendable {
    public var name: String
    public var type: ScalarKind

    public init(name: String, type: ScalarKind) {
        self.name = name
        self.type = type
    }
}

/// A declared event: its donation fields and donation limit.
public struct EventInfo: Hashable, Sendable {
    public var name: String
    public var fields: [FieldInfo]
    /// The most recent donations a rule sees.
    public var maximumCount: Int
    /// Donations older than this many seconds before now are not seen; nil for no limit.
    public var maximumAge: Double?
    public var line: Int

    /// TipKit's default donation limit.
    public static let defaultMaximumCount = 1000

    public init(name: String, fields: [FieldInfo], maximumCount: Int = EventInfo.defaultMaximumCount,
                maximumAge: Double? = nil, line: Int) {
        self.name = name
        self.fields = fields
        self.maximumCount = maximumCount
        self.maximumAge = maximumAge
        self.line = line
    }
}

/// A tip's `options { … }`.
public struct TipOptions: Hashable, Sendable {
    public var maxDisplayCount: Int?
    public var ignoresDisplayFrequency: Bool
    /// Seconds.
    public var maxDisplayDuration: Double?
    /// `FrequencyCap(N, per: DURATION)`: at most N displays in any DURATION.
    public var frequencyCaps: [FrequencyCap]
    /// `Priority(N)`: in a `.priority` group, the higher wins (default 0).
    public var priority: Int

    public init(maxDisplayCount: Int? = nil, ignoresDisplayFrequency: Bool = false, maxDisplayDuration: Double? = nil,
                frequencyCaps: [FrequencyCap] = [], priority: Int = 0) {
        self.maxDisplayCount = maxDisplayCount
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
        self.maxDisplayDuration = maxDisplayDuration
        self.frequencyCaps = frequencyCaps
        self.priority = priority
    }
}

/// `FrequencyCap(count, per: seconds)`: a tip shows at most `count` times in any `seconds`.
public struct FrequencyCap: Hashable, Sendable {
    /// At least 1.
    public var count: Int
    /// The window, in seconds; more than 0.
    public var seconds: Double

    public init(count: Int, seconds: Double) {
        self.count = count
        self.seconds = seconds
    }

    /// When the cap lets a tip with these display dates (oldest first) show again, if it holds
    /// the tip back at `now`: with the k displays in `now - seconds < date <= now`, k ≥ count,
    /// the date of the (k − count + 1)-th plus `seconds`.
    public func hold(displays: [Double], now: Double) -> Double? {
        let window = self.window(displays, now: now)
        guard window.count >= count else { return nil }
        return displays[window.upperBound - count] + seconds
    }

    /// How many of the display dates (oldest first) fall in the window that ends at `now`.
    public func displaysInWindow(_ displays: [Double], now: Double) -> Int {
        window(displays, now: now).count
    }

    /// The positions of the display dates in `now - seconds < date <= now`: two binary searches
    /// over the dates, which a tip's state keeps in order.
    private func window(_ displays: [Double], now: Double) -> Range<Int> {
        let start = now - seconds
        let upper = partitionPoint(in: displays.indices) { displays[$0] > now }
        let lower = partitionPoint(in: 0..<upper) { displays[$0] > start }
        return lower..<upper
    }
}

/// Why a tip was invalidated.
public enum InvalidationReason: String, Hashable, Sendable, CaseIterable {
    case actionPerformed, tipClosed, displayCountExceeded, displayDurationExceeded
}

/// What the store records about one tip.
public struct TipState: Hashable, Sendable {
    public var displayCount: Int
    /// Seconds the tip has been displayed in total.
    public var displayDuration: Double
    public var invalidation: InvalidationReason?
    /// When the tip was invalidated (seconds since 1970), when known: the engine's clock when it
    /// was closed or its action performed, the display's date when a display limit was reached.
    public var invalidationDate: Double?
    /// The dates the tip appeared (seconds since 1970), oldest first: its display history, kept
    /// to the newest `TipState.maximumDisplayHistory` (a display count may be larger). The
    /// initializer and `recordDisplayDate(_:)` keep the order; assign only dates in order.
    public var displayDates: [Double]

    /// The most display dates a tip keeps: recording one more drops the oldest.
    public static let maximumDisplayHistory = 1_000

    public init(displayCount: Int = 0, displayDuration: Double = 0, invalidation: InvalidationReason? = nil,
                displayDates: [Double] = [], invalidationDate: Double? = nil) {
        self.displayCount = displayCount
        self.displayDuration = displayDuration
        self.invalidation = invalidation
        self.invalidationDate = invalidation == nil ? nil : invalidationDate
        // Oldest first, whatever order they are given in: frequency caps search them. None or one
        // (a new state: what a store puts back for every user of a reach run) is in order already.
        self.displayDates = displayDates.count < 2 ? displayDates : Array(displayDates.sorted().suffix(Self.maximumDisplayHistory))
    }

    /// Adds `date` to the display history, in date order, dropping the oldest beyond the bound.
    public mutating func recordDisplayDate(_ date: Double) {
        let index = displayDates.lastIndex(where: { $0 <= date }).map { $0 + 1 } ?? 0
        displayDates.insert(date, at: index)
        if displayDates.count > Self.maximumDisplayHistory {
            displayDates.removeFirst(displayDates.count - Self.maximumDisplayHistory)
        }
    }
}

/// TipKit's testing overrides, strongest first: show these, hide these, show all, hide all.
public struct TestingOverrides: Hashable, Sendable {
    public var showTips: Set<String>
    public var hideTips: Set<String>
    public var showAllTips: Bool
    public var hideAllTips: Bool

    public init(showTips: Set<String> = [], hideTips: Set<String> = [], showAllTips: Bool = false, hideAllTips: Bool = false) {
        self.showTips = showTips
        self.hideTips = hideTips
        self.showAllTips = showAllTips
        self.hideAllTips = hideAllTips
    }

    /// Whether no override applies to any tip.
    var isEmpty: Bool { showTips.isEmpty && hideTips.isEmpty && !showAllTips && !hideAllTips }
}
