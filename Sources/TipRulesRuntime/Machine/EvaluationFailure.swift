/// Why evaluating a rule, score or duration failed, and at which source line.
struct EvaluationFailure: Error, Hashable, CustomStringConvertible {
    enum Kind: Hashable {
        /// `Int` arithmetic overflowed in the operation of this instruction.
        case overflow(Opcode)
        case divisionByZero
        /// `Int(x)` of a `Double` that is NaN or out of `Int`'s range.
        case conversion(Double)
        /// A string result longer than `Machine.maximumStringLength` UTF-8 bytes.
        case stringTooLong
        /// The evaluation did more than `Machine.workBudget` steps of work.
        case tooMuchWork
        /// The run would hold more than `Machine.maximumLiveStringBytes` of strings it built.
        case tooMuchMemory
        /// The code ran off its end (never for verified code).
        case invalidProgram
        /// A `Version` value that is not a version. The store and the verifier refuse such values,
        /// so only a defect can lead here; the kind carries no text, so that a failure stays a
        /// trivial value on the VM's hot path.
        case invalidVersion
        /// `rollout(P, …)` with P outside 0–100.
        case rolloutShare(Int)
        /// A date whose calendar components lie outside the years 0000–9999.
        case dateOutOfRange(Double)
    }

    var kind: Kind
    var line: Int

    var description: String {
        let place = line > 0 ? " at line \(line)" : ""
        switch kind {
        case .overflow(let opcode): return "integer overflow in '\(Self.operation(opcode))'\(place)"
        case .divisionByZero: return "division by zero\(place)"
        case .conversion(let value): return "Int(\(value.isNaN ? "nan" : value.description)) is out of range\(place)"
        case .stringTooLong: return "string longer than \(Machine.maximumStringLength) bytes\(place)"
        case .tooMuchWork: return "the evaluation used up its work budget of \(Machine.workBudget) steps\(place)"
        case .tooMuchMemory: return "strings built by the evaluation exceed \(Machine.maximumLiveStringBytes >> 20) MiB\(place)"
        case .invalidProgram: return "the code ended without a result\(place)"
        case .invalidVersion: return "a value that is not a version\(place)"
        case .rolloutShare(let share): return "rollout share \(share) is outside 0...100\(place)"
        case .dateOutOfRange(let seconds): return "the date \(seconds) is outside the years 0000 to 9999\(place)"
        }
    }

    /// The Swift spelling of an overflowing `Int` operation.
    private static func operation(_ opcode: Opcode) -> String {
        opcode.aggregate?.aggregate.spelling ?? spellings[opcode] ?? opcode.mnemonic
    }

    private static let spellings: [Opcode: String] = [
        .addInt: "+", .subInt: "-", .negInt: "-", .mulInt: "*", .divInt: "/", .remInt: "%",
    ]
}
