/// Running a `ScanPlan`: one native loop over the rows of a collection, reading the compared
/// columns directly, with no instruction dispatch, loop frame or row copy per element.
extension Machine {
    /// What a scan gives: the loop's result slot, or why the run stops.
    enum ScanOutcome {
        case value(UInt64)
        case failure(EvaluationFailure.Kind)
    }

    /// The loop's result slot, or why the run stops. Charges the work the instruction-by-instruction
    /// loop would: a step per element visited, and each string comparison by its bytes.
    mutating func runScan(_ plan: ScanPlan, over source: DonationSlice, event: Int, explaining: Bool,
                          work: inout Int) -> ScanOutcome {
        let columns = context.donations[event]
        scanStringIndices.removeAll(keepingCapacity: true)
        for term in plan.terms {
            guard columns.columns.indices.contains(term.column) else { return .failure(.invalidProgram) }
            if case .string(let text) = term.test {
                scanStringIndices.append(columns.internedIndex(of: text) ?? -1)
            } else {
                scanStringIndices.append(-1)
            }
        }
        var passed = 0
        var limit = Int.max
        if case .count(let bound?) = plan.kind, !explaining { limit = bound }
        let filterStart = rows.count
        for position in 0..<source.count {
            if passed >= limit { break }
            let row = source.row(position, arena: rows)
            work += 1
            let outcome = passes(plan.terms, row: row, columns: columns, work: &work)
            if work > Self.workBudget { return .failure(.tooMuchWork) }
            switch plan.kind {
            case .any where outcome: return .value(1)
            case .all where !outcome: return .value(0)
            case .filter where outcome: rows.append(row)
            default: break
            }
            if outcome { passed += 1 }
        }
        switch plan.kind {
        case .filter: return .value(newSlice(DonationSlice(isRange: false, lower: filterStart, upper: rows.count)))
        case .count: return .value(SlotEncoding.bits(passed))
        case .any: return .value(0)
        case .all: return .value(1)
        }
    }

    /// Whether `row` passes the chain of comparisons.
    @inline(__always)
    private func passes(_ terms: [ScanTerm], row: Int, columns: DonationColumns, work: inout Int) -> Bool {
        var outcome = false
        for (index, term) in terms.enumerated() {
            let bits = columns.columns[term.column][row]
            switch term.test {
            case .integer(let constant):
                outcome = term.comparison.compare(SlotEncoding.int(bits), constant)
            case .floating(let constant):
                outcome = term.comparison.compare(SlotEncoding.double(bits), constant)
            case .string(let constant):
                let interned = Int(bits)
                work += StringCost.scanning(columns.stringLengths[interned] + constant.utf8.count)
                switch term.comparison {
                case .equal: outcome = interned == scanStringIndices[index]
                case .notEqual: outcome = interned != scanStringIndices[index]
                default: outcome = term.comparison.compare(columns.strings[interned], constant)
                }
            }
            if let exit = term.exitWhen, outcome == exit { return outcome }
        }
        return outcome
    }

    /// The explain mode's record of a fused `contains(where:)` / `allSatisfy`: where the
    /// instruction-by-instruction run records it (the loop instruction when the collection is
    /// empty, else `loopNext`).
    mutating func observeScan(_ plan: ScanPlan, result: UInt64, sourceIsEmpty: Bool, _ notes: [Int: ComparisonNote]?) {
        switch plan.kind {
        case .any, .all:
            let at = sourceIsEmpty ? plan.loop : plan.loopNext
            guard notes?[at] != nil else { return }
            observations.append(Observation(instruction: at, result: result != 0, left: result != 0 ? "true" : "false", right: ""))
        case .filter, .count:
            return
        }
    }
}
