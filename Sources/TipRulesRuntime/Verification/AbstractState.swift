/// What the verifier knows at one instruction on every path to it: the types on the stack
/// and which locals certainly hold a value.
struct AbstractState: Equatable {
    var stack: [BytecodeType] = []
    var initialized: [Bool]
    /// The stack's size in slots (optionals take two).
    var depth = 0

    init(locals: Int) {
        initialized = Array(repeating: false, count: locals)
    }

    /// What keeping this state costs the verifier, in stack entries (8 locals count as one).
    var cost: Int { 1 + stack.count + initialized.count / 8 }

    mutating func push(_ type: BytecodeType) {
        stack.append(type)
        depth += type.width
    }

    /// Pops a value of exactly `expected`.
    mutating func pop(_ expected: BytecodeType, at instruction: Int) throws {
        let found = try pop(at: instruction)
        guard found == expected else {
            throw VerificationProblem(at: instruction, "expected \(expected) on the stack, found \(found)")
        }
    }

    /// Pops any value.
    @discardableResult
    mutating func pop(at instruction: Int) throws -> BytecodeType {
        guard let top = stack.popLast() else { throw VerificationProblem(at: instruction, "stack underflow") }
        depth -= top.width
        return top
    }

    /// Pops an optional value.
    mutating func popOptional(at instruction: Int) throws -> BytecodeType {
        let found = try pop(at: instruction)
        guard found.isOptional else { throw VerificationProblem(at: instruction, "expected an optional, found \(found)") }
        return found
    }

    /// Pops a donation collection and returns its event.
    mutating func popDonations(at instruction: Int) throws -> Int {
        let found = try pop(at: instruction)
        guard !found.isOptional, case .donations(let event) = found.base else {
            throw VerificationProblem(at: instruction, "expected donations on the stack, found \(found)")
        }
        return event
    }

    /// Combines the state of another path into the same instruction: the stacks must agree;
    /// a local is initialized only if it is on both paths.
    mutating func merge(_ other: AbstractState, at instruction: Int) throws {
        guard stack == other.stack else {
            throw VerificationProblem(at: instruction, "paths meet with different stacks: \(Self.describe(stack)) and \(Self.describe(other.stack))")
        }
        for index in initialized.indices where !other.initialized[index] {
            initialized[index] = false
        }
    }

    /// A stack for messages: "[Int, Bool?]".
    static func describe(_ types: [BytecodeType]) -> String {
        "[" + types.map(\.description).joinedText(separator: ", ") + "]"
    }
}
