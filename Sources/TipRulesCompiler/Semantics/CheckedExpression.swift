import TipRulesRuntime

/// An expression after name resolution and type checking: every name is an index,
/// every operator is specialised to its operand types, and every node knows its type.
public struct CheckedExpression: Hashable, Sendable {
    public var kind: Kind
    public var type: ValueType
    public var span: SourceSpan

    public init(_ kind: Kind, type: ValueType, span: SourceSpan) {
        self.kind = kind
        self.type = type
        self.span = span
    }

    /// What an expression does. Only the kinds holding expressions are boxed: a constant,
    /// parameter or local is a plain value, so making it allocates nothing.
    public enum Kind: Hashable, Sendable {
        case constant(Constant)
        /// The current value of the parameter with this index.
        case parameter(Int)
        /// The evaluation instant.
        case now
        /// The value of the widget `let` with this index (in `WidgetSymbol.lets`).
        case local(Int)
        /// The donation bound to `$0` by the enclosing closure at this depth (0 = outermost closure).
        case element(depth: Int)
        /// The unwrapped value of the optional chain at this depth (0 = outermost chain).
        case chained(depth: Int)

        indirect case unary(UnaryOperation, CheckedExpression)
        indirect case binary(BinaryOperation, CheckedExpression, CheckedExpression)
        /// `&&`, short-circuit.
        indirect case and(CheckedExpression, CheckedExpression)
        /// `||`, short-circuit.
        indirect case or(CheckedExpression, CheckedExpression)
        /// `condition ? then : else`.
        indirect case conditional(CheckedExpression, CheckedExpression, CheckedExpression)
        /// `optional ?? fallback`; the fallback is evaluated only when the optional is nil.
        /// The fallback's type is either the wrapped type or the same optional type.
        indirect case coalesce(CheckedExpression, CheckedExpression)
        /// `base?.…`: when `base` is nil the whole chain is nil; otherwise `body`,
        /// in which `.chained(depth:)` is the unwrapped base, gives the value (wrapped in an optional).
        indirect case optionalChain(base: CheckedExpression, depth: Int, body: CheckedExpression)
        /// A non-optional value used where an optional is expected.
        indirect case wrap(CheckedExpression)
        /// `value == nil` (or `!= nil` when `negated`).
        indirect case isNil(CheckedExpression, negated: Bool)
        indirect case convert(Conversion, CheckedExpression)

        /// A string member: `count`, `isEmpty`, `lowercased()`, `hasPrefix(_:)` …
        indirect case string(StringOperation, CheckedExpression, argument: CheckedExpression?)

        /// All visible donations of the event with this index, oldest first.
        case donations(event: Int)
        /// `donatedWithin(range)`: donations with `now - range <= date <= now`.
        indirect case donatedWithin(CheckedExpression, range: CheckedExpression)
        /// `filter { predicate }`, `$0` in the predicate is `.element(depth:)`.
        indirect case filter(CheckedExpression, depth: Int, predicate: CheckedExpression)
        /// `largestSubset(groupedBy:)` (or smallest when `largest` is false).
        indirect case subset(CheckedExpression, field: FieldReference, largest: Bool)
        indirect case count(CheckedExpression)
        indirect case isEmpty(CheckedExpression)
        /// `first` (oldest) or `last` (newest): an optional donation.
        indirect case endpoint(CheckedExpression, last: Bool)
        /// `contains(where:)` (`all == false`) or `allSatisfy` (`all == true`).
        indirect case quantifier(CheckedExpression, all: Bool, depth: Int, predicate: CheckedExpression)
        /// `min(of:)`, `max(of:)` (optional results) and `sum(of:)`.
        indirect case aggregate(Aggregate, CheckedExpression, field: FieldReference)
        /// A field of a donation.
        indirect case field(CheckedExpression, FieldReference)

        /// `version.major`, `.minor`, `.patch`.
        indirect case versionComponent(VersionComponent, CheckedExpression)
        /// `bucket(of: id, group: g)`: the id's rollout bucket in the group, 1…100.
        indirect case bucket(id: CheckedExpression, group: CheckedExpression)
        /// `rollout(share, of: id, group: g)`: whether the id is in the first `share` buckets.
        indirect case rollout(share: CheckedExpression, id: CheckedExpression, group: CheckedExpression)
        /// `Calendar.current.component(.c, from: date)`, in the store's UTC offset.
        indirect case calendar(CalendarComponent, CheckedExpression)
        /// `[c1, c2, …].contains(value)`: whether the value equals one of the constants.
        indirect case oneOf(CheckedExpression, [CheckedExpression])
    }
}

/// A field of an event's donations: the implicit `date` or a declared field.
public enum FieldReference: Hashable, Sendable {
    case date
    /// The declared field with this index in `EventSymbol.fields`.
    case declared(Int)
}

/// Prefix operators, specialised to their operand type.
public enum UnaryOperation: Hashable, Sendable {
    case not, negateInt, negateDouble, negateDuration
}

/// Binary operators, specialised to their operand types.
public enum BinaryOperation: Hashable, Sendable {
    case addInt, subtractInt, multiplyInt, divideInt, remainderInt
    case addDouble, subtractDouble, multiplyDouble, divideDouble
    case concatenate
    /// `Date + Duration`, `Date - Duration` → `Date`; `Date - Date` → `Duration`.
    case addDuration, subtractDuration, subtractDates
    /// `Duration ± Duration`, `Duration * Int`, `Duration / Int`.
    case addDurations, subtractDurations, multiplyDuration, divideDuration
    /// A comparison of two non-optional values of `kind`.
    case compare(Comparison, ScalarKind)
    /// `==` / `!=` of two optionals of `kind` (both sides are optional-typed; nil equals nil).
    case compareOptionals(Comparison, ScalarKind)
}

/// The six comparison operators.
public enum Comparison: UInt8, Hashable, Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

/// Explicit and implicit conversions.
public enum Conversion: Hashable, Sendable {
    /// `Double(int)`.
    case intToDouble
    /// `Int(double)`, truncating toward zero; out of range is an evaluation error.
    case doubleToInt
    /// A number of seconds where a `Duration` is expected.
    case intToDuration, doubleToDuration
}

/// String members.
public enum StringOperation: Hashable, Sendable {
    /// `count` → Int (Characters), `isEmpty` → Bool, `lowercased()` → String.
    case count, isEmpty, lowercased
    /// `hasPrefix(s)`, `hasSuffix(s)`, `contains(s)` → Bool.
    case hasPrefix, hasSuffix, contains
}

/// The numbers of a version.
public enum VersionComponent: Hashable, Sendable, CaseIterable {
    case major, minor, patch
}

