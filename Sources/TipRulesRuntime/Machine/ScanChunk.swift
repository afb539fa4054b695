/// The scratch of a fused scan (`ScanPlan`): a chunk of up to 64 rows, each row a bit of a
/// 64-bit mask. Every comparison runs as one tight, branch-free loop over the chunk's column
/// values (its operator and constant fixed) that sets a bit per row; the chain's `&&` / `||`
/// combine the masks. A row the closure would not compare (an earlier comparison decided it)
/// may be compared anyway, which changes nothing but the work: a numeric or interned-string
/// comparison has no effect, and the work is charged only for the rows the closure compares
/// (a string comparison by its bytes), and an ordered string comparison runs only for them.
struct ScanChunk {
    static let size = 64

    /// The rows of the chunk, in collection order, when the collection is not a range of rows.
    private var gathered = [Int](repeating: 0, count: size)
    /// The first row, when the collection is a range of rows (`gathered` is unused then).
    private var base = 0
    private var isRange = true
    private(set) var count = 0
    /// Bit `i`: the outcome of the chunk's row `i`, once `evaluate` has run.
    private(set) var outcomes: UInt64 = 0
    /// Each row's work when some row cost more than its step (a string comparison).
    private var costs = [Int](repeating: 0, count: size)
    /// Whether some row cost more than its step.
    private var chargedStrings = false

    /// Takes the rows at positions `start..<end` (at most `size`) of `source`.
    mutating func load(_ source: DonationSlice, from start: Int, to end: Int, arena: [Int]) {
        count = end - start
        isRange = source.isRange
        if source.isRange {
            base = source.lower + start
        } else {
            for index in 0..<count { gathered[index] = arena[source.lower + start + index] }
        }
    }

    /// The chunk's row `index`.
    @inline(__always)
    func row(_ index: Int) -> Int { isRange ? base + index : gathered[index] }

    /// The mask of every row of the chunk.
    var all: UInt64 { count == 64 ? ~0 : (1 &<< UInt64(count)) &- 1 }

    /// Every row's outcome for the chain `terms` over `columns`; `stringIndices` gives each
    /// string term's constant as an interned index of the event's strings (-1: no donation has it).
    /// The rows must be rows of `columns`.
    mutating func evaluate(_ terms: [ScanTerm], columns: DonationColumns, stringIndices: [Int]) {
        chargedStrings = false
        outcomes = 0
        // The rows whose outcome is still open: the closure compares them with the next term.
        var open = all
        for position in terms.indices where open != 0 {
            let term = terms[position]
            let column = columns.columns[term.column]
            var passed: UInt64
            switch term.test {
            case .integer(let constant):
                passed = mask(column, term.comparison, constant) { SlotEncoding.int($0) }
            case .floating(let constant):
                passed = mask(column, term.comparison, constant) { SlotEncoding.double($0) }
            case .string(let constant):
                charge(open, column: column, lengths: columns.stringLengths, constantLength: constant.utf8.count)
                switch term.comparison {
                case .equal, .notEqual:
                    // Interned: equal strings have equal indices.
                    passed = mask(column, term.comparison, stringIndices[position]) { Int(truncatingIfNeeded: $0) }
                case .less, .lessOrEqual, .greater, .greaterOrEqual:
                    passed = orderedStrings(open, column, term.comparison, constant, strings: columns.strings)
                }
            }
            guard let exit = term.exitWhen else {
                outcomes |= passed & open
                break
            }
            // The rows whose outcome is `exit` end the predicate with it; the others go on.
            let exiting = open & (exit ? passed : ~passed)
            if exit { outcomes |= exiting }
            open &= ~exiting
        }
    }

    /// The first row (chunk index) whose outcome is `outcome`, if any.
    func firstRow(withOutcome outcome: Bool) -> Int? {
        let rows = (outcome ? outcomes : ~outcomes) & all
        return rows == 0 ? nil : rows.trailingZeroBitCount
    }

    /// The number of rows of the first `rows` whose outcome is true.
    func passedCount(ofFirst rows: Int) -> Int {
        (outcomes & (rows == 64 ? ~0 : (1 &<< UInt64(rows)) &- 1)).nonzeroBitCount
    }

    /// The chunk index of the `n`th row (from 1) whose outcome is true; `n` is at most the
    /// number of such rows.
    func passingRow(_ n: Int) -> Int {
        var rows = outcomes
        for _ in 1..<max(n, 1) { rows &= rows &- 1 }
        return rows.trailingZeroBitCount
    }

    /// The work of the first `rows` rows.
    func cost(ofFirst rows: Int) -> Int {
        chargedStrings ? costs[..<rows].reduce(0, +) : rows
    }

    /// Charges the rows of `open` a string comparison each: the bytes of the row's string and
    /// of the constant (`StringCost`).
    private mutating func charge(_ open: UInt64, column: [UInt64], lengths: [Int], constantLength: Int) {
        if !chargedStrings {
            for index in 0..<count { costs[index] = 1 }
            chargedStrings = true
        }
        var rows = open
        while rows != 0 {
            let index = rows.trailingZeroBitCount
            rows &= rows &- 1
            costs[index] += StringCost.scanning(lengths[Int(truncatingIfNeeded: column[row(index)])] + constantLength)
        }
    }

    /// The rows of `open` whose string passes an ordered comparison with `constant` (compared only
    /// for those rows: a string comparison is not a few instructions).
    private func orderedStrings(_ open: UInt64, _ column: [UInt64], _ comparison: ComparisonOperator, _ constant: String,
                                strings: [String]) -> UInt64 {
        var passed: UInt64 = 0
        var rows = open
        while rows != 0 {
            let index = rows.trailingZeroBitCount
            rows &= rows &- 1
            if comparison.compare(strings[Int(truncatingIfNeeded: column[row(index)])], constant) { passed |= 1 &<< UInt64(index) }
        }
        return passed
    }

    /// One comparison over every row of the chunk, its operator fixed for the loop.
    @inline(__always)
    private func mask<Value: Comparable>(_ column: [UInt64], _ comparison: ComparisonOperator, _ constant: Value,
                                         _ value: (UInt64) -> Value) -> UInt64 {
        switch comparison {
        case .equal: return mask(column) { value($0) == constant }
        case .notEqual: return mask(column) { value($0) != constant }
        case .less: return mask(column) { value($0) < constant }
        case .lessOrEqual: return mask(column) { value($0) <= constant }
        case .greater: return mask(column) { value($0) > constant }
        case .greaterOrEqual: return mask(column) { value($0) >= constant }
        }
    }

    /// A bit per row of the chunk: whether its value in `column` passes `test`. Branch-free in
    /// the outcome, since whether a donation passes is as unpredictable as the data.
    @inline(__always)
    private func mask(_ column: [UInt64], _ test: (UInt64) -> Bool) -> UInt64 {
        var passed: UInt64 = 0
        guard isRange, base >= 0, base + count <= column.count else {
            for index in 0..<count { passed |= UInt64(test(column[row(index)]) ? 1 : 0) &<< UInt64(index) }
            return passed
        }
        column.withUnsafeBufferPointer { values in
            // The range was checked once for the chunk instead of at every row.
            let rows = UnsafeBufferPointer(rebasing: values[base..<base + count])
            for index in 0..<rows.count { passed |= UInt64(test(rows[index]) ? 1 : 0) &<< UInt64(index) }
        }
        return passed
    }
}
