/// The code of one rule, score or duration, with its locals, line table and debug notes.
public struct CodeBlock: Hashable, Sendable {
    public var instructions: [Instruction]
    /// The type of each local (widget `let`s, closure elements, optional-chain values).
    public var locals: [BytecodeType]
    /// The line table: each entry gives the source line of the instructions from `start`
    /// up to the next entry's `start`. Starts are increasing; the first is 0.
    public var lines: [LineEntry]
    /// Debug: what the explain mode says about each comparison, ordered by instruction.
    public var notes: [ComparisonNote]
    /// Debug: a description of the whole expression (used when no comparison explains a false rule).
    public var summary: String

    public init(instructions: [Instruction], locals: [BytecodeType] = [], lines: [LineEntry] = [],
                notes: [ComparisonNote] = [], summary: String = "") {
        self.instructions = instructions
        self.locals = locals
        self.lines = lines
        self.notes = notes
        self.summary = summary
    }

    /// The debug notes by instruction index.
    var notesByInstruction: InstructionNotes { InstructionNotes(notes) }

    /// The source line of the instruction at `index` (0 when the line table does not cover it).
    public func line(at index: Int) -> Int {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = low + (high - low) / 2
            if lines[middle].start <= index { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : lines[low - 1].line
    }
}

/// A line-table entry: instructions from `start` on come from source line `line`.
public struct LineEntry: Hashable, Sendable {
    public var start: Int
    public var line: Int

    public init(start: Int, line: Int) {
        self.start = start
        self.line = line
    }
}

/// Debug information for one comparison instruction: how to explain its outcome.
public struct ComparisonNote: Hashable, Sendable {
    /// The comparison's instruction index.
    public var instruction: Int
    /// A description of the compared value, e.g. "purchase donations: last?.amount".
    public var subject: String
    /// A description of the other operand when it is not a constant.
    public var other: String?
    /// The subject is the comparison's right operand (the left one is a constant).
    public var mirrored: Bool
    /// The comparison sits under an odd number of `!`: a true result is what makes the rule false.
    public var negated: Bool

    /// Written after a calendar component in a subject ("hour of now (local time)"); the
    /// explanation replaces it with the store's UTC offset ("(UTC+09:00)").
    public static let localTimeMarker = "(local time)"

    public init(instruction: Int, subject: String, other: String? = nil, mirrored: Bool = false, negated: Bool = false) {
        self.instruction = instruction
        self.subject = subject
        self.other = other
        self.mirrored = mirrored
        self.negated = negated
    }
}
