/// A name as written, with where it was written.
public struct NameSyntax: Hashable, Sendable {
    public var text: String
    public var span: SourceSpan

    public init(_ text: String, span: SourceSpan) {
        self.text = text
        self.span = span
    }
}

/// `name: value` pairs: an event's `field: Type`, a tip's `title: "…"`, a widget's `score: …` or `let name = …`.
///
/// `Value` has no requirement (the pair is `Hashable` when its value is): a requirement makes the
/// runtime search the process's conformances the first time a file's syntax is stored
/// (docs/performance.md, "Start-up: what `eval` does beyond `--version`").
public struct LabeledSyntax<Value: Sendable>: Sendable {
    public var name: NameSyntax
    public var value: Value

    public init(name: NameSyntax, value: Value) {
        self.name = name
        self.value = value
    }
}

extension LabeledSyntax: Equatable where Value: Equatable {}
extension LabeledSyntax: Hashable where Value: Hashable {}

/// A whole `.tiprules` file as written.
public struct FileSyntax: Hashable, Sendable {
    public var declarations: [DeclarationSyntax]

    public init(declarations: [DeclarationSyntax]) {
        self.declarations = declarations
    }
}

/// A top-level declaration.
public enum DeclarationSyntax: Hashable, Sendable {
    case configure(ConfigureSyntax)
    case parameter(ParameterSyntax)
    case event(EventSyntax)
    case tip(TipSyntax)
    case group(GroupSyntax)
    case widget(WidgetSyntax)
}

/// `configure { displayFrequency(.daily) }`.
public struct ConfigureSyntax: Hashable, Sendable {
    public var keywordSpan: SourceSpan
    public var entries: [CallEntrySyntax]
}

/// One `Name(arguments)` line, as in `options { … }` and `configure { … }`.
/// `leadingDot` marks the first beta's `.maxDisplayCount(5)` form; `prefix` is `Tips` in `Tips.MaxDisplayCount(5)`.
public struct CallEntrySyntax: Hashable, Sendable {
    public var name: NameSyntax
    public var prefix: NameSyntax?
    public var leadingDot: Bool
    public var arguments: [ArgumentSyntax]
    public var span: SourceSpan
}

/// `[transient] parameter [OWNER.]NAME: TYPE = DEFAULT`; `span` starts at `parameter`.
public struct ParameterSyntax: Hashable, Sendable {
    /// The type that owns the parameter (`parameter VPNTip.isPresented`), as TipKit keys a
    /// `@Parameter static var` by its enclosing type and its name; nil for a parameter of its own.
    public var owner: NameSyntax?
    public var name: NameSyntax
    public var type: NameSyntax
    public var defaultValue: ExpressionSyntax?
    public var span: SourceSpan
    /// The `transient` modifier, if written: reset to its default on each app launch, never persisted.
    public var transientSpan: SourceSpan?

    /// Whether the parameter is declared `transient parameter …`.
    public var isTransient: Bool { transientSpan != nil }

    /// The name the file's namespace knows it by, and its persisted identity: `OWNER.NAME`, or `NAME`.
    public var qualifiedName: String { owner.map { "\($0.text).\(name.text)" } ?? name.text }
}

/// `event [OWNER.]NAME(id: "…", FIELD: TYPE, …) limit(…)`.
public struct EventSyntax: Hashable, Sendable {
    /// The type whose `static let` the event is (`event VPNTip.dismissed`): it only scopes the name.
    public var owner: NameSyntax?
    public var name: NameSyntax
    /// `id: "…"`, TipKit's `Tips.Event(id:)`: what donations are persisted under; NAME when absent.
    public var id: ExpressionSyntax?
    /// `donationType: "PhotoEditedInfo"`: the Swift type emit-swift gives the donations.
    public var donationType: ExpressionSyntax? = nil
    public var fields: [LabeledSyntax<NameSyntax>]
    public var limit: [ArgumentSyntax]?
    public var limitSpan: SourceSpan?
    public var span: SourceSpan

    /// The name the file's namespace knows it by: `OWNER.NAME`, or `NAME`.
    public var qualifiedName: String { owner.map { "\($0.text).\(name.text)" } ?? name.text }
}

/// `tip NAME { … }`.
public struct TipSyntax: Hashable, Sendable {
    public var name: NameSyntax
    /// `title: "…"`, `message:`, `image:`, `id:` (and unknown ones, diagnosed by the checker).
    public var properties: [LabeledSyntax<ExpressionSyntax>]
    public var rules: [RuleSyntax]
    public var options: [OptionsSyntax]
    /// `actions { Action(id: "…", title: "…") … }` blocks (one is allowed; the checker reports more).
    public var actions: [OptionsSyntax] = []
    /// `holdout(P, of: ID, group: G)` entries (one is allowed; the checker reports more).
    public var holdouts: [CallEntrySyntax] = []
    public var span: SourceSpan
}

/// `#Rule(INPUT, …) { BODY }`.
public struct RuleSyntax: Hashable, Sendable {
    /// The span of `#Rule`, whose line results report.
    public var keywordSpan: SourceSpan
    public var inputs: [ExpressionSyntax]
    public var body: ExpressionSyntax
    public var span: SourceSpan
}

/// A block of `Name(arguments)` entries after a keyword: `options { … }` or `actions { … }`.
public struct OptionsSyntax: Hashable, Sendable {
    public var keywordSpan: SourceSpan
    public var entries: [CallEntrySyntax]
}

/// `group NAME(.ordered) { TIP, … }`.
public struct GroupSyntax: Hashable, Sendable {
    public var name: NameSyntax
    /// The written kind (`.ordered`, `.firstAvailable`), if any.
    public var kind: ExpressionSyntax?
    public var members: [NameSyntax]
    public var span: SourceSpan
}

/// `widget NAME { relevance { let … score: … duration: … } }`.
public struct WidgetSyntax: Hashable, Sendable {
    public var name: NameSyntax
    public var relevanceSpan: SourceSpan?
    /// `let NAME = EXPR` lines, in order.
    public var lets: [LabeledSyntax<ExpressionSyntax>]
    /// `score:`, `duration:` and unknown entries, in order.
    public var entries: [LabeledSyntax<ExpressionSyntax>]
    public var span: SourceSpan
    /// The `suggest { from: …  to: … }` blocks after the relevance, in order.
    public var suggestions: [SuggestSyntax] = []
}

/// `suggest { from: DATE  to: DATE }` in a widget (`from:`, `to:` and unknown entries, in order).
public struct SuggestSyntax: Hashable, Sendable {
    public var keywordSpan: SourceSpan
    public var entries: [LabeledSyntax<ExpressionSyntax>]
    public var span: SourceSpan
}
