/// A JSON document or fragment.
///
/// Numbers written without a fraction or an exponent that fit in `Int` are
/// `.integer`; every other number is `.number`. Objects keep their members in
/// insertion order, so serialising a value is deterministic.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The boolean, if this is `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, if this is `.integer`.
    public var intValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, if this is `.integer` or `.number`.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The string, if this is `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, if this is `.array`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is `.object`.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool { self == .null }

    /// The member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// What kind of value this is, with an article, for messages such as
    /// "expected a string, found an array": `null`, `a boolean`, `an integer`,
    /// `a number`, `a string`, `an array` or `an object`.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer: return "an integer"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

/// The members of a JSON object, in insertion order, with lookup by key.
///
/// Keys are unique. Two objects are equal when they have the same members,
/// whatever their order.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// The members in insertion order.
    public private(set) var entries: [(key: String, value: JSONValue)] = []
    private var positions: [String: Int] = [:]

    /// An empty object.
    public init() {}

    /// An object with `members` in order; a repeated key replaces the earlier value in place.
    public init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The keys in insertion order.
    public var keys: [String] { entries.map(\.key) }

    /// The number of members.
    public var count: Int { entries.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value for `key`. Setting a value replaces an existing member in place
    /// or appends a new one; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { positions[key].map { entries[$0].value } }
        set {
            if let position = positions[key] {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    positions[key] = nil
                    for index in position..<entries.count { positions[entries[index].key] = index }
                }
            } else if let newValue {
                positions[key] = entries.count
                entries.append((key: key, value: newValue))
            }
        }
    }

    /// Appends a member unless `key` is already present; returns whether it was appended.
    @discardableResult
    public mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
        guard positions[key] == nil else { return false }
        self[key] = value
        return true
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.entries.allSatisfy { b[$0.key] == $0.value }
    }
}
