/// The closure loops of a code block. A loop instruction (`loopFilter`, `loopAny`, `loopAll`)
/// names its `loopNext`; the instructions after the loop instruction up to and including that
/// `loopNext` are the loop's body. Bodies must nest properly and every `loopNext` must close a loop.
struct LoopRegions {
    /// One loop: the loop instruction and its `loopNext`.
    struct Loop {
        var begin: Int
        var end: Int
    }

    private(set) var loops: [Loop] = []
    /// For each instruction, the innermost loop whose body holds it, or nil at the top level.
    private(set) var innermost: [Int?]
    /// The deepest nesting of loops.
    private(set) var maximumDepth = 0

    init(_ instructions: [Instruction]) throws {
        innermost = Array(repeating: nil, count: instructions.count)
        var open: [Int] = []
        for (index, instruction) in instructions.enumerated() {
            innermost[index] = open.last
            switch instruction.opcode {
            case .loopFilter, .loopAny, .loopAll:
                let end = instruction.operand(2)
                guard end > index + 1 && end < instructions.count, instructions[end].opcode == .loopNext else {
                    throw VerificationProblem(at: index, "loop end \(end) is not a loopNext after the loop's body")
                }
                if let enclosing = open.last, end >= loops[enclosing].end {
                    throw VerificationProblem(at: index, "loop ends outside the enclosing loop")
                }
                open.append(loops.count)
                loops.append(Loop(begin: index, end: end))
                maximumDepth = max(maximumDepth, open.count)
                guard maximumDepth <= BytecodeFormat.maximumLoopDepth else {
                    throw VerificationProblem(at: index, "loops nest deeper than \(BytecodeFormat.maximumLoopDepth)")
                }
            case .loopNext:
                guard let current = open.last, loops[current].end == index else {
                    throw VerificationProblem(at: index, "loopNext closes no loop")
                }
                open.removeLast()
            default:
                break
            }
        }
    }
}
