import TipRulesRuntime

/// Two live folders under one install id — a backup restored over the folder or to a path that
/// got the old inode back, a copy whose install file could not tell — found by the operations
/// themselves on their first exchange, by the two folders or by any folder that holds one's
/// operations and hears from the other (docs/runtime.md, "Back up and restore a folder").
extension SyncHistory {
    /// One install numbered by two folders, as a change set shows it: the first number under it
    /// the change set holds that this history does not hold as it is, this history's operation
    /// there (nil when it holds none: the other folder is ahead of this install's own) and the
    /// change set's.
    public struct Duplicate: Sendable, Equatable {
        public var install: InstallID
        public var sequence: Int
        public var ours: StampedOperation?
        public var theirs: StampedOperation
        /// Whether the change set shows where the two parted — it carries every earlier operation
        /// of the install, or its baseline covers it — so that those are known to be the same.
        public var parting: Bool

        /// The operations numbered up to it are both folders'.
        public var common: Int { sequence - 1 }

        /// Whether this history's operations past `common` give way (`SyncHistory.yields(_:to:)`):
        /// those that do continue under `InstallID.successor(of:partingAt:)` of the first of them.
        public var oursGiveWay: Bool { SyncHistory.yields(ours, to: theirs) }
    }

    /// Every install `incoming` (with its `baseline`) shows numbered by another folder too: of
    /// this history's own install, an operation it holds differently or never made; of any other,
    /// an operation it holds differently. Empty when every operation it holds is held here as it
    /// is, or is new.
    public func duplicates(in incoming: [StampedOperation], baseline: VersionVector? = nil) -> [Duplicate] {
        var first: [InstallID: (ours: StampedOperation?, theirs: StampedOperation)] = [:]
        for operation in incoming where operation.sequence >= 1 {
            let ours: StampedOperation?
            switch known(operation.install, operation.sequence) {
            case .foldedAway: continue
            case .kept(let held):
                guard held != operation else { continue }
                ours = held
            case nil:
                guard operation.install == install else { continue }
                ours = nil
            }
            if first[operation.install].map({ operation.sequence < $0.theirs.sequence }) ?? true {
                first[operation.install] = (ours, operation)
            }
        }
        // What the change set carries before each first difference, past what its baseline covers.
        var carried: [InstallID: Set<Int>] = [:]
        for operation in incoming {
            guard let found = first[operation.install], operation.sequence < found.theirs.sequence,
                  baseline?.covers(operation.install, operation.sequence) != true else { continue }
            carried[operation.install, default: []].insert(operation.sequence)
        }
        return first.sorted { $0.key < $1.key }.map { install, found in
            let folded = min(baseline?[install] ?? 0, found.theirs.sequence - 1)
            let parting = carried[install, default: []].count == found.theirs.sequence - 1 - folded
            return Duplicate(install: install, sequence: found.theirs.sequence, ours: found.ours, theirs: found.theirs, parting: parting)
        }
    }

    /// Which of two folders sharing an install id gives way (its operations since they parted
    /// continue under another id) when they first differ at `ours` and `theirs`: the one that
    /// lacks the other's operation (restored from a backup, it is behind), else the one whose
    /// operation comes later (by date, then bytes) — so that exactly one of the two does, decided
    /// alike by every folder that sees both.
    public static func yields(_ ours: StampedOperation?, to theirs: StampedOperation) -> Bool {
        guard let ours else { return true }
        guard ours.date == theirs.date else { return ours.date > theirs.date }
        let bytes = { (operation: StampedOperation) in ChangeSet(app: nil, operations: [operation]).encoded() }
        return !bytes(ours).lexicographicallyPrecedes(bytes(theirs))
    }

    /// This history with the operations of `moved` numbered past `common` moved to `successor`
    /// (`SyncHistory.moving(_:of:after:to:)`); when `moved` is its own install, it continues as
    /// `successor`. Nothing is dropped.
    public func moving(_ moved: InstallID, after common: Int, to successor: InstallID) -> SyncHistory {
        let full = changes(app: nil)
        var result = SyncHistory(install: moved == install ? successor : install)
        _ = try? result.reload(Self.moving(full.operations, of: moved, after: common, to: successor),
                               baseline: full.baseline.map { Self.moving($0, of: moved, after: common, to: successor) })
        return result
    }

    /// `operations` with those of `moved` numbered past `common` moved to `successor`: #common+1
    /// becomes its #1, and so on, at their dates, with what a reset or a deletion among them had
    /// seen renumbered alike; the others as they are. Every folder that moves the same operations
    /// makes the same ones.
    public static func moving(_ operations: [StampedOperation], of moved: InstallID, after common: Int,
                              to successor: InstallID) -> [StampedOperation] {
        operations.map { operation in
            guard operation.install == moved, operation.sequence > common else { return operation }
            let change: SyncedChange
            switch operation.change {
            case .resetEligibility(let tip, let seen):
                change = .resetEligibility(tip: tip, seen: moving(seen, of: moved, after: common, to: successor))
            case .deleteDonations(let event, let seen):
                change = .deleteDonations(event: event, seen: moving(seen, of: moved, after: common, to: successor))
            default: change = operation.change
            }
            return StampedOperation(install: successor, sequence: operation.sequence - common, date: operation.date, change: change)
        }
    }

    /// `vector` with its count of `moved` past `common` counted as `successor`'s.
    public static func moving(_ vector: VersionVector, of moved: InstallID, after common: Int, to successor: InstallID) -> VersionVector {
        guard vector[moved] > common else { return vector }
        var counts = vector.counts
        counts[moved] = common
        counts[successor] = vector[moved] - common
        return VersionVector(counts)
    }
}

extension InstallID {
    /// The install the operations of `install` from `operation` on continue under when they give
    /// way to another folder's under the same number: derived from both (two FNV-1a hashes of
    /// their bytes), so that every folder that moves them names the same one.
    public static func successor(of install: InstallID, partingAt operation: StampedOperation) -> InstallID {
        var bytes: [UInt8] = []
        for half in [install.high, install.low] { bytes += (0..<8).map { UInt8(truncatingIfNeeded: half >> (8 * $0)) } }
        bytes += ChangeSet(app: nil, operations: [operation]).encoded()
        func fnv(_ basis: UInt64) -> UInt64 {
            bytes.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }
        return InstallID(high: fnv(0xcbf2_9ce4_8422_2325), low: fnv(0x8422_2325_cbf2_9ce4))
    }
}
