/// What a name in a file refers to, as the checker resolved it.
public enum Referent: Hashable, Sendable {
    /// The parameter, event, tip, group or widget with this index among the file's declarations of its kind.
    case parameter(Int), event(Int), tip(Int), group(Int), widget(Int)
    /// `date` or a declared field of the donations of an event.
    case field(event: Int, FieldReference)
    /// A widget's `let`, known by the span of its name where it is declared.
    case local(declaredAt: SourceSpan)
    /// `$N` in a rule's body: the rule's input with this index.
    case ruleInput(index: Int, RuleInput)
    /// `$0` in a `filter`, `contains(where:)` or `allSatisfy` closure: one donation of the event.
    case closureArgument(event: Int)
    /// A built-in name: a member of `base` (`count` of donations, `.days` of `Duration`), or a
    /// free-standing one (`now`, `Double(…)`) when `base` is nil.
    case builtin(name: String, base: ValueType?)

    /// Whether the file declares what this refers to, so that it can be renamed.
    public var isDeclared: Bool {
        switch self {
        case .parameter, .event, .tip, .group, .widget, .local: return true
        case .field(_, .declared): return true
        case .field(_, .date), .ruleInput, .closureArgument, .builtin: return false
        }
    }
}

/// A rule input: `Self.$parameter` or `Self.event`.
public enum RuleInput: Hashable, Sendable {
    case parameter(Int), event(Int)
}

/// One expression the checker looked at and the type it found; nil where checking it failed.
public struct TypedSpan: Hashable, Sendable {
    public let span: SourceSpan
    public let type: ValueType?
}

/// One place where a name is written: where it is declared or where it is used.
public struct NameOccurrence: Hashable, Sendable {
    public let span: SourceSpan
    public let referent: Referent
    public let isDeclaration: Bool
}

/// What the checker learnt about a file as it went, errors included: the type of every
/// expression it checked and what every name it resolved refers to. Kept as two flat
/// arrays in checking order, so recording costs one append; lookups scan them.
public struct SemanticModel: Sendable {
    /// Every expression the checker looked at, in the order it finished them.
    public private(set) var expressions: [TypedSpan] = []
    /// Every name the checker resolved, declarations included, in the order it met them.
    public private(set) var names: [NameOccurrence] = []
    /// Event names by index, to spell donation types.
    public internal(set) var eventNames: [String] = []

    /// An empty model, for files the checker never saw (too large, binary).
    public init() {}

    /// Records the type the checker found for the expression at `span` (nil: checking it failed).
    mutating func recordExpression(_ span: SourceSpan, type: ValueType?) {
        expressions.append(TypedSpan(span: span, type: type))
    }

    /// Records that the name at `span` refers to `referent`.
    mutating func recordName(_ span: SourceSpan, _ referent: Referent, isDeclaration: Bool = false) {
        names.append(NameOccurrence(span: span, referent: referent, isDeclaration: isDeclaration))
    }

    /// The checked expression written exactly at `span`, if the checker looked at one there.
    public func expression(at span: SourceSpan) -> TypedSpan? {
        expressions.last { $0.span == span }
    }

    /// The innermost checked expression holding `offset` (ends inclusive).
    public func innermostExpression(at offset: Int) -> TypedSpan? {
        innermost(expressions, at: offset, span: \.span)
    }

    /// The name written at `offset` (ends inclusive); the shortest when several hold it.
    public func name(at offset: Int) -> NameOccurrence? {
        innermost(names, at: offset, span: \.span)
    }

    /// Every place `referent` is written, in source order, the declaration included.
    public func occurrences(of referent: Referent) -> [NameOccurrence] {
        var seen = Set<SourceSpan>()
        return names.filter { $0.referent == referent && seen.insert($0.span).inserted }.sorted { $0.span.start < $1.span.start }
    }

    /// Where `referent` is declared, if the file declares it.
    public func declaration(of referent: Referent) -> NameOccurrence? {
        names.first { $0.referent == referent && $0.isDeclaration }
    }

    /// How `type` is spelled in this file.
    public func spell(_ type: ValueType) -> String { type.spelled(eventNames: eventNames) }

    private func innermost<Element>(_ elements: [Element], at offset: Int, span: KeyPath<Element, SourceSpan>) -> Element? {
        var best: Element?
        var bestLength = Int.max
        for element in elements {
            let candidate = element[keyPath: span]
            let length = candidate.end - candidate.start
            if candidate.start <= offset && offset <= candidate.end && length < bestLength {
                best = element
                bestLength = length
            }
        }
        return best
    }
}
