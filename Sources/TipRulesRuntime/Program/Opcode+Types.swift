/// The operand and result types of the typed instructions, shared by the verifier and the VM.
extension Opcode {
    /// The operand type of a comparison instruction (`.bool` for any other, which no caller asks).
    var comparedType: BytecodeType.Base { info.compared?.base ?? .bool }

    /// Whether this is one of the optional comparisons.
    var comparesOptionals: Bool { info.compared?.isOptional ?? false }

    /// The result of a loop instruction over donations of `event`.
    func loopResult(event: Int) -> BytecodeType {
        self == .loopFilter ? BytecodeType(.donations(event: event)) : BytecodeType(.bool)
    }
}
