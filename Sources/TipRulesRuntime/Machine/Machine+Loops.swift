/// One running closure loop (`filter`, `contains(where:)`, `allSatisfy`).
struct LoopFrame {
    var kind: LoopKind
    /// The local that holds the current element.
    var local: Int
    /// The first instruction of the body.
    var body: Int
    var source: DonationSlice
    var position: Int
    /// The filter's passing rows so far are `rows[resultStart..<resultEnd]`.
    var resultStart: Int
    var resultEnd: Int
    /// The sizes of the string and collection tables when the loop began: what an
    /// iteration adds is dead at its end.
    var stringMark: Int
    var sliceMark: Int
}

/// Which closure a loop runs.
enum LoopKind {
    case filter, any, all

    /// The kind of a loop instruction (`loopFilter`, `loopAny`, `loopAll`).
    init(_ opcode: Opcode) {
        self = opcode == .loopFilter ? .filter : opcode == .loopAny ? .any : .all
    }
}

/// What `loopNext` does next.
enum LoopStep {
    /// Run the body again, from this instruction, for the next element.
    case repeatBody(Int)
    /// The loop is over; push this result and continue after `loopNext`.
    case finished(UInt64)
}

/// The closure loops. A loop instruction starts a frame and binds the first element; each
/// `loopNext` consumes the predicate's result, drops what the iteration built, and either
/// binds the next element and returns to the body or ends the loop. `contains(where:)` stops
/// at the first true, `allSatisfy` at the first false.
extension Machine {
    /// Starts a loop over `source`. Returns the loop's result when `source` is empty (the body is
    /// then skipped), else nil.
    mutating func beginLoop(_ instruction: Instruction, over source: DonationSlice, body: Int) -> UInt64? {
        let kind = LoopKind(instruction.opcode)
        guard source.count > 0 else {
            switch kind {
            case .filter: return newSlice(.empty)
            case .any: return 0
            case .all: return 1
            }
        }
        let frame = LoopFrame(kind: kind, local: Int(instruction.b), body: body, source: source,
                              position: 0, resultStart: rows.count, resultEnd: rows.count,
                              stringMark: strings.count, sliceMark: slices.count)
        locals[2 * frame.local] = UInt64(source.row(0, arena: rows))
        loops.append(frame)
        return nil
    }

    /// `loopNext` with the predicate's result for the current element.
    mutating func nextIteration(passed: Bool) -> LoopStep {
        var frame = loops[loops.count - 1]
        truncateStrings(to: frame.stringMark)
        if slices.count > frame.sliceMark { slices.removeSubrange(frame.sliceMark...) }
        if rows.count > frame.resultEnd { rows.removeSubrange(frame.resultEnd...) }
        switch frame.kind {
        case .any where passed:
            loops.removeLast()
            return .finished(1)
        case .all where !passed:
            loops.removeLast()
            return .finished(0)
        case .filter where passed:
            let row = frame.source.row(frame.position, arena: rows)
            rows.append(row)
            frame.resultEnd += 1
        case .filter, .any, .all:
            break
        }
        frame.position += 1
        if frame.position < frame.source.count {
            locals[2 * frame.local] = UInt64(frame.source.row(frame.position, arena: rows))
            loops[loops.count - 1] = frame
            return .repeatBody(frame.body)
        }
        loops.removeLast()
        switch frame.kind {
        case .filter: return .finished(newSlice(DonationSlice(isRange: false, lower: frame.resultStart, upper: frame.resultEnd)))
        case .any: return .finished(0)
        case .all: return .finished(1)
        }
    }
}
