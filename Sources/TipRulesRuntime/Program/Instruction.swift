/// One decoded instruction: an opcode and up to three operands, in the order `Opcode.operands`
/// lists them. Jump targets are instruction indices here (byte offsets only in the file).
public struct Instruction: Hashable, Sendable {
    public var opcode: Opcode
    public var a: Int32
    public var b: Int32
    public var c: Int32

    /// Operands that do not fit in 32 bits are clamped, which the verifier then rejects.
    public init(_ opcode: Opcode, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0) {
        self.opcode = opcode
        self.a = Int32(clamping: a)
        self.b = Int32(clamping: b)
        self.c = Int32(clamping: c)
    }

    /// The operand at `position` (0, 1 or 2).
    public func operand(_ position: Int) -> Int {
        switch position {
        case 0: return Int(a)
        case 1: return Int(b)
        default: return Int(c)
        }
    }

    /// Replaces the operand at `position` (0, 1 or 2).
    public mutating func setOperand(_ position: Int, _ value: Int) {
        switch position {
        case 0: a = Int32(clamping: value)
        case 1: b = Int32(clamping: value)
        default: c = Int32(clamping: value)
        }
    }
}
