import TipRulesRuntime

/// The merge rules, in one place: what a merged history (`SyncHistory`) decides for each part of
/// the state, whatever order its operations arrived in (docs/runtime.md, "How histories merge").
/// Each rule reads only the operations of its key, so the result is the same on every install
/// that holds the same operations.
///
/// - donations: the union, less those a `deleteDonations` had seen;
/// - a tip: the displays no `resetEligibility` had seen, counted and timed together; invalidated
///   by the earliest of its invalidations no reset had seen and of the display that reached its
///   `MaxDisplayCount` or `MaxDisplayDuration`;
/// - the last display date: the latest of the tips' first displays, each the earliest on any install;
/// - a persistent parameter: the value set last (by date, then install id, then number);
/// - an exposure of a tip and holdout group: the earliest.
public enum HistoryMerge {
    /// The donations of `event` the history holds, oldest first (ties by install and number), with
    /// their fields in declared order. A donation without one of the declared fields, or with a
    /// field of another type (rules that changed since), is left out.
    public static func donations(_ operations: [StampedOperation], event: EventInfo) -> [Donation] {
        let deletions = operations.compactMap { operation -> VersionVector? in
            if case .deleteDonations(_, let seen) = operation.change { return seen }
            return nil
        }
        return operations.filter { operation in
            guard case .donate = operation.change else { return false }
            return !deletions.contains { operation.isCleared(by: $0) }
        }
        .sorted { $0.precedes($1) }
        .compactMap { donation(of: $0, event: event) }
    }

    /// A donate operation as a donation of `event`, if its fields fit the event's.
    static func donation(of operation: StampedOperation, event: EventInfo) -> Donation? {
        guard case .donate(_, let fields) = operation.change else { return nil }
        var values: [ScalarValue] = []
        values.reserveCapacity(event.fields.count)
        for field in event.fields {
            guard let value = fields[field.name], value.kind == field.type else { return nil }
            values.append(value)
        }
        return Donation(date: operation.date, fields: values)
    }

    /// The state of `tip`: display count and displayed time summed over every display no reset
    /// had seen, their dates, and the earliest invalidation among the recorded ones and the
    /// display that reached the tip's limits.
    public static func tipState(_ operations: [StampedOperation], tip: TipInfo) -> TipState {
        let resets = operations.compactMap { operation -> VersionVector? in
            if case .resetEligibility(_, let seen) = operation.change { return seen }
            return nil
        }
        let standing = operations.filter { operation in !resets.contains { operation.isCleared(by: $0) } }
            .sorted { $0.precedes($1) }
        var state = TipState()
        var dates: [Double] = []
        var invalidation: (by: StampedOperation, reason: InvalidationReason)?
        for operation in standing {
            switch operation.change {
            case .displays(_, let count, let duration, let displayDates):
                let (sum, overflow) = state.displayCount.addingReportingOverflow(count)
                state.displayCount = overflow ? Int.max : sum
                state.displayDuration += duration
                dates += displayDates
                if invalidation == nil, let reason = DisplayPolicy.invalidation(tip.options, state) {
                    invalidation = (operation, reason)
                }
            case .invalidate(_, let reason):
                if invalidation == nil { invalidation = (operation, reason) }
            default:
                break
            }
        }
        state.invalidation = invalidation?.reason
        state.invalidationDate = invalidation.map { $0.by.date }
        state.displayDates = TipState(displayDates: dates).displayDates
        return state
    }

    /// The value of a persistent parameter: the one set last (nil: its declared default), among
    /// the values of its declared type.
    public static func parameter(_ operations: [StampedOperation], parameter: ParameterInfo) -> ScalarValue {
        let latest = operations.filter { operation in
            guard case .setParameter(_, let value) = operation.change else { return false }
            return value.map(parameter.type.accepts) ?? true
        }.max { $0.precedes($1) }
        guard let latest, case .setParameter(_, let value?) = latest.change else { return parameter.defaultValue }
        return value
    }

    /// The last display date one device would hold: the latest of the tips' first displays, each
    /// tip's first display being its earliest on any install (and, after each reset, the earliest
    /// display that reset had not seen). A last display date recorded with no display behind it
    /// (a folder's state from before it synced) counts too. Dates after `now` (the receiving
    /// device's clock; nil: none) are not counted until they come, so a display dated in one
    /// device's future never holds tips back on another longer than on its own.
    public static func lastDisplayDate(_ history: SyncHistory, now: Double?) -> Double? {
        var latest: Double?
        var displayDates: Set<Double> = []
        func consider(_ date: Double) {
            guard now.map({ date <= $0 }) ?? true else { return }
            latest = max(latest ?? date, date)
        }
        for key in history.keys {
            guard case .tip = key else { continue }
            let operations = history.operations(for: key)
            var displays: [(operation: StampedOperation, first: Double)] = []
            for operation in operations {
                guard case .displays(_, let count, _, let dates) = operation.change, count > 0 || !dates.isEmpty else { continue }
                let first = dates.min() ?? operation.date
                displays.append((operation, first))
                displayDates.formUnion(dates)
                displayDates.insert(operation.date)
            }
            if let earliest = displays.map(\.first).min() { consider(earliest) }
            for operation in operations {
                guard case .resetEligibility(_, let seen) = operation.change else { continue }
                if let after = displays.filter({ !$0.operation.isCleared(by: seen) }).map(\.first).min() { consider(after) }
            }
        }
        for operation in history.operations(for: .lastDisplayDate) where !displayDates.contains(operation.date) {
            consider(operation.date)
        }
        return latest
    }

    /// The exposure of a tip and holdout group: the earliest (by date, then install id, then
    /// number) — the same whatever order the operations came in — with the arm the person's ID
    /// gives in `program` (computed here, never taken from a peer). Nil when the program declares
    /// no such tip, holdout group and share (`unfitExposure`), or the ID gives no arm.
    public static func exposure(_ operations: [StampedOperation], program: Program, store: EventStore) -> Exposure? {
        let earliest = operations.filter { if case .exposure = $0.change { true } else { false } }.min { $0.precedes($1) }
        guard let earliest, case .exposure(let tip, let group, let percent, _) = earliest.change,
              unfitExposure(earliest.change, program: program) == nil, let index = program.tipIndex(named: tip) else { return nil }
        var evaluator = Evaluator(program: program)
        guard let arm = evaluator.holdoutAssignment(ofTip: index, store: store, now: earliest.date)?.arm else { return nil }
        return Exposure(tip: tip, group: group, percent: percent, arm: arm, date: earliest.date)
    }

    /// Why an exposure operation is kept out of the state under `program`: a tip it does not
    /// declare, or a holdout group or share the tip does not hold (rules that changed, or a
    /// peer's mistake); nil when it fits (or is not an exposure).
    public static func unfitExposure(_ change: SyncedChange, program: Program) -> String? {
        guard case .exposure(let tip, let group, let percent, _) = change else { return nil }
        guard let index = program.tipIndex(named: tip), program.tips[index].id == tip else {
            return "an exposure of tip '\(tip)', which the rules do not declare, is kept out of the state"
        }
        guard let holdout = program.tips[index].holdout, holdout.group == group, holdout.percent == percent else {
            return "an exposure of tip '\(tip)' in holdout group '\(group)' at \(percent) %, which the rules do not hold, "
                + "is kept out of the state"
        }
        return nil
    }
}
