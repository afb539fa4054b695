import TipRulesRuntime

/// A person's merged history as one install holds it: every synced operation of every install
/// it has seen, each once. An install's operations count only without gaps (1…n): operations
/// received past a gap wait (`pendingCount`) until the gap fills, and so does a reset or a
/// deletion until the history holds what it had seen, so that the history a vector names is the
/// same on every install that holds it. The state it decides is `HistoryMerge`'s.
public struct SyncHistory: Sendable {
    /// The install this history belongs to: the one that numbers `record(_:date:)`'s operations.
    public let install: InstallID
    /// Each install's applied operations, numbered 1…count.
    private var byInstall: [InstallID: [StampedOperation]] = [:]
    /// Operations received past a gap, by install and number.
    private var pending: [InstallID: [Int: StampedOperation]] = [:]
    /// The applied operations by what they concern.
    private var byKey: [HistoryKey: [StampedOperation]] = [:]
    /// The keys with a reset or a deletion among their operations: their state is decided again
    /// from all of them when operations arrive, not by adding the new ones.
    private var clearedKeys: Set<HistoryKey> = []

    public init(install: InstallID) {
        self.install = install
    }

    /// How many operations of each install are applied.
    public var vector: VersionVector {
        VersionVector(byInstall.mapValues(\.count))
    }

    /// How many operations of `install` are applied.
    public func count(of install: InstallID) -> Int {
        byInstall[install]?.count ?? 0
    }

    /// The number of operations applied.
    public var operationCount: Int {
        byInstall.values.reduce(0) { $0 + $1.count }
    }

    /// The number of operations received past a gap, not applied yet.
    public var pendingCount: Int {
        pending.values.reduce(0) { $0 + $1.count }
    }

    /// The applied operations that concern `key`, in the order they were applied.
    public func operations(for key: HistoryKey) -> [StampedOperation] {
        byKey[key] ?? []
    }

    /// The keys any applied operation concerns.
    var keys: Dictionary<HistoryKey, [StampedOperation]>.Keys { byKey.keys }

    /// Numbers a change made on this install and applies it.
    @discardableResult
    public mutating func record(_ change: SyncedChange, date: Double) -> StampedOperation {
        // This install's count alone: a local operation costs the same whatever the installs.
        let operation = StampedOperation(install: install, sequence: count(of: install) + 1, date: date, change: change)
        apply(operation)
        return operation
    }

    /// Adds received operations: those already held are skipped; those past a gap, and a reset or
    /// deletion that had seen operations not held yet, wait.
    /// Returns the operations newly applied, in the order applied. Refuses the whole batch,
    /// changing nothing, when an operation differs from the one held under its install and number,
    /// is this install's own but not held, or claims to have seen more than its install can have.
    public mutating func add(_ incoming: [StampedOperation]) throws(ChangeSetError) -> [StampedOperation] {
        try add(incoming, received: true)
    }

    /// Adds operations read back from this install's own files, as `add(_:)` does but with its own
    /// operations too and without checking claims (they were checked when received).
    public mutating func reload(_ operations: [StampedOperation]) throws(ChangeSetError) -> [StampedOperation] {
        try add(operations, received: false)
    }

    private mutating func add(_ incoming: [StampedOperation], received: Bool) throws(ChangeSetError) -> [StampedOperation] {
        let arriving = try newOperations(incoming, received: received)
        for (install, operations) in arriving {
            pending[install, default: [:]].merge(operations) { held, _ in held }
        }
        // Each install's next operations, in number order, each once what it had seen is applied:
        // one install's may let another's go, so until nothing more can be.
        var applied: [StampedOperation] = []
        var progress = true
        while progress {
            progress = false
            for install in Array(pending.keys) {
                guard var waiting = pending.removeValue(forKey: install) else { continue }
                var number = count(of: install) + 1
                while let next = waiting[number], hasSeenWhatItClaims(next) {
                    waiting.removeValue(forKey: number)
                    apply(next)
                    applied.append(next)
                    number += 1
                    progress = true
                }
                if !waiting.isEmpty { pending[install] = waiting }
            }
        }
        return applied
    }

    /// Whether this history holds every operation `operation` says it had seen (a reset's or a
    /// deletion's): only then is it applied, so that it clears what it had seen and nothing else.
    private func hasSeenWhatItClaims(_ operation: StampedOperation) -> Bool {
        switch operation.change {
        case .resetEligibility(_, let seen), .deleteDonations(_, let seen):
            return seen.counts.allSatisfy { other, count in other == operation.install || count <= self.count(of: other) }
        default:
            return true
        }
    }

    /// Refuses `incoming`, as `add(_:)` would, without adding it: when an operation differs from
    /// the one held (or arriving with it) under its install and number, or has no valid number.
    public func check(_ incoming: [StampedOperation]) throws(ChangeSetError) {
        _ = try newOperations(incoming, received: true)
    }

    /// The operations of `incoming` not held yet, by install and number, each checked for what it
    /// claims (`checkClaims(of:)`).
    private func newOperations(_ incoming: [StampedOperation], received: Bool)
        throws(ChangeSetError) -> [InstallID: [Int: StampedOperation]] {
        var arriving: [InstallID: [Int: StampedOperation]] = [:]
        for operation in incoming {
            guard operation.sequence >= 1 else { throw .conflict(install: operation.install, sequence: operation.sequence) }
            let held = known(operation.install, operation.sequence) ?? arriving[operation.install]?[operation.sequence]
            if let held {
                guard held == operation else { throw .conflict(install: operation.install, sequence: operation.sequence) }
                continue
            }
            // This install made every operation of its own: one it does not hold was never made here.
            guard !received || operation.install != install else { throw .unknownOwnOperation(install: install, sequence: operation.sequence) }
            if arriving[operation.install] == nil { arriving[operation.install] = Dictionary(minimumCapacity: incoming.count) }
            arriving[operation.install]?[operation.sequence] = operation
        }
        for operations in arriving.values where received {
            for operation in operations.values { try checkClaims(of: operation) }
        }
        return arriving
    }

    /// Refuses a reset or a deletion that claims to have seen more than its install can have seen
    /// of the installs whose operations are known here: of its own, those before it; of this
    /// install, those it made. (What it claims of any other install, it waits for:
    /// `hasSeenWhatItClaims(_:)`.)
    private func checkClaims(of operation: StampedOperation) throws(ChangeSetError) {
        let seen: VersionVector
        switch operation.change {
        case .resetEligibility(_, let vector), .deleteDonations(_, let vector): seen = vector
        default: return
        }
        for (other, possible) in [(operation.install, operation.sequence - 1), (install, count(of: install))] where seen[other] > possible {
            throw .impossibleClaim(install: operation.install, sequence: operation.sequence, seen: other, count: seen[other], possible: possible)
        }
    }

    /// Takes back operations this install just recorded (`record(_:date:)`, newest last), when
    /// they could not be written: the next ones take their numbers.
    public mutating func forget(_ recorded: [StampedOperation]) {
        for operation in recorded.reversed() where byInstall[operation.install]?.last == operation {
            byInstall[operation.install]?.removeLast()
            if byKey[operation.change.key]?.last == operation { byKey[operation.change.key]?.removeLast() }
        }
    }

    /// Whether a reset or a deletion is among the operations of `key`.
    func hasClearing(_ key: HistoryKey) -> Bool {
        clearedKeys.contains(key)
    }

    /// Whether the history holds `operation`'s install and number already (applied or pending).
    public func holds(_ operation: StampedOperation) -> Bool {
        known(operation.install, operation.sequence) != nil
    }

    /// The operation held (applied or pending) under `install` and `sequence`.
    private func known(_ install: InstallID, _ sequence: Int) -> StampedOperation? {
        if let operations = byInstall[install], sequence <= operations.count { return operations[sequence - 1] }
        return pending[install]?[sequence]
    }

    private mutating func apply(_ operation: StampedOperation) {
        byInstall[operation.install, default: []].append(operation)
        byKey[operation.change.key, default: []].append(operation)
        switch operation.change {
        case .resetEligibility, .deleteDonations: clearedKeys.insert(operation.change.key)
        default: break
        }
    }

    /// The change set a peer that holds `seen` lacks: every operation this history holds
    /// (pending ones too) past the peer's count for its install, for the rules of `app`.
    public func changes(since seen: VersionVector = VersionVector(), app: String?) -> ChangeSet {
        var operations: [StampedOperation] = []
        for install in Set(byInstall.keys).union(pending.keys).sorted() {
            let already = seen[install]
            operations += (byInstall[install] ?? []).dropFirst(already)
            operations += (pending[install] ?? [:]).values.filter { $0.sequence > already }.sorted { $0.sequence < $1.sequence }
        }
        return ChangeSet(app: app, operations: operations)
    }
}
