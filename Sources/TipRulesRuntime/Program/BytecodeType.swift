/// The type of a value on the virtual machine's stack or in a local, as the verifier tracks it.
///
/// An optional occupies two slots (the value, then a presence flag); everything else one.
public struct BytecodeType: Hashable, Sendable, CustomStringConvertible {
    /// A non-optional type.
    public enum Base: Hashable, Sendable {
        case bool, int, double, string, date, duration
        /// One donation (a row) of the event with this index.
        case donation(event: Int)
        /// A collection of donations of the event with this index.
        case donations(event: Int)
    }

    public var base: Base
    public var isOptional: Bool

    public init(_ base: Base, optional: Bool = false) {
        self.base = base
        self.isOptional = optional
    }

    /// The non-optional type of a scalar kind.
    public init(_ scalar: ScalarKind) {
        self.init(Base(scalar))
    }

    /// The number of stack slots a value of this type occupies.
    public var width: Int { isOptional ? 2 : 1 }

    /// The same type made optional.
    public var optional: BytecodeType { BytecodeType(base, optional: true) }

    /// The same type without optionality.
    public var unwrapped: BytecodeType { BytecodeType(base) }

    public var description: String { base.description + (isOptional ? "?" : "") }
}

extension BytecodeType.Base: CustomStringConvertible {
    /// The base type of a scalar kind.
    public init(_ scalar: ScalarKind) {
        switch scalar {
        case .bool: self = .bool
        case .int: self = .int
        case .double: self = .double
        case .string, .version: self = .string
        case .date: self = .date
        case .duration: self = .duration
        }
    }

    /// The scalar kind of this base type, if it is a scalar.
    public var scalar: ScalarKind? {
        ScalarKind.allCases.first { Self($0) == self }
    }

    /// The event a donation or collection type belongs to.
    public var event: Int? {
        switch self {
        case .donation(let event), .donations(let event): return event
        default: return nil
        }
    }

    /// The number that stands for this type in bytecode: a scalar kind's raw value,
    /// `6 + 2 × event` for a donation and `7 + 2 × event` for a collection.
    public var code: Int {
        if let scalar { return Int(scalar.rawValue) }
        switch self {
        case .donation(let event): return 6 &+ 2 &* event
        case .donations(let event): return 7 &+ 2 &* event
        default: return 0
        }
    }

    /// The base type a bytecode number stands for (the event index is not range-checked here).
    public init?(code: Int) {
        guard code >= 0 else { return nil }
        if code < 6 {
            guard let scalar = ScalarKind(rawValue: UInt8(code)) else { return nil }
            self.init(scalar)
        } else {
            let event = (code - 6) / 2
            self = code % 2 == 0 ? .donation(event: event) : .donations(event: event)
        }
    }

    public var description: String {
        if let scalar { return scalar.description }
        switch self {
        case .donation(let event): return "Donation<\(event)>"
        case .donations(let event): return "Donations<\(event)>"
        default: return "?"
        }
    }
}
