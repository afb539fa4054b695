/// A verifier finding inside one code block: the instruction and what is wrong with it.
/// The verifier turns it into `BytecodeError.verificationFailed` with the block's name and byte offset.
struct VerificationProblem: Error {
    var instruction: Int
    var message: String

    init(at instruction: Int, _ message: String) {
        self.instruction = instruction
        self.message = message
    }
}
