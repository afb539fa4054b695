/// Running a `ScanPlan`: native loops over the compared columns, a chunk of rows at a time
/// (`ScanChunk`), with no instruction dispatch, loop frame or row copy per element.
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
                scanStringIndices.append(internedIndex(of: text, event: event, in: columns))
            } else {
                scanStringIndices.append(-1)
            }
        }
        var passed = 0
        var limit = Int.max
        if case .count(let bound?) = plan.kind, !explaining { limit = bound }
        let filterStart = rows.count
        var start = 0
        while start < source.count && passed < limit {
            let end = min(start + ScanChunk.size, source.count)
            scanChunk.load(source, from: start, to: end, arena: rows)
            scanChunk.evaluate(plan.terms, columns: columns, stringIndices: scanStringIndices)
            // The rows the closure would run for (all, or up to the one that decides), their
            // effect, then their work: the budget fails exactly when the row-by-row run would.
            var consumed = scanChunk.count
            var decided: UInt64?
            switch plan.kind {
            case .any:
                if let index = scanChunk.firstRow(withOutcome: true) { (consumed, decided) = (index + 1, 1) }
            case .all:
                if let index = scanChunk.firstRow(withOutcome: false) { (consumed, decided) = (index + 1, 0) }
            case .count:
                let inChunk = scanChunk.passedCount(ofFirst: consumed)
                if inChunk >= limit - passed {
                    consumed = scanChunk.passingRow(limit - passed) + 1
                    passed = limit
                } else {
                    passed += inChunk
                }
            case .filter:
                var outcomes = scanChunk.outcomes
                while outcomes != 0 {
                    rows.append(scanChunk.row(outcomes.trailingZeroBitCount))
                    outcomes &= outcomes &- 1
                }
            }
            work += scanChunk.cost(ofFirst: consumed)
            if work > Self.workBudget { return .failure(.tooMuchWork) }
            if let decided { return .value(decided) }
            start = end
        }
        switch plan.kind {
        case .filter: return .value(newSlice(DonationSlice(isRange: false, lower: filterStart, upper: rows.count)))
        case .count: return .value(SlotEncoding.bits(passed))
        case .any: return .value(0)
        case .all: return .value(1)
        }
    }

    /// The interned index of `text` among `columns`' strings (-1: no donation has it). An index
    /// found before for this event is checked by comparing its string (equal strings are
    /// interned once, so a match is the index), which spares hashing `text` at every scan.
    private mutating func internedIndex(of text: String, event: Int, in columns: DonationColumns) -> Int {
        for entry in internedStrings where entry.event == event && entry.text == text {
            if columns.strings.indices.contains(entry.index), columns.strings[entry.index] == text { return entry.index }
        }
        guard let index = columns.internedIndex(of: text) else { return -1 }
        if internedStrings.count >= Self.internedStringsKept { internedStrings.removeFirst() }
        internedStrings.append((event, text, index))
        return index
    }

    /// The explain mode's record of a fused `contains(where:)` / `allSatisfy`: where the
    /// instruction-by-instruction run records it (the loop instruction when the collection is
    /// empty, else `loopNext`).
    mutating func observeScan(_ plan: ScanPlan, result: UInt64, sourceIsEmpty: Bool, _ notes: InstructionNotes?) {
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
