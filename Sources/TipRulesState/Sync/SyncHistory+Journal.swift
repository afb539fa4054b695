import TipRulesRuntime

/// What a folder's state journal recorded that its history should hold (docs/runtime.md,
/// "Copies and damage"): every operation made on the folder is written to its history before its
/// record is written to the state journal.
extension SyncHistory {
    /// How many of `journaled` (a state journal's operations, in order, under `program`) the
    /// history lacks: a donation (by event, fields and date), a display (by tip and date) or an
    /// invalidation (by tip and reason) that no operation held records — one missing means the
    /// history lost it (its journal cut at a change set's end, by a file-by-file restore). One
    /// that a later deletion or pruning of its event, or a reset of its tip, may have taken away
    /// before the folder synced (a history starts from the state, not from the records) is not
    /// counted.
    public func lacks(recordsOf journaled: [TipOperation], program: Program) -> Int {
        var donations: [String: Set<DatedFields>] = [:]
        var displays: [String: Set<Double>] = [:]
        var clearedLater: (events: Set<String>, tips: Set<String>, pruned: Bool) = ([], [], false)
        var missing = 0
        for operation in journaled.reversed() {
            switch operation {
            case .donate(let event, let fields, let date):
                guard !clearedLater.pruned, !clearedLater.events.contains(event) else { continue }
                if donations[event] == nil { donations[event] = heldDonations(of: event) }
                if donations[event]?.contains(DatedFields(date: date, fields: fields)) != true { missing += 1 }
            case .display(let tip, let date, _):
                let id = program.tipIndex(named: tip).map { program.tips[$0].id } ?? tip
                guard !clearedLater.tips.contains(id) else { continue }
                if displays[id] == nil { displays[id] = heldDisplayDates(of: id) }
                if displays[id]?.contains(date) != true { missing += 1 }
            case .invalidate(let tip, let reason):
                let id = program.tipIndex(named: tip).map { program.tips[$0].id } ?? tip
                guard !clearedLater.tips.contains(id) else { continue }
                if !operations(for: .tip(id)).contains(where: { $0.change == .invalidate(tip: id, reason: reason) }) { missing += 1 }
            case .deleteDonations(let event):
                clearedLater.events.insert(event)
            case .pruneDonations:
                clearedLater.pruned = true
            case .resetEligibility(let tip):
                clearedLater.tips.insert(program.tipIndex(named: tip).map { program.tips[$0].id } ?? tip)
            default:
                continue
            }
        }
        return missing
    }

    /// A donation's date and fields.
    private struct DatedFields: Hashable {
        var date: Double
        var fields: [String: ScalarValue]
    }

    private func heldDonations(of event: String) -> Set<DatedFields> {
        Set(operations(for: .event(event)).compactMap { operation in
            guard case .donate(_, let fields) = operation.change else { return nil }
            return DatedFields(date: operation.date, fields: fields)
        })
    }

    private func heldDisplayDates(of tip: String) -> Set<Double> {
        Set(operations(for: .tip(tip)).flatMap { operation -> [Double] in
            guard case .displays(_, _, _, let dates) = operation.change else { return [] }
            return dates
        })
    }
}
