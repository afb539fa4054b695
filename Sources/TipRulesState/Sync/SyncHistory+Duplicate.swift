import TipRulesRuntime

/// Two live folders under one install id — a backup restored over the folder or to a path that
/// got the old inode back, a copy whose install file could not tell — found by the operations
/// themselves on their first exchange (docs/runtime.md, "Back up and restore a folder").
extension SyncHistory {
    /// Where `incoming` (with its `baseline`) shows another folder numbering operations under this
    /// history's install: the first number of this install it holds that this history does not
    /// hold as it is, with this history's operation there (nil when it holds none: the other
    /// folder is ahead) and the other's; and whether the change set shows where the two parted —
    /// it carries every earlier operation of this install, or its baseline covers it — so that the
    /// operations before are known to be the same. Nil when every operation of this install it
    /// holds is held here as it is.
    public func duplicate(in incoming: [StampedOperation], baseline: VersionVector? = nil)
        -> (sequence: Int, ours: StampedOperation?, theirs: StampedOperation, parting: Bool)? {
        var first: (sequence: Int, ours: StampedOperation?, theirs: StampedOperation)?
        var carried = Set<Int>()
        for operation in incoming where operation.install == install && operation.sequence >= 1 {
            carried.insert(operation.sequence)
            let ours: StampedOperation?
            switch known(install, operation.sequence) {
            case .foldedAway: continue
            case .kept(let held):
                guard held != operation else { continue }
                ours = held
            case nil: ours = nil
            }
            if first.map({ operation.sequence < $0.sequence }) ?? true { first = (operation.sequence, ours, operation) }
        }
        guard let first else { return nil }
        // Folded by the other (its baseline covers it): taken as the same, as it is everywhere else.
        let parting = (1..<first.sequence).allSatisfy { carried.contains($0) || baseline?.covers(install, $0) == true }
        return (first.sequence, first.ours, first.theirs, parting)
    }

    /// Which of two folders sharing an install id steps aside (continues under a new one) when they
    /// first differ at `ours` and `theirs`: the one that lacks the other's operation (restored from
    /// a backup, it is behind), else the one whose operation comes later (by date, then bytes) —
    /// so that exactly one of the two does, whichever hears from the other first.
    public static func yields(_ ours: StampedOperation?, to theirs: StampedOperation) -> Bool {
        guard let ours else { return true }
        guard ours.date == theirs.date else { return ours.date > theirs.date }
        let bytes = { (operation: StampedOperation) in ChangeSet(app: nil, operations: [operation]).encoded() }
        return !bytes(ours).lexicographicallyPrecedes(bytes(theirs))
    }

    /// This history under `newInstall`: the operations of its install numbered up to `common` stay
    /// the former install's (both folders hold them), and those after it — this folder's own
    /// since the two parted — become `newInstall`'s 1, 2, 3…, at their dates, with what a reset or
    /// deletion among them had seen renumbered alike. Nothing is dropped.
    public func rekeyed(to newInstall: InstallID, keepingUpTo common: Int) -> SyncHistory {
        let full = changes(app: nil)
        var numbers: [Int: Int] = [:]
        for operation in full.operations where operation.install == install && operation.sequence > common {
            numbers[operation.sequence] = numbers.count + 1
        }
        let moved = numbers.keys.sorted()
        func renumbered(_ seen: VersionVector) -> VersionVector {
            guard seen[install] > common else { return seen }
            var counts = seen.counts
            counts[install] = common
            counts[newInstall] = moved.prefix { $0 <= seen[install] }.count
            return VersionVector(counts)
        }
        let operations = full.operations.map { operation -> StampedOperation in
            guard operation.install == install, let number = numbers[operation.sequence] else { return operation }
            let change: SyncedChange
            switch operation.change {
            case .resetEligibility(let tip, let seen): change = .resetEligibility(tip: tip, seen: renumbered(seen))
            case .deleteDonations(let event, let seen): change = .deleteDonations(event: event, seen: renumbered(seen))
            default: change = operation.change
            }
            return StampedOperation(install: newInstall, sequence: number, date: operation.date, change: change)
        }
        var baseline = full.baseline?.counts ?? [:]
        if let floor = baseline[install] { baseline[install] = min(floor, common) }
        var rekeyed = SyncHistory(install: newInstall)
        _ = try? rekeyed.reload(operations, baseline: full.baseline == nil ? nil : VersionVector(baseline))
        return rekeyed
    }
}
