/// The scratch of a fused scan (`ScanPlan`): a chunk of up to 64 rows, evaluated one
/// comparison at a time over the column (a tight loop per comparison, its operator and
/// constant fixed), with each row's outcome and the work it cost. Rows whose outcome an earlier
/// comparison decided (`&&` false, `||` true) are not compared again, so each row is compared
/// exactly as the closure would compare it.
struct ScanChunk {
    static let size = 64

    /// The rows of the chunk, in collection order.
    private(set) var rows = [Int](repeating: 0, count: size)
    /// Each row's outcome, once `evaluate` has run.
    private(set) var outcomes = [Bool](repeating: false, count: size)
    /// Each row's work: a step, and the bytes of its string comparisons (`StringCost`).
    private(set) var costs = [Int](repeating: 0, count: size)
    /// The rows (as chunk indices) whose outcome is still open.
    private var pending = [Int](repeating: 0, count: size)
    private(set) var count = 0
    /// Whether some row cost more than its step (a string comparison).
    private var chargedStrings = false

    /// Takes the rows at positions `start..<end` (at most `size`) of `source`.
    mutating func load(_ source: DonationSlice, from start: Int, to end: Int, arena: [Int]) {
        count = end - start
        if source.isRange {
            for index in 0..<count { rows[index] = source.lower + start + index }
        } else {
            for index in 0..<count { rows[index] = arena[source.lower + start + index] }
        }
    }

    /// Every row's outcome for the chain `terms` over `columns`; `stringIndices` gives each
    /// string term's constant as an interned index of the event's strings (-1: no donation has it).
    mutating func evaluate(_ terms: [ScanTerm], columns: DonationColumns, stringIndices: [Int]) {
        for index in 0..<count {
            pending[index] = index
            costs[index] = 1
        }
        chargedStrings = false
        var open = count
        for (position, term) in terms.enumerated() where open > 0 {
            let column = columns.columns[term.column]
            let exit = term.exitWhen
            switch term.test {
            case .integer(let constant):
                open = compare(open, exit, term.comparison, constant) { SlotEncoding.int(column[$0]) }
            case .floating(let constant):
                open = compare(open, exit, term.comparison, constant) { SlotEncoding.double(column[$0]) }
            case .string(let constant):
                let length = constant.utf8.count
                chargedStrings = true
                for index in pending[..<open] {
                    costs[index] += StringCost.scanning(columns.stringLengths[Int(column[rows[index]])] + length)
                }
                switch term.comparison {
                case .equal, .notEqual:
                    // Interned: equal strings have equal indices.
                    open = compare(open, exit, term.comparison, stringIndices[position]) { Int(column[$0]) }
                case .less, .lessOrEqual, .greater, .greaterOrEqual:
                    open = compare(open, exit, term.comparison, constant) { columns.strings[Int(column[$0])] }
                }
            }
        }
    }

    /// The first row (chunk index) whose outcome is `outcome`, if any.
    func firstRow(withOutcome outcome: Bool) -> Int? {
        outcomes[..<count].firstIndex(of: outcome)
    }

    /// The work of the first `rows` rows.
    func cost(ofFirst rows: Int) -> Int {
        chargedStrings ? costs[..<rows].reduce(0, +) : rows
    }

    /// One comparison over the open rows, its operator fixed for the loop.
    @inline(__always)
    private mutating func compare<Value: Comparable>(_ open: Int, _ exit: Bool?, _ comparison: ComparisonOperator,
                                                     _ constant: Value, _ value: (Int) -> Value) -> Int {
        switch comparison {
        case .equal: return decide(open, exit) { value($0) == constant }
        case .notEqual: return decide(open, exit) { value($0) != constant }
        case .less: return decide(open, exit) { value($0) < constant }
        case .lessOrEqual: return decide(open, exit) { value($0) <= constant }
        case .greater: return decide(open, exit) { value($0) > constant }
        case .greaterOrEqual: return decide(open, exit) { value($0) >= constant }
        }
    }

    /// Applies `test` to the open rows: a row whose outcome is `exit` (or any outcome, for the
    /// last comparison) is decided; the others stay open. Returns how many stay open. Branch-free
    /// in the outcome (every row's outcome is written; a later comparison overwrites an open one),
    /// since whether a donation passes is as unpredictable as the data.
    @inline(__always)
    private mutating func decide(_ open: Int, _ exit: Bool?, _ test: (Int) -> Bool) -> Int {
        guard let exit else {
            for slot in 0..<open {
                let index = pending[slot]
                outcomes[index] = test(rows[index])
            }
            return 0
        }
        var kept = 0
        for slot in 0..<open {
            let index = pending[slot]
            let outcome = test(rows[index])
            outcomes[index] = outcome
            pending[kept] = index
            kept &+= outcome == exit ? 0 : 1
        }
        return kept
    }
}
