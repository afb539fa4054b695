/// An aggregate of the language over a field of a donation collection, as written:
/// `min(of: \.amount)`, `max(of:)`, `sum(of:)`.
public enum Aggregate: String, Hashable, Sendable, CaseIterable {
    case min, max, sum

    /// The label of the key path argument: `of`.
    public static let argumentLabel = "of"

    /// As written in a message: `sum(of:)`.
    public var spelling: String { "\(rawValue)(\(Self.argumentLabel):)" }
}

/// The type an aggregate instruction pushes, for a field of a given type.
public enum AggregateResultType: Hashable, Sendable {
    /// The field's type: `sum(of:)`, 0 when there are no donations.
    case field
    /// The field's type, optional: `min(of:)` and `max(of:)`, nil when there are no donations.
    case optionalField

    /// The type pushed for a field of type `field`.
    public func type(field: BytecodeType.Base) -> BytecodeType {
        switch self {
        case .field: return BytecodeType(field)
        case .optionalField: return BytecodeType(field, optional: true)
        }
    }
}

/// What the virtual machine computes for an aggregate instruction, over the field's column.
enum AggregateKernel: Hashable, Sendable {
    /// How `min`/`max` order column values: as `Int`s, as `Double`s (dates and durations too),
    /// or as the event's interned strings.
    enum Order: Hashable, Sendable {
        case int, double, string
    }

    /// The total of `Int`s; overflow is an evaluation error.
    case sumInt
    /// The total of `Double`s.
    case sumDouble
    /// The first smallest (`largest` false) or first largest value; nil for no donations.
    case extreme(Order, largest: Bool)

    /// Whether it reads a `String` field (its result names an interned string).
    var readsStrings: Bool {
        if case .extreme(.string, _) = self { return true }
        return false
    }
}

/// One aggregate instruction: the language's aggregate it lowers, the field types it accepts,
/// the type it pushes and what it computes. Every aggregate instruction takes an event and a
/// field operand and replaces the collection on the stack with its result.
public struct AggregateInstruction: Hashable, Sendable {
    public let opcode: Opcode
    public let aggregate: Aggregate
    /// The field types it aggregates (the verifier's bytecode types: a `Version` field is a `String`).
    public let fieldTypes: [BytecodeType.Base]
    public let result: AggregateResultType
    let kernel: AggregateKernel

    /// The type it pushes for a field of type `field`.
    public func resultType(field: BytecodeType.Base) -> BytecodeType { result.type(field: field) }
}

/// The aggregate table: one row per aggregate instruction, the one place that says which
/// opcode computes which aggregate of which field types, and what it pushes. The code generator
/// chooses opcodes from it, the verifier checks and types the instructions by it, the virtual
/// machine takes the computation from it, the checker the allowed field types and result types.
extension AggregateInstruction {
    /// Every aggregate instruction; for an aggregate and a field type, the first row that
    /// accepts the field is the one the code generator emits.
    public static let all: [AggregateInstruction] = [
        AggregateInstruction(opcode: .minInt, aggregate: .min, fieldTypes: [.int], result: .optionalField,
                             kernel: .extreme(.int, largest: false)),
        AggregateInstruction(opcode: .maxInt, aggregate: .max, fieldTypes: [.int], result: .optionalField,
                             kernel: .extreme(.int, largest: true)),
        AggregateInstruction(opcode: .sumInt, aggregate: .sum, fieldTypes: [.int], result: .field, kernel: .sumInt),
        AggregateInstruction(opcode: .minDouble, aggregate: .min, fieldTypes: [.double, .date, .duration], result: .optionalField,
                             kernel: .extreme(.double, largest: false)),
        AggregateInstruction(opcode: .maxDouble, aggregate: .max, fieldTypes: [.double, .date, .duration], result: .optionalField,
                             kernel: .extreme(.double, largest: true)),
        AggregateInstruction(opcode: .sumDouble, aggregate: .sum, fieldTypes: [.double, .duration], result: .field,
                             kernel: .sumDouble),
        AggregateInstruction(opcode: .minString, aggregate: .min, fieldTypes: [.string], result: .optionalField,
                             kernel: .extreme(.string, largest: false)),
        AggregateInstruction(opcode: .maxString, aggregate: .max, fieldTypes: [.string], result: .optionalField,
                             kernel: .extreme(.string, largest: true)),
    ]

    /// The instruction that computes `aggregate` of a field of type `field`, if there is one.
    public static func lowering(_ aggregate: Aggregate, field: BytecodeType.Base) -> AggregateInstruction? {
        all.first { $0.aggregate == aggregate && $0.fieldTypes.contains(field) }
    }

    /// The field types `aggregate` accepts, in table order.
    public static func fieldTypes(of aggregate: Aggregate) -> [BytecodeType.Base] {
        var types: [BytecodeType.Base] = []
        for row in all where row.aggregate == aggregate {
            for type in row.fieldTypes where !types.contains(type) { types.append(type) }
        }
        return types
    }

    /// The rows by opcode byte.
    fileprivate static let byOpcode: [AggregateInstruction?] = Opcode.allCases.map { opcode in
        all.first { $0.opcode == opcode }
    }

    /// The computations by opcode byte, for the virtual machine: a small value, no row to copy.
    fileprivate static let kernels: [AggregateKernel?] = byOpcode.map { $0?.kernel }
}

extension Opcode {
    /// This opcode's row of the aggregate table; nil for an instruction that is not an aggregate.
    public var aggregate: AggregateInstruction? { AggregateInstruction.byOpcode[Int(rawValue)] }

    /// What the virtual machine computes for this aggregate instruction.
    var aggregateKernel: AggregateKernel? { AggregateInstruction.kernels[Int(rawValue)] }
}
