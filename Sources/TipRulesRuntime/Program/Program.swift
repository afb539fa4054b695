/// A verified program: symbol tables and the code of every rule, score and duration.
/// Immutable and shareable; load it with `init(bytes:)`, save it with `encoded()`.
public final class Program: Sendable {
    /// The name of the source file the program was compiled from.
    public let sourceName: String
    /// The minimum interval in seconds between two new tips; 0 is `.immediate`.
    public let displayFrequency: Double
    /// The constant pool the `const` instruction indexes.
    public let constants: [ScalarValue]
    public let parameters: [ParameterInfo]
    public let events: [EventInfo]
    public let tips: [TipInfo]
    public let groups: [GroupInfo]
    public let widgets: [WidgetInfo]
    /// The app the rules are for (a bundle identifier, say), if the program names one.
    public let app: String?
    /// The release of the rules, if the program names one: an update to a lower release is refused.
    public let release: Int?
    /// The format version of the file the program was read from; for a program built in memory,
    /// the oldest version that carries it.
    public let formatVersion: Int

    /// Whether `formatVersion` is the oldest version that carries the program (it was built in
    /// memory), so that `encoded()` need not work it out again.
    private let formatVersionIsRequired: Bool
    /// What the VM must allocate to run any of the program's code.
    let limits: ExecutionLimits
    private let lookup: NameLookup

    /// Builds and verifies a program from its parts.
    public convenience init(sourceName: String, displayFrequency: Double = 0, constants: [ScalarValue] = [],
                            parameters: [ParameterInfo] = [], events: [EventInfo] = [], tips: [TipInfo] = [],
                            groups: [GroupInfo] = [], widgets: [WidgetInfo] = [],
                            app: String? = nil, release: Int? = nil) throws {
        try self.init(contents: ProgramContents(
            sourceName: sourceName, displayFrequency: displayFrequency, constants: constants,
            parameters: parameters, events: events, tips: tips, groups: groups, widgets: widgets,
            app: app, release: release))
    }

    /// Decodes and verifies a `.tipc` file. Throws `BytecodeError` when the bytes are not a
    /// program of this format version, are corrupt or truncated, or fail verification.
    public convenience init(bytes: [UInt8]) throws {
        let (contents, version) = try BytecodeReader.decode(bytes)
        try self.init(contents: contents, formatVersion: version)
    }

    /// Verifies `contents`, or skips verification (only for tests that need invalid programs).
    /// `formatVersion` is the version of the file the contents were read from, if they were.
    init(contents: ProgramContents, formatVersion: Int? = nil, verified: Bool = true) throws {
        limits = verified ? try Verifier.verify(contents) : ExecutionLimits()
        self.formatVersion = formatVersion ?? contents.requiredFormatVersion
        formatVersionIsRequired = formatVersion == nil
        app = contents.app
        release = contents.release
        sourceName = contents.sourceName
        displayFrequency = contents.displayFrequency
        constants = contents.constants
        parameters = contents.parameters
        events = contents.events
        tips = contents.tips
        groups = contents.groups
        widgets = contents.widgets
        lookup = NameLookup(contents)
    }

    /// The program's parts, as the writer and verifier see them.
    var contents: ProgramContents {
        ProgramContents(sourceName: sourceName, displayFrequency: displayFrequency, constants: constants,
                        parameters: parameters, events: events, tips: tips, groups: groups, widgets: widgets,
                        app: app, release: release)
    }

    /// Every construct of the program that needs a format version above 1, in file order.
    public var formatRequirements: [FormatRequirement] { contents.formatRequirements }

    /// The oldest format version that carries the program: what `encoded()` writes.
    public var requiredFormatVersion: Int { formatVersionIsRequired ? formatVersion : contents.requiredFormatVersion }

    /// The `.tipc` file of this program in the oldest format version that carries it, so that
    /// every runtime that can run it can load it. Deterministic: the same program gives the same bytes.
    public func encoded() -> [UInt8] {
        BytecodeWriter.encode(contents, version: requiredFormatVersion)
    }

    /// The `.tipc` file in format `version`, for runtimes that read only up to it. Throws
    /// `FormatVersionError` when the version is not one this runtime writes or cannot carry the program.
    public func encoded(formatVersion version: Int) throws(FormatVersionError) -> [UInt8] {
        guard BytecodeFormat.readableVersions.contains(version) else { throw .unknownVersion(version) }
        let newer = formatRequirements.filter { $0.version > version }
        guard newer.isEmpty else { throw .needsNewerVersion(newer) }
        return BytecodeWriter.encode(contents, version: version)
    }

    /// The index of the parameter with this name.
    public func parameterIndex(named name: String) -> Int? { lookup.parameters[name] }

    /// The index of the event with this name.
    public func eventIndex(named name: String) -> Int? { lookup.events[name] }

    /// The index of the tip with this name or, failing that, this id.
    public func tipIndex(named name: String) -> Int? { lookup.tipNames[name] ?? lookup.tipIDs[name] }

    /// The index of the group with this name.
    public func groupIndex(named name: String) -> Int? { lookup.groups[name] }

    /// The index of the widget with this name.
    public func widgetIndex(named name: String) -> Int? { lookup.widgets[name] }

    /// The index in `EventInfo.fields` of the event's field with this name.
    public func fieldIndex(named name: String, inEvent event: Int) -> Int? {
        events.indices.contains(event) ? lookup.fields[event][name] : nil
    }
}

/// Name → index dictionaries, built once at load for tooling; the VM never looks names up.
/// When a name repeats (only in hand-made files), the first declaration wins.
private struct NameLookup: Sendable {
    var parameters: [String: Int]
    var events: [String: Int]
    var fields: [[String: Int]]
    var tipNames: [String: Int]
    var tipIDs: [String: Int]
    var groups: [String: Int]
    var widgets: [String: Int]

    init(_ contents: ProgramContents) {
        parameters = Self.index(contents.parameters.map(\.name))
        events = Self.index(contents.events.map(\.name))
        fields = contents.events.map { Self.index($0.fields.map(\.name)) }
        tipNames = Self.index(contents.tips.map(\.name))
        tipIDs = Self.index(contents.tips.map(\.id))
        groups = Self.index(contents.groups.map(\.name))
        widgets = Self.index(contents.widgets.map(\.name))
    }

    private static func index(_ names: [String]) -> [String: Int] {
        Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
