/// A code block's debug notes found by instruction index, for the explain mode and the
/// disassembler: a binary search of the notes, which the verifier has checked are in order of
/// instruction (the first of notes on one instruction, in a block not verified).
///
/// Not a `[Int: ComparisonNote]`: the first dictionary keyed by `Int` in a process costs a search
/// of every conformance the process has (`Int: Hashable`; docs/performance.md, "Start-up").
struct InstructionNotes {
    private let notes: [ComparisonNote]

    init(_ notes: [ComparisonNote]) {
        self.notes = notes
    }

    /// The note on the instruction at `index`, if any.
    subscript(index: Int) -> ComparisonNote? {
        var low = 0, high = notes.count
        while low < high {
            let middle = low + (high - low) / 2
            if notes[middle].instruction < index { low = middle + 1 } else { high = middle }
        }
        return low < notes.count && notes[low].instruction == index ? notes[low] : nil
    }
}
