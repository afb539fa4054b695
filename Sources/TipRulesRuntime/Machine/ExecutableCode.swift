/// A verified code block ready to run: the block, and the closure loops the machine runs as
/// fused native scans instead of instruction by instruction (see `ScanPlan`). The evaluator
/// makes one per block when it is created, so the planning is paid once per program. A class,
/// so that running a block retains one reference instead of copying the block's arrays.
final class ExecutableCode {
    let code: CodeBlock
    /// The block's debug notes by instruction, for the explain mode.
    let notes: InstructionNotes
    /// The fused loops, by their loop instruction; few per block, so a linear search.
    private let scans: [ScanPlan]

    /// `fusing: false` runs every loop instruction by instruction (tests compare the two).
    init(_ code: CodeBlock, constants: [ScalarValue], fusing: Bool = true) {
        self.code = code
        notes = code.notesByInstruction
        scans = fusing ? ScanPlan.plans(for: code, constants: constants) : []
    }

    /// Whether any loop of the block is fused.
    var hasScans: Bool { !scans.isEmpty }

    /// The plan of the loop instruction at `index`, if that loop is fused.
    @inline(__always)
    func scan(at index: Int) -> ScanPlan? {
        for plan in scans where plan.loop == index { return plan }
        return nil
    }
}

/// A widget's code blocks, ready to run, with the native forms of its score and duration
/// (`NativeNumber`) when they have one.
struct ExecutableWidget {
    let score: ExecutableCode
    let duration: ExecutableCode
    let nativeScore: NativeNumber?
    let nativeDuration: NativeNumber?
    let suggestions: [(from: ExecutableCode, to: ExecutableCode)]

    /// `fusing: false` runs every instruction one by one: no fused loop, no native form.
    init(_ widget: WidgetInfo, constants: [ScalarValue], fusing: Bool) {
        score = ExecutableCode(widget.score, constants: constants, fusing: fusing)
        duration = ExecutableCode(widget.duration, constants: constants, fusing: fusing)
        nativeScore = fusing ? NativeNumber(widget.score, constants: constants) : nil
        nativeDuration = fusing ? NativeNumber(widget.duration, constants: constants) : nil
        suggestions = widget.suggestions.map {
            (ExecutableCode($0.from, constants: constants, fusing: fusing),
             ExecutableCode($0.to, constants: constants, fusing: fusing))
        }
    }
}
